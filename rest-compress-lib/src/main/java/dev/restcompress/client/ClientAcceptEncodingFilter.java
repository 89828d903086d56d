package dev.restcompress.client;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;

/**
 * Adds {@code Accept-Encoding} to requests that do not set one. The first of the client's parts to see
 * a request, so it is where the client's settings are read ({@link ClientCompression}). Thread-safe.
 */
final class ClientAcceptEncodingFilter implements ClientRequestFilter {
    private final ClientCompression compression;

    ClientAcceptEncodingFilter(ClientCompression compression) {
        this.compression = compression;
    }

    @Override
    public void filter(ClientRequestContext request) {
        String acceptEncoding = compression.resolve(request.getConfiguration()).acceptEncoding();
        if (!acceptEncoding.isEmpty() && !request.getHeaders().containsKey(HttpHeaders.ACCEPT_ENCODING)) {
            request.getHeaders().putSingle(HttpHeaders.ACCEPT_ENCODING, acceptEncoding);
        }
    }
}
