package dev.restcompress.contract.app;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/**
 * Copies the request's {@code Content-Encoding} as it arrived into the request header {@value #HEADER},
 * before rest-compress decodes the body and removes the coding header.
 */
@Provider
public class SeenEncodingFilter implements ContainerRequestFilter {
    /** The request header that carries what the client sent. */
    public static final String HEADER = "X-Seen-Content-Encoding";

    @Override
    public void filter(ContainerRequestContext request) {
        String coding = request.getHeaderString(HttpHeaders.CONTENT_ENCODING);
        request.getHeaders().putSingle(HEADER, coding == null ? "none" : coding);
    }
}
