package dev.restcompress.codec;


/**
 * Compressed input is corrupt or truncated. Thrown by decompressing streams; the server maps it to
 * 400 Bad Request.
 */
public class MalformedInputException extends DecompressionException {
    private static final long serialVersionUID = 1L;
    private final String coding;
    private final long offset;

    /**
     * @param coding the coding being decoded
     * @param offset decompressed bytes produced before the fault was seen
     * @param cause what the underlying decoder reported (may be {@code null})
     */
    public MalformedInputException(String coding, long offset, Throwable cause) {
        super("malformed " + coding + " data after " + offset + " decoded bytes"
                + (cause == null || cause.getMessage() == null ? "" : ": " + cause.getMessage()), cause);
        this.coding = coding;
        this.offset = offset;
    }

    /** The coding whose data was malformed. */
    @Override
    public String coding() {
        return coding;
    }

    /** How many decompressed bytes were produced before the fault. */
    public long offset() {
        return offset;
    }
}
