package dev.restcompress.jersey;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Records the coding headers of the last request as it arrived at the Jersey server, before the
 * library decodes anything: proof of what a client really put on the wire.
 */
@PreMatching
public class JerseyWireRecorder implements ContainerRequestFilter {
    static final AtomicReference<String> LAST_CONTENT_ENCODING = new AtomicReference<>();
    static final AtomicReference<String> LAST_ACCEPT_ENCODING = new AtomicReference<>();

    @Override
    public void filter(ContainerRequestContext request) {
        LAST_CONTENT_ENCODING.set(request.getHeaderString("Content-Encoding"));
        LAST_ACCEPT_ENCODING.set(request.getHeaderString("Accept-Encoding"));
    }
}
