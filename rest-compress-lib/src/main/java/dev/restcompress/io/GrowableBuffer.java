package dev.restcompress.io;

import java.io.OutputStream;
import java.util.Arrays;

/**
 * A byte sink over pooled arrays: collects an entity in memory so it can be compressed in one shot.
 * Grows by doubling, taking each larger array from the pool and returning the smaller one.
 * {@link #release()} returns the current array; the buffer must not be used afterwards.
 * Not thread-safe.
 */
public final class GrowableBuffer extends OutputStream {
    private final BufferPool pool;
    private byte[] array;
    private int size;

    public GrowableBuffer(BufferPool pool, int initialCapacity) {
        this.pool = pool;
        this.array = pool.acquire(initialCapacity);
    }

    @Override
    public void write(int b) {
        ensureCapacity(size + 1);
        array[size++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        ensureCapacity(size + len);
        System.arraycopy(b, off, array, size, len);
        size += len;
    }

    /** The backing array; valid bytes are {@code [0, size())}. */
    public byte[] array() {
        return array;
    }

    public int size() {
        return size;
    }

    /** Forgets the content, keeps the array. */
    public void reset() {
        size = 0;
    }

    /** Returns the array to the pool. Idempotent. */
    public void release() {
        if (array != null) {
            pool.release(array);
            array = null;
        }
    }

    private void ensureCapacity(int needed) {
        if (needed < 0) {
            throw new OutOfMemoryError("buffer larger than 2 GiB");
        }
        if (needed > array.length) {
            int newCapacity = Math.max(needed, array.length << 1);
            if (newCapacity < 0) {
                newCapacity = Integer.MAX_VALUE - 8;
            }
            byte[] bigger = pool.acquire(newCapacity);
            System.arraycopy(array, 0, bigger, 0, size);
            pool.release(array);
            array = bigger;
        }
    }

    @Override
    public String toString() {
        return "GrowableBuffer[size=" + size + ", capacity=" + (array == null ? 0 : array.length) + "]";
    }

    /** A copy of the content, for tests and diagnostics. */
    public byte[] toByteArray() {
        return Arrays.copyOf(array, size);
    }
}
