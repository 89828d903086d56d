package dev.restcompress.codec.dictionary;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodingProvider;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.dictionary.DictionaryHeaders;
import java.util.Arrays;

/**
 * Creates the dictionary codecs and knows their framing (RFC 9842 section 5): a {@code dcz} body is
 * the 8 bytes {@code 5e 2a 4d 18 20 00 00 00} (a zstd skippable frame of 32 bytes, so that
 * {@code zstd -D dict -d} decodes the whole body) then the dictionary's SHA-256 then a zstd frame;
 * a {@code dcb} body is {@code ff 44 43 42}, the SHA-256, then a brotli stream. Stateless.
 */
public final class DictionaryCodecs {
    private static final byte[] DCZ_MAGIC = {0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00};
    private static final byte[] DCB_MAGIC = {(byte) 0xff, 0x44, 0x43, 0x42};

    private DictionaryCodecs() {
    }

    /** Whether {@code coding} ({@code dcz} or {@code dcb}) can be used here: its library (zstd-jni, brotli4j) is present. */
    public static boolean available(String coding) {
        String base = baseCoding(coding);
        if (base == null) {
            return false;
        }
        CodingProvider p = CodingProviders.find(base);
        return p != null && p.availability().available();
    }

    /**
     * A codec of {@code coding} against {@code dictionary}. Holds native memory for the prepared
     * dictionary as long as it is reachable: create one per dictionary and keep it.
     *
     * @param level zstd level (1-19) for {@code dcz}, brotli quality (0-11) for {@code dcb}
     * @throws IllegalStateException if the coding is not {@linkplain #available available}
     * @throws IllegalArgumentException for another coding or a level out of range
     */
    public static Codec create(String coding, CompressionDictionary dictionary, int level) {
        return create(coding, dictionary, level, true);
    }

    /**
     * As {@link #create}, for a dictionary that comes and goes (a delta version, one a client
     * received): the codec keeps no native context between calls, so dropping it leaks nothing
     * (its prepared dictionary is freed by the garbage collector). Slower per call.
     */
    public static Codec createUnpooled(String coding, CompressionDictionary dictionary, int level) {
        return create(coding, dictionary, level, false);
    }

    private static Codec create(String coding, CompressionDictionary dictionary, int level, boolean pooled) {
        if (baseCoding(coding) == null) {
            throw new IllegalArgumentException("not a dictionary coding: '" + coding + "'");
        }
        if (!available(coding)) {
            throw new IllegalStateException("coding '" + coding + "' is not available here (its library is missing)");
        }
        CodingProvider p = CodingProviders.find(baseCoding(coding));
        if (!(p instanceof DictionaryCodingSupport support)) {
            throw new IllegalStateException("the provider of '" + baseCoding(coding) + "' has no dictionary variant");
        }
        return support.createDictionaryCodec(dictionary, level, pooled);
    }

    /** The coding a dictionary coding is built on: {@code zstd} for {@code dcz}, {@code br} for {@code dcb}; else {@code null}. */
    public static String baseCoding(String coding) {
        return switch (coding) {
            case DictionaryHeaders.DCZ -> "zstd";
            case DictionaryHeaders.DCB -> "br";
            default -> null;
        };
    }

    /** Bytes before the compressed stream: 40 for {@code dcz}, 36 for {@code dcb}, -1 for another coding. */
    public static int headerLength(String coding) {
        return switch (coding) {
            case DictionaryHeaders.DCZ -> DCZ_MAGIC.length + DictionaryHeaders.HASH_LENGTH;
            case DictionaryHeaders.DCB -> DCB_MAGIC.length + DictionaryHeaders.HASH_LENGTH;
            default -> -1;
        };
    }

    /** The header of a {@code coding} body compressed against the dictionary with hash {@code sha256}. */
    public static byte[] header(String coding, byte[] sha256) {
        byte[] magic = magic(coding);
        byte[] out = Arrays.copyOf(magic, magic.length + DictionaryHeaders.HASH_LENGTH);
        System.arraycopy(sha256, 0, out, magic.length, DictionaryHeaders.HASH_LENGTH);
        return out;
    }

    /**
     * The dictionary hash a {@code coding} body names, read from its first {@link #headerLength}
     * bytes at {@code off}, or {@code null} when they are too few or the magic is wrong.
     */
    public static byte[] hashOf(String coding, byte[] body, int off, int len) {
        byte[] magic = magic(coding);
        int n = magic.length + DictionaryHeaders.HASH_LENGTH;
        if (len < n || off < 0 || off + n > body.length
                || !Arrays.equals(body, off, off + magic.length, magic, 0, magic.length)) {
            return null;
        }
        return Arrays.copyOfRange(body, off + magic.length, off + n);
    }

    private static byte[] magic(String coding) {
        return switch (coding) {
            case DictionaryHeaders.DCZ -> DCZ_MAGIC;
            case DictionaryHeaders.DCB -> DCB_MAGIC;
            default -> throw new IllegalArgumentException("not a dictionary coding: '" + coding + "'");
        };
    }
}
