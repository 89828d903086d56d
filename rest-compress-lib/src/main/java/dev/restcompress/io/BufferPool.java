package dev.restcompress.io;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Pooled byte arrays in power-of-two size classes from {@value #MIN_POOLED} bytes to
 * {@link #maxPooledSize()}.
 *
 * <p>Bounded and non-blocking: each class keeps a few idle arrays; a request larger than the largest
 * class gets a plain array that is dropped on release, so one huge response never pins memory.
 * Arrays come back dirty (callers overwrite what they use). Thread-safe.
 *
 * <p>{@link #shared()} is the process-wide instance the interceptors use; {@link #outstanding()}
 * lets tests assert that every buffer was returned.
 */
public final class BufferPool {
    static final int MIN_POOLED = 4 * 1024;
    private static final BufferPool SHARED = new BufferPool(4 * 1024 * 1024,
            Math.max(4, 2 * Runtime.getRuntime().availableProcessors()));

    private final ObjectPool<byte[]>[] classes;
    private final int maxPooled;
    private final AtomicInteger outstandingUnpooled = new AtomicInteger();

    /**
     * @param maxPooledSize the largest array size kept for reuse, a power of two >= {@value #MIN_POOLED}
     * @param perClass idle arrays kept per size class
     */
    @SuppressWarnings("unchecked")
    public BufferPool(int maxPooledSize, int perClass) {
        if (maxPooledSize < MIN_POOLED || Integer.bitCount(maxPooledSize) != 1) {
            throw new IllegalArgumentException(
                    "maxPooledSize must be a power of two >= " + MIN_POOLED + ", was " + maxPooledSize);
        }
        int n = Integer.numberOfTrailingZeros(maxPooledSize) - Integer.numberOfTrailingZeros(MIN_POOLED) + 1;
        classes = new ObjectPool[n];
        for (int i = 0; i < n; i++) {
            int size = MIN_POOLED << i;
            classes[i] = new ObjectPool<>(perClass, () -> new byte[size], b -> { });
        }
        this.maxPooled = maxPooledSize;
    }

    /** The pool shared by the server and client interceptors: 4 KiB to 4 MiB classes. */
    public static BufferPool shared() {
        return SHARED;
    }

    /** An array of at least {@code minSize} bytes. Release it with {@link #release}. */
    public byte[] acquire(int minSize) {
        if (minSize < 0) {
            throw new IllegalArgumentException("minSize must be >= 0, was " + minSize);
        }
        if (minSize > maxPooled) {
            outstandingUnpooled.incrementAndGet();
            return new byte[minSize];
        }
        return classes[classIndex(minSize)].acquire();
    }

    /** Returns an array from {@link #acquire}; arrays of a size the pool does not keep are dropped. */
    public void release(byte[] buffer) {
        int len = buffer.length;
        if (len > maxPooled || len < MIN_POOLED || Integer.bitCount(len) != 1) {
            outstandingUnpooled.decrementAndGet();
            return;
        }
        classes[classIndex(len)].release(buffer);
    }

    /** Arrays handed out and not yet released. */
    public int outstanding() {
        int sum = outstandingUnpooled.get();
        for (ObjectPool<byte[]> c : classes) {
            sum += c.outstanding();
        }
        return sum;
    }

    /** The largest array size this pool keeps. */
    public int maxPooledSize() {
        return maxPooled;
    }

    private static int classIndex(int size) {
        int rounded = Math.max(MIN_POOLED, size);
        int bits = 32 - Integer.numberOfLeadingZeros(rounded - 1); // ceil(log2)
        return bits - Integer.numberOfTrailingZeros(MIN_POOLED);
    }
}
