package dev.restcompress.client;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;

/** Adds {@code Accept-Encoding} to requests that do not set one. Thread-safe (immutable). */
final class ClientAcceptEncodingFilter implements ClientRequestFilter {
    private final String acceptEncoding;

    ClientAcceptEncodingFilter(String acceptEncoding) {
        this.acceptEncoding = acceptEncoding;
    }

    @Override
    public void filter(ClientRequestContext request) {
        if (!acceptEncoding.isEmpty() && !request.getHeaders().containsKey(HttpHeaders.ACCEPT_ENCODING)) {
            request.getHeaders().putSingle(HttpHeaders.ACCEPT_ENCODING, acceptEncoding);
        }
    }
}
