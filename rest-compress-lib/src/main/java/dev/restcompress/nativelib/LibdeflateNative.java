package dev.restcompress.nativelib;

/**
 * The JNI entry points of {@code restcompress_libdeflate.c}, one to one. Nothing here checks
 * arguments or throws: callers ({@link LibdeflateCompressor}, {@link LibdeflateDecompressor}) check
 * first, and the C side checks again and answers with a result code from {@link NativeResults}.
 *
 * <p>Package-private on purpose: tests in this package call these methods directly with arguments
 * the Java wrappers would reject, to prove the C checks hold on their own. Callable only after
 * {@link LibdeflateLoader} has loaded the shim.
 */
final class LibdeflateNative {
    private LibdeflateNative() {
    }

    /**
     * System variant only ({@code librestcompress_libdeflate_system}): dlopens libdeflate under
     * {@code name}; {@code null} on success, else why it failed. The bundled shim has no such entry
     * point (calling it there throws {@link UnsatisfiedLinkError}).
     */
    static native String openLibrary(String name);

    /**
     * Which libdeflate runs: {@code "1.23 bundled"}, or {@code "system <file>"} once the system
     * variant is bound; {@code null} while nothing is bound.
     */
    static native String libraryDescription();

    /** A compressor handle (&gt; 0) or a result code (&lt; 0). */
    static native long allocCompressor(int level);

    /** {@link NativeResults#OK} or a result code. */
    static native int freeCompressor(long handle);

    /** libdeflate's gzip bound for {@code inLen} bytes (&gt;= 0) or a result code (&lt; 0). */
    static native long gzipCompressBound(long handle, long inLen);

    /** Bytes written (&gt; 0) or a result code (&lt; 0). */
    static native int gzipCompress(long handle, byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen);

    /** A decompressor handle (&gt; 0) or a result code (&lt; 0). */
    static native long allocDecompressor();

    /** {@link NativeResults#OK} or a result code. */
    static native int freeDecompressor(long handle);

    /**
     * Decompresses the first gzip member: {@code (consumed << 32) | produced} (&gt;= 0) or a result
     * code (&lt; 0).
     */
    static native long gzipDecompress(long handle, byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen);
}
