package dev.restcompress.nativelib;

/**
 * What {@link LibdeflateDecompressor#decompressMember} did with one gzip member.
 *
 * @param status the outcome
 * @param consumed input bytes the member took (0 unless {@link Status#OK})
 * @param produced output bytes written (0 unless {@link Status#OK})
 */
public record GzipMemberResult(Status status, int consumed, int produced) {
    /** Outcomes of decompressing one member. */
    public enum Status {
        /** The member decoded completely; the next member, if any, starts {@code consumed} bytes on. */
        OK,
        /** The input is not a valid gzip member (bad header, data, CRC or length, or truncated). */
        BAD_DATA,
        /** The member decodes to more bytes than the output range holds. */
        INSUFFICIENT_SPACE
    }

    static final GzipMemberResult OF_BAD_DATA = new GzipMemberResult(Status.BAD_DATA, 0, 0);
    static final GzipMemberResult OF_INSUFFICIENT_SPACE = new GzipMemberResult(Status.INSUFFICIENT_SPACE, 0, 0);
}
