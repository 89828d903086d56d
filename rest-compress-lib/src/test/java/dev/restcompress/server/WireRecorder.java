package dev.restcompress.server;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import java.util.concurrent.atomic.AtomicReference;

/** Records the Content-Encoding of the last request as it arrived, before any decoding. */
@PreMatching
public class WireRecorder implements ContainerRequestFilter {
    static final AtomicReference<String> LAST_CONTENT_ENCODING = new AtomicReference<>();

    @Override
    public void filter(ContainerRequestContext request) {
        LAST_CONTENT_ENCODING.set(String.valueOf(request.getHeaderString("Content-Encoding")));
    }
}
