package dev.restcompress.nativelib;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.util.Objects;

/**
 * A native libdeflate gzip compressor at one level (1 fastest to 12 smallest), owning its native
 * memory (a few hundred KiB; more at high levels).
 *
 * <p>Not thread-safe: one thread at a time, which is how pools hand it out. {@link #close()} frees
 * the native memory and is idempotent; an instance dropped without {@code close()} is freed by a
 * {@link Cleaner} later, which is a safety net, not a plan. Every method throws
 * {@link IllegalStateException} after close.
 */
public final class LibdeflateCompressor implements AutoCloseable {
    /** Fastest level. */
    public static final int MIN_LEVEL = 1;
    /** Smallest output (slowest). */
    public static final int MAX_LEVEL = 12;

    private final int level;
    private final NativeHandle handle;
    private final Cleaner.Cleanable cleanable;

    private LibdeflateCompressor(int level, long address) {
        this.level = level;
        this.handle = new NativeHandle(address, LibdeflateNative::freeCompressor, "libdeflate compressor");
        this.cleanable = NativeHandle.CLEANER.register(this, handle);
    }

    /**
     * A new compressor.
     *
     * @throws IllegalArgumentException if {@code level} is not 1 to 12
     * @throws IllegalStateException if native libdeflate is not available
     * @throws OutOfMemoryError if native memory ran out
     */
    public static LibdeflateCompressor open(int level) {
        if (level < MIN_LEVEL || level > MAX_LEVEL) {
            throw new IllegalArgumentException("libdeflate level must be " + MIN_LEVEL + " to " + MAX_LEVEL
                    + ", was " + level);
        }
        LibdeflateLoader.system().verify();
        long h = LibdeflateNative.allocCompressor(level);
        if (h <= 0) {
            throw NativeResults.failure(h, "alloc compressor");
        }
        return new LibdeflateCompressor(level, h);
    }

    /** The compression level. */
    public int level() {
        return level;
    }

    /**
     * The most bytes {@link #gzipCompress} can write for {@code inputLength} input bytes; a buffer this
     * large always suffices.
     *
     * @throws IllegalArgumentException if {@code inputLength} is negative
     */
    public long gzipCompressBound(int inputLength) {
        if (inputLength < 0) {
            throw new IllegalArgumentException("inputLength must be >= 0, was " + inputLength);
        }
        try {
            long bound = LibdeflateNative.gzipCompressBound(handle.address(), inputLength);
            if (bound < 0) {
                throw NativeResults.failure(bound, "gzip compress bound");
            }
            return bound;
        } finally {
            Reference.reachabilityFence(this); // keep the Cleaner away while native code runs
        }
    }

    /**
     * Compresses {@code in[inOff, inOff+inLen)} into one complete gzip member in
     * {@code out[outOff, outOff+outLen)}. Nothing outside that output range is written; inside it,
     * bytes past the returned length may be used as scratch.
     *
     * @return bytes written, or 0 when the output range was too small (never with
     *         {@code outLen >= gzipCompressBound(inLen)})
     * @throws NullPointerException if an array is null
     * @throws IndexOutOfBoundsException if a range is outside its array
     * @throws IllegalArgumentException if the ranges overlap in the same array
     */
    public int gzipCompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
        checkBuffers(in, inOff, inLen, out, outOff, outLen);
        try {
            int rc = LibdeflateNative.gzipCompress(handle.address(), in, inOff, inLen, out, outOff, outLen);
            if (rc == NativeResults.INSUFFICIENT_SPACE) {
                return 0;
            }
            if (rc <= 0) {
                throw NativeResults.failure(rc, "gzip compress");
            }
            return rc;
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /** Bounds and overlap checks shared with {@link LibdeflateDecompressor}. */
    static void checkBuffers(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        Objects.checkFromIndexSize(outOff, outLen, out.length);
        if (in == out && inOff < (long) outOff + outLen && outOff < (long) inOff + inLen) {
            throw new IllegalArgumentException("input [" + inOff + ", +" + inLen + ") and output [" + outOff
                    + ", +" + outLen + ") overlap in the same array");
        }
    }

    /** Whether {@link #close()} has run (or the cleaner freed it). */
    public boolean isClosed() {
        return handle.isClosed();
    }

    /** Frees the native memory; later calls do nothing. */
    @Override
    public void close() {
        cleanable.clean();
    }
}
