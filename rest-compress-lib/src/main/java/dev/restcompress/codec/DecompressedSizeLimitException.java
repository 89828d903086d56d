package dev.restcompress.codec;


/**
 * Decompressed data would exceed the configured limit. The server maps it to 413 Content Too Large.
 */
public class DecompressedSizeLimitException extends DecompressionException {
    private static final long serialVersionUID = 1L;
    private final String coding;
    private final long limit;

    public DecompressedSizeLimitException(String coding, long limit) {
        super("decoded " + coding + " data exceeds the limit of " + limit + " bytes", null);
        this.coding = coding;
        this.limit = limit;
    }

    /** The coding being decoded when the limit was hit. */
    @Override
    public String coding() {
        return coding;
    }

    /** The limit, in decompressed bytes. */
    public long limit() {
        return limit;
    }
}
