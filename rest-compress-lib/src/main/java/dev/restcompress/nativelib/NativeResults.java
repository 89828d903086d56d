package dev.restcompress.nativelib;

/**
 * The result codes of the C shim (keep in sync with {@code RC_*} in {@code restcompress_libdeflate.c})
 * and the one place where they become Java exceptions.
 */
final class NativeResults {
    static final int OK = 0;
    static final int NULL_ARGUMENT = -1;
    static final int BAD_HANDLE = -2;
    static final int BAD_RANGE = -3;
    static final int BAD_LEVEL = -4;
    static final int NOT_LOADED = -5;
    static final int OUT_OF_MEMORY = -6;
    static final int PIN_FAILED = -7;
    static final int BAD_DATA = -8;
    static final int INSUFFICIENT_SPACE = -9;
    static final int OVERLAP = -10;
    static final int UNKNOWN_RESULT = -11;

    private NativeResults() {
    }

    /**
     * The exception for a failure code from {@code operation}. BAD_DATA and INSUFFICIENT_SPACE are
     * outcomes, not failures, for decompression; {@link LibdeflateDecompressor} handles them before
     * calling this, so here they mean a caller broke a contract. Use as
     * {@code throw NativeResults.failure(code, "compress")}.
     *
     * @throws OutOfMemoryError itself, for the two codes that mean native memory ran out (an
     *         {@code Error} cannot be returned as a {@code RuntimeException})
     */
    static RuntimeException failure(long code, String operation) {
        String where = "libdeflate " + operation + ": ";
        if (code == OUT_OF_MEMORY || code == PIN_FAILED) {
            throw new OutOfMemoryError(where + (code == OUT_OF_MEMORY
                    ? "native allocation failed" : "could not pin a Java array"));
        }
        return switch ((int) code) {
            case NULL_ARGUMENT -> new NullPointerException(where + "null array");
            case BAD_HANDLE -> new IllegalStateException(where + "invalid or closed native handle");
            case BAD_RANGE -> new IndexOutOfBoundsException(where + "offset or length outside the array");
            case BAD_LEVEL -> new IllegalArgumentException(where + "compression level must be 1 to 12");
            case NOT_LOADED -> new IllegalStateException(where + "native library not loaded");
            case BAD_DATA -> new IllegalArgumentException(where + "corrupt input");
            case INSUFFICIENT_SPACE -> new IllegalStateException(where + "output buffer too small");
            case OVERLAP -> new IllegalArgumentException(where + "input and output overlap in the same array");
            default -> new IllegalStateException(where + "unexpected native result " + code);
        };
    }
}
