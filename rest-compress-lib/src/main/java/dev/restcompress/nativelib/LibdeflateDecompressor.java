package dev.restcompress.nativelib;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;

/**
 * A native libdeflate gzip decompressor, owning its native memory (about 32 KiB). It decodes whole
 * buffers only: the output range bounds what one call may produce, so it never allocates by what
 * the input claims.
 *
 * <p>Not thread-safe: one thread at a time. {@link #close()} is idempotent; a {@link Cleaner} frees
 * an instance dropped without it. Every method throws {@link IllegalStateException} after close.
 */
public final class LibdeflateDecompressor implements AutoCloseable {
    private final NativeHandle handle;
    private final Cleaner.Cleanable cleanable;

    private LibdeflateDecompressor(long address) {
        this.handle = new NativeHandle(address, LibdeflateNative::freeDecompressor, "libdeflate decompressor");
        this.cleanable = NativeHandle.CLEANER.register(this, handle);
    }

    /**
     * A new decompressor.
     *
     * @throws IllegalStateException if native libdeflate is not available
     * @throws OutOfMemoryError if native memory ran out
     */
    public static LibdeflateDecompressor open() {
        LibdeflateLoader.system().verify();
        long h = LibdeflateNative.allocDecompressor();
        if (h <= 0) {
            throw NativeResults.failure(h, "alloc decompressor");
        }
        return new LibdeflateDecompressor(h);
    }

    /**
     * Decodes the first gzip member of {@code in[inOff, inOff+inLen)} into
     * {@code out[outOff, outOff+outLen)}. Bytes after the member are left for the next call (gzip
     * allows concatenated members). Nothing outside the output range is written.
     *
     * @throws NullPointerException if an array is null
     * @throws IndexOutOfBoundsException if a range is outside its array
     * @throws IllegalArgumentException if the ranges overlap in the same array
     */
    public GzipMemberResult decompressMember(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
        LibdeflateCompressor.checkBuffers(in, inOff, inLen, out, outOff, outLen);
        long rc;
        try {
            rc = LibdeflateNative.gzipDecompress(handle.address(), in, inOff, inLen, out, outOff, outLen);
        } finally {
            Reference.reachabilityFence(this);
        }
        if (rc >= 0) {
            return new GzipMemberResult(GzipMemberResult.Status.OK, (int) (rc >>> 32), (int) rc);
        }
        if (rc == NativeResults.BAD_DATA) {
            return GzipMemberResult.OF_BAD_DATA;
        }
        if (rc == NativeResults.INSUFFICIENT_SPACE) {
            return GzipMemberResult.OF_INSUFFICIENT_SPACE;
        }
        throw NativeResults.failure(rc, "gzip decompress");
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
