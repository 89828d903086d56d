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
 * <p>A read that fails frees the chain at once: it can never be read again.
 *
 * <p>A stream built with {@link DecoderSlots} holds its slots from construction and gives them back
 * exactly once when the chain is freed, read or not.
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
    private final Release release;
    private Cleaner.Cleanable cleanable;
    private boolean started;
    private boolean closed;

    /**
     * @param decoder the outermost stream of the decoder chain; closing it frees the whole chain
     * @param counters where opening and closing are counted
     * @param codings the codings the chain undoes, each counted once
     */
    public TrackedDecoderStream(InputStream decoder, StreamCounters counters, List<String> codings) {
        this(decoder, counters, codings, null);
    }

    /**
     * As above, holding one slot of {@code slots} per coding, taken by the caller ({@code null}: none);
     * they are given back when the chain is freed, whether it was read or not.
     */
    TrackedDecoderStream(InputStream decoder, StreamCounters counters, List<String> codings, DecoderSlots slots) {
        this.decoder = Objects.requireNonNull(decoder, "decoder");
        this.counters = Objects.requireNonNull(counters, "counters");
        this.codings = List.copyOf(codings);
        this.release = new Release(decoder, counters, this.codings, slots);
        if (slots != null) {
            // A slot is held from now on, so the safety net must stand from now on too.
            cleanable = CLEANER.register(this, release);
        }
    }

    @Override
    public int read() throws IOException {
        start();
        try {
            return decoder.read();
        } catch (IOException e) {
            throw failed(e);
        } catch (RuntimeException e) {
            throw failed(e);
        } finally {
            Reference.reachabilityFence(this); // the cleaner must not free the chain mid-read
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        start();
        try {
            return decoder.read(b, off, len);
        } catch (IOException e) {
            throw failed(e);
        } catch (RuntimeException e) {
            throw failed(e);
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
        if (!started) {
            started = true;
            for (String c : codings) {
                counters.opened(StreamCounters.Kind.DECODER, c);
            }
            release.started = true;
            if (cleanable == null) {
                cleanable = CLEANER.register(this, release);
            }
        }
    }

    /**
     * A read failed (corrupt data, over the limit, or the client hung up): the chain can never be read
     * again, so it is freed now, not when the owner gets round to closing it. A runtime that answers
     * the failure itself may never run the code that would close it, and its native state and slot
     * must not wait for the garbage collector.
     */
    private <E extends Exception> E failed(E e) {
        try {
            close();
        } catch (IOException | RuntimeException suppressed) {
            e.addSuppressed(suppressed);
        }
        return e;
    }

    /** Frees the decoder chain (and closes the body it reads). Idempotent. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (cleanable == null) {
            decoder.close(); // never read and no slot held: no decoder was opened, nothing to count
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
        private final DecoderSlots slots;
        volatile boolean byOwner;
        /** Whether the chain was read, so its decoders were counted as opened. */
        volatile boolean started;
        IOException failure;

        Release(InputStream decoder, StreamCounters counters, List<String> codings, DecoderSlots slots) {
            this.decoder = decoder;
            this.counters = counters;
            this.codings = codings;
            this.slots = slots;
        }

        @Override
        public void run() {
            try {
                decoder.close();
            } catch (IOException | RuntimeException e) {
                failure = e instanceof IOException io ? io : new IOException(e);
            } finally {
                if (slots != null) {
                    slots.release(codings.size()); // every path gives the slots back, a failing close too
                }
            }
            if (!started) {
                return; // never read: no decoder was opened, nothing to count
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
