package dev.restcompress.codec;

import java.util.Arrays;

/**
 * Adds padding that every decoder skips to a one-shot body of gzip, zstd or br, so that the
 * length of a response no longer tells its content exactly (length hiding against BREACH). The padding
 * bytes are zeros; the caller picks a fresh random length per response, which is what hides.
 *
 * <ul>
 *   <li>gzip (RFC 1952): an {@code FEXTRA} header field with one subfield {@code 'R','P'} of
 *       {@code padding} bytes (6 + padding bytes added). Every gzip reader skips FEXTRA; bodies
 *       that already carry FEXTRA or a header CRC are left alone.</li>
 *   <li>zstd (RFC 8878): a skippable frame of {@code padding} bytes after the data frame (8 + padding
 *       bytes added), so the first frame still declares the content size.</li>
 *   <li>br (RFC 7932): a metadata meta-block of {@code padding} bytes ({@link #brotliMetadata}, 2 to 3
 *       + padding bytes added, plus the encoder's one-byte flush). It cannot be inserted into a
 *       finished stream: it ends on a byte boundary while the first data meta-block starts inside
 *       the first byte (after the 1, 4 or 7 bits of the window size), and re-aligning every later bit
 *       breaks the uncompressed meta-blocks, which align to absolute byte boundaries. So the encoder
 *       writes it ({@link Codec#compressPadded}): it flushes its header first (window size and an
 *       empty metadata block, byte-aligned), then the padding block, then the data.</li>
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
        return "gzip".equals(coding) || "zstd".equals(coding) || "br".equals(coding);
    }

    /**
     * Compresses {@code in[0, len)} in one shot into {@code out} with {@code padding} bytes of padding:
     * gzip and zstd are compressed, then padded ({@link #pad}); br is padded by its encoder
     * ({@link Codec#compressPadded}). A codec that cannot carry padding compresses without it.
     *
     * @param out at least {@code codec.maxCompressedLength(len) + padding + OVERHEAD} bytes
     * @return bytes written
     */
    public static int compress(Codec codec, byte[] in, int len, byte[] out, int padding) {
        int m = codec.compressPadded(in, 0, len, out, 0, padding);
        return m >= 0 ? m : pad(codec, out, codec.compress(in, 0, len, out, 0), padding);
    }

    /**
     * The metadata meta-block of RFC 7932 section 9.2 that announces {@code padding} bytes to skip,
     * written from a byte boundary at {@code out[at]}, followed by the zero bytes it skips; returns
     * the end. Brotli encoders write it where their stream is byte-aligned (after a flush).
     */
    public static int brotliMetadata(byte[] out, int at, int padding) {
        if (padding == 0) {
            out[at] = 0b0000_0110; // ISLAST 0, MNIBBLES 11 (metadata), reserved 0, MSKIPBYTES 00, fill
            return at + 1;
        }
        int skipBytes = padding <= 256 ? 1 : 2;
        // Bits from the least significant: ISLAST 0, MNIBBLES 11, reserved 0, MSKIPBYTES (2 bits),
        // then MSKIPLEN - 1 in skipBytes bytes, then zero bits to the byte boundary.
        long bits = 0b0110 | (long) skipBytes << 4 | (long) (padding - 1) << 6;
        int headerBytes = (6 + 8 * skipBytes + 7) / 8;
        for (int i = 0; i < headerBytes; i++) {
            out[at++] = (byte) (bits >>> (8 * i));
        }
        Arrays.fill(out, at, at + padding, (byte) 0);
        return at + padding;
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
