package dev.restcompress.server.internal;

import dev.restcompress.io.BufferPool;
import dev.restcompress.codec.StreamCounters;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Encodes a response body as {@link NegotiationFilter} planned it: wraps the entity stream in an
 * {@link EncodingOutputStream} for the duration of the entity write. Does nothing when there is no
 * plan. Thread-safe (stateless).
 */
public final class ResponseEncodingInterceptor implements WriterInterceptor {
    private final BufferPool pool;
    private final StreamCounters counters;

    public ResponseEncodingInterceptor(BufferPool pool, StreamCounters counters) {
        this.pool = pool;
        this.counters = counters;
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        EncodingPlan plan = EncodingPlan.of(context.getProperty(RequestProperties.RESPONSE_CODING));
        if (plan == null) {
            context.proceed();
            return;
        }
        // Exactly once per response, even if the container writes through us again.
        context.removeProperty(RequestProperties.RESPONSE_CODING);
        Object padding = context.getProperty(RequestProperties.PADDING);
        if (padding != null) {
            context.removeProperty(RequestProperties.PADDING);
        }
        if (plan.identityAcceptable() && certainlyBelow(context, plan.threshold())) {
            // What EncodingOutputStream would do with it (send the writer's bytes unchanged), without
            // buffering: no stream, no pooled buffer, no copy for the many small responses.
            context.proceed();
            return;
        }
        OutputStream original = context.getOutputStream();
        EncodingOutputStream encoding = new EncodingOutputStream(original, plan, context.getHeaders(), pool,
                counters, padding instanceof Integer p ? p : -1);
        context.setOutputStream(encoding);
        try {
            context.proceed();
            encoding.finish();
        } finally {
            encoding.release();
            context.setOutputStream(original);
        }
    }

    /**
     * Whether the entity's encoded size is known, before writing, to be below {@code threshold}:
     * a {@code byte[]} (written as it is), or a {@code String} in UTF-8 (the JAX-RS default when the
     * media type names no charset), US-ASCII or ISO-8859-1, at most 3 bytes per char. Any other
     * entity (a JSON object, a stream) is measured by buffering it.
     */
    private static boolean certainlyBelow(WriterInterceptorContext context, int threshold) {
        Object entity = context.getEntity();
        if (entity instanceof byte[] bytes) {
            return bytes.length < threshold;
        }
        if (entity instanceof String text && text.length() < threshold / 3) {
            MediaType type = context.getMediaType();
            String charset = type == null ? null : type.getParameters().get(MediaType.CHARSET_PARAMETER);
            return charset == null || charset.equalsIgnoreCase("UTF-8") || charset.equalsIgnoreCase("US-ASCII")
                    || charset.equalsIgnoreCase("ISO-8859-1");
        }
        return false;
    }
}
