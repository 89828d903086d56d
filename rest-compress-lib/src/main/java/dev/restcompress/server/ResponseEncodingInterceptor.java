package dev.restcompress.server;

import dev.restcompress.io.BufferPool;
import dev.restcompress.codec.StreamCounters;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Encodes a response body as {@link NegotiationFilter} planned it: wraps the entity stream in an
 * {@link EncodingOutputStream} for the duration of the entity write. Does nothing when there is no
 * plan. Thread-safe (stateless).
 */
final class ResponseEncodingInterceptor implements WriterInterceptor {
    private final BufferPool pool;
    private final StreamCounters counters;

    ResponseEncodingInterceptor(BufferPool pool, StreamCounters counters) {
        this.pool = pool;
        this.counters = counters;
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        EncodingPlan plan = (EncodingPlan) context.getProperty(EncodingPlan.PROPERTY);
        if (plan == null) {
            context.proceed();
            return;
        }
        // Exactly once per response, even if the container writes through us again.
        context.removeProperty(EncodingPlan.PROPERTY);
        EncodeObservation observation = context.getProperty(EncodeObservation.PROPERTY) instanceof EncodeObservation o
                ? o : EncodeObservation.NONE;
        OutputStream original = context.getOutputStream();
        EncodingOutputStream encoding = new EncodingOutputStream(original, plan, context.getHeaders(), pool,
                counters, observation);
        context.setOutputStream(encoding);
        try {
            context.proceed();
            encoding.finish();
        } finally {
            encoding.release();
            context.setOutputStream(original);
        }
    }
}
