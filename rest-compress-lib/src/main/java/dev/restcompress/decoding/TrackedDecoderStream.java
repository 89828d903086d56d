package dev.restcompress.decoding;

import dev.restcompress.codec.StreamCounters;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.List;
import java.util.Objects;

/**
 * The owner's handle on a body's decoder chain: counts it in {@link StreamCounters} once it starts
 * to hold native or pooled state (the first read: the codecs open their decoders lazily, so a body
 * nobody reads costs and counts nothing), and frees it exactly once on {@link #close()}.
 *
 * <p>If the owner drops it unclosed, a {@link Cleaner} closes the chain when the stream becomes
 * unreachable and counts it as <em>reclaimed</em>: a safety net that keeps native memory from growing
 * without bound, never the plan (tests assert that nothing is reclaimed). Not thread-safe, like any
 * stream.
 */
public final class TrackedDecoderStream extends InputStream {
    private static final Cleaner CLEANER = Cleaner.create();

    private final InputStream decoder;
    private final StreamCounters counters;
    private final List<String> codings;
    private Release release;
    private Cleaner.Cleanable cleanable;
    private boolean closed;

    /**
     * @param decoder the outermost stream of the decoder chain; closing it frees the whole chain
     * @param counters where opening and closing are counted
     * @param codings the codings the chain undoes, each counted once
     */
    public TrackedDecoderStream(InputStream decoder, StreamCounters counters, List<String> codings) {
        this.decoder = Objects.requireNonNull(decoder, "decoder");
        this.counters = Objects.requireNonNull(counters, "counters");
        this.codings = List.copyOf(codings);
    }

    @Override
    public int read() throws IOException {
        start();
        try {
            return decoder.read();
        } finally {
            Reference.reachabilityFence(this); // the cleaner must not free the chain mid-read
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        start();
        try {
            return decoder.read(b, off, len);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    @Override
    public int available() throws IOException {
        return closed ? 0 : decoder.available();
    }

    private void start() throws IOException {
        if (closed) {
            throw new IOException("stream closed");
        }
        if (release == null) {
            for (String c : codings) {
                counters.opened(StreamCounters.Kind.DECODER, c);
            }
            release = new Release(decoder, counters, codings);
            cleanable = CLEANER.register(this, release);
        }
    }

    /** Frees the decoder chain (and closes the body it reads). Idempotent. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (release == null) {
            decoder.close(); // never read: no decoder was opened, nothing to count
            return;
        }
        release.byOwner = true;
        cleanable.clean();
        if (release.failure != null) {
            throw release.failure;
        }
    }

    /** Whether {@link #close()} has run. */
    public boolean isClosed() {
        return closed;
    }

    /** Runs once: from {@link #close()}, or from the cleaner when the owner forgot. Holds no reference to the stream. */
    private static final class Release implements Runnable {
        private final InputStream decoder;
        private final StreamCounters counters;
        private final List<String> codings;
        volatile boolean byOwner;
        IOException failure;

        Release(InputStream decoder, StreamCounters counters, List<String> codings) {
            this.decoder = decoder;
            this.counters = counters;
            this.codings = codings;
        }

        @Override
        public void run() {
            try {
                decoder.close();
            } catch (IOException e) {
                failure = e;
            }
            for (String c : codings) {
                if (byOwner) {
                    counters.closed(StreamCounters.Kind.DECODER, c);
                } else {
                    counters.reclaimed(StreamCounters.Kind.DECODER, c);
                }
            }
        }
    }
}
