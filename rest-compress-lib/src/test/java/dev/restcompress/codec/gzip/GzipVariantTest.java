package dev.restcompress.codec.gzip;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.nativelib.LibdeflateLoader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * gzip's variant names tell apart everything that changes its bytes: the level, the engine, and the
 * streaming path. The ETag of an encoded response carries them.
 */
class GzipVariantTest {
    /** JSON-like lines that vary (a body of one repeated line compresses to the same bytes on both engines). */
    private static final byte[] TEXT = text();

    private static byte[] text() {
        java.util.Random random = new java.util.Random(24);
        String[] words = {"order", "customer", "status", "shipped", "pending", "price", "quantity", "sku"};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            sb.append("{\"id\":").append(random.nextInt(1_000_000)).append(",\"")
                    .append(words[random.nextInt(words.length)]).append("\":\"")
                    .append(words[random.nextInt(words.length)]).append(random.nextInt(100)).append("\"}\n");
        }
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void jdkNamesTheOneShotAndStreamingLevels() {
        JdkGzipCodec codec = new JdkGzipCodec(6, 1);
        assertEquals("gzip-6", codec.variant());
        assertEquals("gzip-s1", codec.streamingVariant());
        assertEquals("gzip-9", new JdkGzipCodec(9, 1).variant());
        assertFalse(Arrays.equals(compress(new JdkGzipCodec(1, 1)), compress(new JdkGzipCodec(9, 1))),
                "levels 1 and 9 give other bytes, so need other names");
    }

    /** libdeflate and zlib at one level give other bytes: the name says which engine. */
    @Test
    void libdeflateIsNamedApartFromTheJdkAtTheSameLevel() {
        assumeTrue(LibdeflateLoader.system().isAvailable(), LibdeflateLoader.system().reason());
        LibdeflateGzipCodec native6 = new LibdeflateGzipCodec(6, 1);
        assertEquals("gzip-ld6", native6.variant());
        assertEquals("gzip-s1", native6.streamingVariant(), "both engines stream through the JDK");
        assertFalse(Arrays.equals(compress(native6), compress(new JdkGzipCodec(6, 1))));
    }

    private static byte[] compress(Codec codec) {
        byte[] out = new byte[codec.maxCompressedLength(TEXT.length)];
        return Arrays.copyOf(out, codec.compress(TEXT, 0, TEXT.length, out, 0));
    }
}
