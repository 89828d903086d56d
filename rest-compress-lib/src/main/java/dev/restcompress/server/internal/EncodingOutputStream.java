package dev.restcompress.server.internal;

import dev.restcompress.server.internal.breach.BreachPolicy;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.LengthPadding;
import dev.restcompress.io.Abortable;
import dev.restcompress.io.BufferPool;
import dev.restcompress.io.GrowableBuffer;
import dev.restcompress.codec.StreamCounters;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The response data path for one encoded response: buffer, then one-shot or streaming.
 *
 * <p>Buffers the entity in a pooled buffer. At {@link #finish()}: a body below the threshold goes
 * out unencoded and framed by the container, one that does not shrink goes out unencoded with an
 * exact {@code Content-Length} (both when the client accepts identity); any other body is compressed in one shot and goes out with its exact
 * {@code Content-Length}. When the body passes the one-shot limit, or a streaming entity flushes,
 * the stream switches to the codec's streaming encoder (chunked transfer) and every later
 * {@code flush()} reaches the client.
 *
 * <p>A one-shot body is first looked up in the plan's {@link EncodedVariants} (the method's cache of
 * encoded variants): a hit sends the cached bytes without compressing; a miss is compressed and kept
 * there. Bodies that go out streaming are never looked up: there is no whole body to compare.
 *
 * <p>Headers are set before the first byte reaches {@code sink}, which is when the container commits
 * them. Pooled buffers are returned only after the write that used them has returned. Not
 * thread-safe, like any stream.
 */
public final class EncodingOutputStream extends OutputStream {
    /** Pooled, so a generous start costs nothing and spares typical JSON bodies any regrowth copies. */
    private static final int INITIAL_CAPACITY = 64 * 1024;

    private final OutputStream sink;
    private final EncodingPlan plan;
    private final MultivaluedMap<String, Object> headers;
    private final BufferPool pool;
    private final StreamCounters counters;
    private final BodyObserver.Encode observer;
    private GrowableBuffer buffer;
    private OutputStream encoder;
    private boolean finished;
    /** Streaming only: what the body costs, reported once at the end. */
    private Object streamBegun;
    private CountingSink streamSink;
    private long streamedIn;
    private long streamNanos;
    /** Bytes of BREACH padding for a one-shot body ({@link BreachPolicy}), or -1 for none. */
    private final int padding;

    EncodingOutputStream(OutputStream sink, EncodingPlan plan, MultivaluedMap<String, Object> headers,
            BufferPool pool, StreamCounters counters) {
        this(sink, plan, headers, pool, counters, -1);
    }

    /** @param padding bytes of padding for a one-shot body of gzip, zstd or br ({@link LengthPadding}); -1: none */
    EncodingOutputStream(OutputStream sink, EncodingPlan plan, MultivaluedMap<String, Object> headers,
            BufferPool pool, StreamCounters counters, int padding) {
        this.padding = padding;
        this.sink = sink;
        this.observer = plan.observer();
        this.counters = counters;
        this.plan = plan;
        this.headers = headers;
        this.pool = pool;
        this.buffer = new GrowableBuffer(pool, Math.min(INITIAL_CAPACITY, Math.max(plan.oneShotLimit(), 1)));
    }

    @Override
    public void write(int b) throws IOException {
        ensureOpen();
        if (encoder == null && buffer.size() >= plan.oneShotLimit()) {
            startStreaming();
        }
        if (encoder != null) {
            encoder.write(b);
            streamedIn++;
        } else {
            buffer.write(b);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        ensureOpen();
        if (encoder == null && (long) buffer.size() + len > plan.oneShotLimit()) {
            startStreaming();
        }
        if (encoder != null) {
            long start = System.nanoTime();
            encoder.write(b, off, len);
            streamNanos += System.nanoTime() - start;
            streamedIn += len;
        } else {
            buffer.write(b, off, len);
        }
    }

    /**
     * Streaming entities: switches to streaming and pushes everything written so far to the client.
     * Other entities: ignored while buffering, because standard entity writers flush once at the end
     * and that must not cost the one-shot path.
     */
    @Override
    public void flush() throws IOException {
        ensureOpen();
        if (encoder == null && plan.honorFlush()) {
            startStreaming();
        }
        if (encoder != null) {
            encoder.flush();
        }
    }

    /** Same as {@link #finish()}: entity writers may close the stream themselves. */
    @Override
    public void close() throws IOException {
        finish();
    }

    /** Sends what was buffered (one shot) or ends the coding (streaming). Idempotent. */
    void finish() throws IOException {
        if (finished) {
            return;
        }
        finished = true;
        try {
            if (encoder != null) {
                endEncoder(true);
            } else {
                sendBuffered();
            }
        } finally {
            release();
        }
    }

    /**
     * Returns pooled memory and encoders without sending anything more (the entity writer or the
     * connection failed). Idempotent, and harmless after {@link #finish()}.
     */
    void release() {
        finished = true;
        if (encoder != null) {
            try {
                endEncoder(false);
            } catch (IOException impossible) {
                throw new AssertionError(impossible); // aborting writes nothing, so it cannot fail
            }
        }
        if (buffer != null) {
            buffer.release();
            buffer = null;
        }
    }

    private void sendBuffered() throws IOException {
        int n = buffer.size();
        if (n < plan.threshold() && plan.identityAcceptable()) {
            sendSmall(n);
            return;
        }
        Codec codec = plan.codec();
        // A padded body is one of a kind (its length must not repeat): never looked up nor kept.
        EncodedVariants.Lookup cached = padding >= 0 ? null : plan.variants().lookup(codec, buffer.array(), n, headers);
        if (cached != null && cached.codec() != null) {
            // Compressed before (the identity bytes compared equal): no codec call, and not reported to
            // the observer, whose codec costs per level predict the adaptive step. The cache counts it.
            byte[] variant = cached.bytes();
            setEncodedHeaders(cached.codec(), false);
            declareLength(variant.length);
            sink.write(variant, 0, variant.length);
            return;
        }
        byte[] out = pool.acquire(codec.maxCompressedLength(n) + (padding < 0 ? 0 : padding + LengthPadding.OVERHEAD));
        try {
            Object begun = observer.begin();
            long start = System.nanoTime();
            int m = compress(codec, n, out);
            long nanos = System.nanoTime() - start;
            boolean shrank = m < n || !plan.identityAcceptable();
            int sent = shrank ? m : n;
            // An unshrunk body cost the CPU all the same.
            observer.encoded(begun, n, sent, nanos, false, shrank ? codec.coding() : "identity");
            if (!shrank) {
                // A body worth trying to compress keeps the one-shot promise of an exact length.
                declareLength(n);
                sink.write(buffer.array(), 0, n);
                return;
            }
            if (cached != null && m < n) { // a body that did not shrink is not worth a place
                cached.keep(codec, out, m); // copied before the write: the pooled buffer is ours until released
            }
            setEncodedHeaders(codec, false);
            declareLength(m);
            sink.write(out, 0, m);
        } finally {
            pool.release(out);
        }
    }

    /**
     * The one-shot body of the {@code n} buffered bytes in {@code out}, with this response's BREACH
     * padding when it has any ({@link LengthPadding}). Each padded body's bytes are its own, so a
     * strong ETag becomes weak.
     */
    private int compress(Codec codec, int n, byte[] out) {
        if (padding < 0) {
            return codec.compress(buffer.array(), 0, n, out, 0);
        }
        EntityTags.weaken(headers);
        return LengthPadding.compress(codec, buffer.array(), n, out, padding);
    }

    /**
     * A body below the threshold: the entity writer's own bytes, unchanged. A {@code Content-Length}
     * it declared is still right (kept within the runtime's bound, {@link EncodingPlan#maxDeclaredLength}), and
     * without one the container frames the body as it would without this library. Not declaring one
     * here spares every small response a header list and a length string.
     */
    private void sendSmall(int n) throws IOException {
        if (n > plan.maxDeclaredLength()) {
            headers.remove(HttpHeaders.CONTENT_LENGTH);
        }
        sink.write(buffer.array(), 0, n);
    }

    private void declareLength(int n) {
        if (n <= plan.maxDeclaredLength()) {
            headers.putSingle(HttpHeaders.CONTENT_LENGTH, Integer.toString(n));
        } else {
            headers.remove(HttpHeaders.CONTENT_LENGTH); // e.g. one the entity writer declared for the raw body
        }
    }

    private void startStreaming() throws IOException {
        setEncodedHeaders(plan.codec(), true);
        headers.remove(HttpHeaders.CONTENT_LENGTH);
        streamBegun = observer.begin();
        streamSink = new CountingSink(sink);
        encoder = plan.codec().compressingStream(streamSink);
        counters.opened(StreamCounters.Kind.ENCODER, plan.codec().coding());
        if (buffer.size() > 0) {
            long start = System.nanoTime();
            encoder.write(buffer.array(), 0, buffer.size());
            streamNanos += System.nanoTime() - start;
            streamedIn += buffer.size();
        }
        buffer.release();
        buffer = null;
    }

    /**
     * Ends the streaming encoder exactly once: finishes the coding when asked, and frees its native
     * or pooled state without writing anything when not, or when finishing failed.
     */
    private void endEncoder(boolean finishCoding) throws IOException {
        OutputStream e = encoder;
        encoder = null;
        boolean finishedCoding = false;
        try {
            if (finishCoding) {
                long start = System.nanoTime();
                e.close();
                finishedCoding = true;
                observer.encoded(streamBegun, streamedIn, streamSink.count(), streamNanos + System.nanoTime() - start,
                        true, plan.codec().coding());
            }
        } finally {
            if (!finishedCoding) {
                Abortable.abort(e);
            }
            counters.closed(StreamCounters.Kind.ENCODER, plan.codec().coding());
        }
    }

    /**
     * Declares the coding, and gives a strong ETag the name of the bytes that go out ({@code streaming}:
     * {@code codec}'s streaming variant, else its one-shot one): a strong validator names one byte
     * sequence. {@code codec} is the one whose bytes are sent (the plan's, or one that re-encoded them).
     */
    private void setEncodedHeaders(Codec codec, boolean streaming) {
        headers.putSingle(HttpHeaders.CONTENT_ENCODING, codec.coding());
        Object etag = headers.getFirst(HttpHeaders.ETAG);
        if (etag != null) {
            headers.putSingle(HttpHeaders.ETAG, EntityTags.forVariant(etag.toString(), codec, streaming));
        }
    }

    private void ensureOpen() throws IOException {
        if (finished) {
            throw new IOException("stream closed");
        }
    }

    /** Counts the bytes a streaming encoder writes to the response; everything else passes through. */
    private static final class CountingSink extends OutputStream {
        private final OutputStream sink;
        private long count;

        CountingSink(OutputStream sink) {
            this.sink = sink;
        }

        long count() {
            return count;
        }

        @Override
        public void write(int b) throws IOException {
            sink.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            sink.write(b, off, len);
            count += len;
        }

        @Override
        public void flush() throws IOException {
            sink.flush();
        }

        /** The encoder never closes its sink (the container owns it); neither does this. */
        @Override
        public void close() {
        }
    }
}
