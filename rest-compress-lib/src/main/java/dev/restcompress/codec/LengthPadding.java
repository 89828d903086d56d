package dev.restcompress.codec;

import java.util.Arrays;

/**
 * Adds padding that every decoder skips to a complete one-shot body of gzip or zstd, so that the
 * length of a response no longer tells its content exactly (length hiding against BREACH). The padding
 * bytes are zeros; the caller picks a fresh random length per response, which is what hides.
 *
 * <ul>
 *   <li>gzip (RFC 1952): an {@code FEXTRA} header field with one subfield {@code 'R','P'} of
 *       {@code padding} bytes (6 + padding bytes added). Every gzip reader skips FEXTRA; bodies
 *       that already carry FEXTRA or a header CRC are left alone.</li>
 *   <li>zstd (RFC 8878): a skippable frame of {@code padding} bytes after the data frame (8 + padding
 *       bytes added), so the first frame still declares the content size.</li>
 *   <li>br (RFC 7932) has a skippable metadata meta-block, but it ends on a byte boundary while a
 *       finished stream's first meta-block starts inside the first byte (after the 1, 4 or 7 bits of
 *       the window size), and uncompressed meta-blocks later in the stream align to absolute byte
 *       boundaries: inserting one into a finished stream would need every later bit re-aligned,
 *       which breaks those blocks. Done right it needs the encoder itself to flush its header before
 *       the data (then a metadata block fits at a byte boundary); not done here, so
 *       {@link #supports} is false for br.</li>
 *   <li>lzf has no skippable chunk; deflate and the dictionary codings' headers have no field a
 *       decoder skips. {@link #supports} is false for them.</li>
 * </ul>
 * Stateless, thread-safe.
 */
public final class LengthPadding {
    /** Most bytes beyond the padding itself that {@link #pad} adds (zstd's skippable frame header). */
    public static final int OVERHEAD = 8;

    private static final int GZIP_FEXTRA = 4;
    private static final int GZIP_FHCRC = 2;
    private static final int ZSTD_SKIPPABLE_MAGIC = 0x184D2A5E;

    private LengthPadding() {
    }

    /** Whether {@code coding} (canonical token) can carry padding. */
    public static boolean supports(String coding) {
        return "gzip".equals(coding) || "zstd".equals(coding);
    }

    /**
     * Pads the body {@code buf[0, len)} of {@code codec}'s coding in place.
     *
     * @param buf holds the body; at least {@code len + padding + OVERHEAD} bytes long
     * @param padding bytes of padding, 0 to 65531
     * @return the padded body's length, or {@code len} when this body cannot carry padding
     */
    public static int pad(Codec codec, byte[] buf, int len, int padding) {
        if (padding < 0 || padding > 65_531 || buf.length < (long) len + padding + OVERHEAD) {
            throw new IllegalArgumentException("padding " + padding + " for " + len + " bytes in " + buf.length);
        }
        return switch (codec.coding()) {
            case "gzip" -> gzip(buf, len, padding);
            case "zstd" -> zstd(buf, len, padding);
            default -> len;
        };
    }

    private static int gzip(byte[] buf, int len, int padding) {
        if (len < 18 || (buf[3] & (GZIP_FEXTRA | GZIP_FHCRC)) != 0) {
            return len;
        }
        int added = 6 + padding;
        System.arraycopy(buf, 10, buf, 10 + added, len - 10);
        buf[3] |= GZIP_FEXTRA;
        putShortLe(buf, 10, 4 + padding); // XLEN: the subfield's header and data
        buf[12] = 'R';
        buf[13] = 'P';
        putShortLe(buf, 14, padding);
        Arrays.fill(buf, 16, 16 + padding, (byte) 0);
        return len + added;
    }

    private static int zstd(byte[] buf, int len, int padding) {
        putIntLe(buf, len, ZSTD_SKIPPABLE_MAGIC);
        putIntLe(buf, len + 4, padding);
        Arrays.fill(buf, len + 8, len + 8 + padding, (byte) 0);
        return len + 8 + padding;
    }

    private static void putShortLe(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >>> 8);
    }

    private static void putIntLe(byte[] b, int at, int v) {
        putShortLe(b, at, v);
        putShortLe(b, at + 2, v >>> 16);
    }
}
