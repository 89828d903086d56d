package dev.restcompress.decoding;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bound on the streaming decoders open at once: one slot per decoder (a body coded
 * {@code gzip, lzf} takes two), taken before the decoder chain is built and given back exactly once
 * when it is freed (its owner closes it, or the garbage collector's safety net does).
 *
 * <p>Why a count of decoders and not bytes of native state: what each decoder holds is already
 * bounded by its codec (zstd caps the window it accepts, brotli and deflate have fixed windows, lzf
 * holds two 64 KiB chunks), so a count times the largest of those bounds native memory; a count is
 * also what {@code StreamCounters} shows and what an operator can reason about, while a byte figure
 * per coding would be an estimate that moves with every library version. Sized bodies up to
 * {@link ContentCodings#IN_MEMORY_BODY_LIMIT} never take a slot: they are decoded in one codec call
 * whose context returns to its pool at once.
 *
 * <p>Never blocks: a body that finds no free slot is refused ({@link DecodersBusyException}), which
 * the server answers with 503 and {@code Retry-After}. Thread-safe and lock-free.
 */
public final class DecoderSlots {
    /** No bound (the client side: it decodes the responses it asked for). */
    public static final DecoderSlots UNBOUNDED = new DecoderSlots(Integer.MAX_VALUE);

    private final int limit;
    private final AtomicInteger live = new AtomicInteger();

    /** @param limit most decoders open at once, at least 1 */
    public DecoderSlots(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, was " + limit);
        }
        this.limit = limit;
    }

    /** Takes {@code n} slots if that many are free; never blocks. */
    public boolean tryAcquire(int n) {
        if (limit == Integer.MAX_VALUE) {
            return true; // unbounded: nothing to count on the client's hot path
        }
        while (true) {
            int now = live.get();
            if (now + n > limit) {
                return false;
            }
            if (live.compareAndSet(now, now + n)) {
                return true;
            }
        }
    }

    /**
     * Takes {@code n} slots, as {@link #tryAcquire}.
     *
     * @throws DecodersBusyException if that many are not free (none was taken)
     */
    public void acquire(int n) throws DecodersBusyException {
        if (!tryAcquire(n)) {
            throw new DecodersBusyException(limit);
        }
    }

    /** Gives back {@code n} slots taken by {@link #tryAcquire}. */
    public void release(int n) {
        if (limit != Integer.MAX_VALUE) {
            live.addAndGet(-n);
        }
    }

    /** Slots taken right now. */
    public int live() {
        return live.get();
    }

    /** Most slots that may be taken at once. */
    public int limit() {
        return limit;
    }
}
