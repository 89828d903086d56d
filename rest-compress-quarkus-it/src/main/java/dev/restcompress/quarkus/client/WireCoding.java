package dev.restcompress.quarkus.client;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;

/**
 * Records the {@code Content-Encoding} of the last response as it came over the wire: at the default
 * (user) priority it runs before the client feature's decoding filter, which removes the header. For
 * tests that call one request at a time.
 */
public class WireCoding implements ClientResponseFilter {
    private static volatile String last;

    /** The last response's coding on the wire ({@code none} for an unencoded one). */
    public static String last() {
        return last;
    }

    @Override
    public void filter(ClientRequestContext request, ClientResponseContext response) {
        String coding = response.getHeaderString(HttpHeaders.CONTENT_ENCODING);
        last = coding == null ? "none" : coding;
    }
}
