package dev.restcompress.server.internal.runtime;

import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.ext.RuntimeDelegate;

/**
 * Up to which size this JAX-RS runtime honours a {@code Content-Length} header that an interceptor
 * sets during the entity write. Decided once at deployment.
 *
 * <p>RESTEasy and servlet containers honour it, so the one-shot path always declares the exact
 * length. Jersey frames responses itself: it buffers up to {@code jersey.config.server.contentLength.buffer}
 * bytes (default 8192) and sends anything larger chunked while still copying our header, which
 * yields a message with both framings. On Jersey we therefore declare the length only within that
 * buffer, where Jersey computes the same exact value itself. Only a class name and a property name
 * are used: the core keeps no dependency on any runtime.
 */
public final class RuntimeFraming {
    static final String JERSEY_BUFFER_PROPERTY = "jersey.config.server.contentLength.buffer";
    private static final int JERSEY_DEFAULT_BUFFER = 8192;

    private RuntimeFraming() {
    }

    /** The largest body for which setting {@code Content-Length} is safe here. */
    static int maxDeclaredLength(Configuration config) {
        String runtime;
        try {
            runtime = RuntimeDelegate.getInstance().getClass().getName();
        } catch (RuntimeException | LinkageError e) {
            return Integer.MAX_VALUE;
        }
        if (!runtime.startsWith("org.glassfish.jersey.")) {
            return Integer.MAX_VALUE;
        }
        Object v = config == null ? null : config.getProperty(JERSEY_BUFFER_PROPERTY);
        if (v == null) {
            return JERSEY_DEFAULT_BUFFER;
        }
        try {
            return Math.max(0, Integer.parseInt(v.toString().trim()));
        } catch (NumberFormatException e) {
            return JERSEY_DEFAULT_BUFFER;
        }
    }
}
