package dev.restcompress.codec;


/**
 * Compressed input is corrupt or truncated. Thrown by decompressing streams; the server maps it to
 * 400 Bad Request.
 */
public class MalformedInputException extends DecompressionException {
    private static final long serialVersionUID = 1L;
    private final String coding;
    private final long offset;
    private final boolean truncated;

    /**
     * @param coding the coding being decoded
     * @param offset decompressed bytes produced before the fault was seen
     * @param cause what the underlying decoder reported (may be {@code null})
     */
    public MalformedInputException(String coding, long offset, Throwable cause) {
        this("malformed " + coding + " data after " + offset + " decoded bytes"
                + (cause == null || cause.getMessage() == null ? "" : ": " + cause.getMessage()), coding, offset,
                false, cause);
    }

    private MalformedInputException(String message, String coding, long offset, boolean truncated, Throwable cause) {
        super(message, cause);
        this.coding = coding;
        this.offset = offset;
        this.truncated = truncated;
    }

    /**
     * Input that was valid as far as it went but ended before its coding did (a body cut short).
     *
     * @param coding the coding being decoded
     * @param offset decompressed bytes produced before the end
     * @param inputLength compressed bytes there were
     * @param cause what the underlying decoder reported (may be {@code null})
     */
    public static MalformedInputException truncated(String coding, long offset, long inputLength, Throwable cause) {
        return new MalformedInputException("truncated " + coding + " data: the input ends at offset " + inputLength
                + " before the end of the stream (" + offset + " bytes decoded)", coding, offset, true, cause);
    }

    /** The coding whose data was malformed. */
    @Override
    public String coding() {
        return coding;
    }

    /** Whether the input was valid as far as it went but ended too early (rather than corrupt). */
    public boolean truncated() {
        return truncated;
    }

    /** How many decompressed bytes were produced before the fault. */
    public long offset() {
        return offset;
    }
}
