package dev.restcompress.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.testing.Codecs;
import dev.restcompress.testing.ReferenceTool;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Padding that every decoder skips: each padded body decodes byte-exact with the library's one-shot
 * and streaming decoders, the JDK's gzip reader, and the reference tools ({@code gzip -dc},
 * {@code zstd -dc}, {@code brotli -dc}) and Python's {@code gzip} module where installed;
 * its length grows by exactly the padding plus the coding's fixed overhead.
 */
@Timeout(120)
class LengthPaddingTest {
    static final int[] PADDINGS = {0, 1, 7, 255, 256, 257, 4000, 65_531};

    static Codec codec(String coding) {
        return switch (coding) {
            case "gzip" -> Codecs.of("gzip", 6, 1);
            case "zstd" -> Codecs.of("zstd", 3, 1);
            default -> Codecs.of("br", 4, 3);
        };
    }

    static List<byte[]> bodies() {
        Random r = new Random(42);
        List<byte[]> out = new ArrayList<>();
        out.add(new byte[0]);
        out.add(new byte[] {'x'});
        StringBuilder json = new StringBuilder("{\"items\":[");
        for (int i = 0; i < 40; i++) {
            json.append("{\"id\":").append(i).append(",\"name\":\"item ").append(i).append("\",\"csrf\":\"")
                    .append(Long.toHexString(r.nextLong())).append("\"},");
        }
        out.add(json.append("{}]}").toString().getBytes(StandardCharsets.UTF_8));
        byte[] random = new byte[70_000];
        r.nextBytes(random);
        out.add(random);
        out.add("abc ".repeat(100_000).getBytes(StandardCharsets.US_ASCII));
        return out;
    }

    static byte[] padded(Codec codec, byte[] body, int padding) throws Exception {
        byte[] buf = new byte[codec.maxCompressedLength(body.length) + padding + LengthPadding.OVERHEAD];
        int m = codec.compress(body, 0, body.length, buf, 0);
        java.util.Arrays.fill(buf, (byte) 0x5A); // whatever the buffer held must not matter
        int p = LengthPadding.compress(codec, body, body.length, buf, padding);
        if (codec.coding().equals("br")) {
            // The encoder's header flush, the metadata block's 1 to 3 header bytes, and the data,
            // encoded after a flush (so not necessarily byte for byte as without one).
            assertTrue(Math.abs(p - (m + padding)) <= 8 + m / 100, "br " + m + " -> " + p + " for " + padding);
        } else {
            assertEquals(m + (codec.coding().equals("gzip") ? 6 : 8) + padding, p, codec.coding() + " length");
        }
        return java.util.Arrays.copyOf(buf, p);
    }

    static byte[] decodeWithLibrary(Codec codec, byte[] encoded, int length) throws Exception {
        byte[] out = new byte[Math.max(length, 1)];
        assertEquals(length, codec.decompress(encoded, 0, encoded.length, out, 0, length), "one-shot");
        try (InputStream in = codec.decompressingStream(new ByteArrayInputStream(encoded), length + 1)) {
            assertArrayEquals(java.util.Arrays.copyOf(out, length), in.readAllBytes(), "streaming");
        }
        return java.util.Arrays.copyOf(out, length);
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "zstd", "br"})
    void everyPaddedBodyDecodesWithTheLibrary(String coding) throws Exception {
        Codec codec = codec(coding);
        for (byte[] body : bodies()) {
            for (int padding : PADDINGS) {
                assertArrayEquals(body, decodeWithLibrary(codec, padded(codec, body, padding), body.length),
                        coding + " " + body.length + " B padded by " + padding);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "zstd", "br"})
    void referenceToolsSkipThePadding(String coding) throws Exception {
        List<String> tool = switch (coding) {
            case "gzip" -> List.of("gzip", "-dc");
            case "zstd" -> List.of("zstd", "-q", "-dc");
            default -> List.of("brotli", "-dc");
        };
        org.junit.jupiter.api.Assumptions.assumeTrue(ReferenceTool.available(tool.get(0)), tool.get(0) + " absent");
        Codec codec = codec(coding);
        for (byte[] body : bodies()) {
            for (int padding : new int[] {0, 1, 256, 4000}) {
                assertArrayEquals(body, ReferenceTool.run(tool, padded(codec, body, padding)),
                        String.join(" ", tool) + " on " + body.length + " B padded by " + padding);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip"})
    void pythonSkipsThePadding(String coding) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(ReferenceTool.available("python3"), "python3 absent");
        String module = coding.equals("gzip") ? "gzip" : "brotli";
        try {
            ReferenceTool.run(List.of("python3", "-c", "import " + module), new byte[0]);
        } catch (AssertionError e) {
            org.junit.jupiter.api.Assumptions.abort("python module " + module + " absent");
        }
        Codec codec = codec(coding);
        List<String> command = List.of("python3", "-c",
                "import sys, " + module + "; sys.stdout.buffer.write(" + module + ".decompress(sys.stdin.buffer.read()))");
        for (byte[] body : bodies()) {
            assertArrayEquals(body, ReferenceTool.run(command, padded(codec, body, 300)), module + " on " + body.length);
        }
    }

    @Test
    void theJdkGzipReaderSkipsTheExtraField() throws Exception {
        Codec codec = codec("gzip");
        for (byte[] body : bodies()) {
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(padded(codec, body, 1000)))) {
                assertArrayEquals(body, in.readAllBytes());
            }
        }
    }

    /** Many br streams of every kind (compressed and uncompressed meta-blocks), each padded differently. */
    @Test
    void brotliPaddingIsExactOnManyStreams() throws Exception {
        Codec codec = codec("br");
        Random r = new Random(7);
        for (int i = 0; i < 300; i++) {
            byte[] body = new byte[r.nextInt(5000)];
            for (int j = 0; j < body.length; j++) {
                body[j] = (byte) (i % 3 == 0 ? r.nextInt(256) : 'a' + r.nextInt(1 + i % 26));
            }
            byte[] p = padded(codec, body, r.nextInt(700));
            assertArrayEquals(body, decodeWithLibrary(codec, p, body.length), "body " + i);
        }
    }

    @Test
    void onlyGzipZstdAndBrotliCarryPadding() {
        assertTrue(LengthPadding.supports("gzip") && LengthPadding.supports("zstd") && LengthPadding.supports("br"));
        assertFalse(LengthPadding.supports("lzf") || LengthPadding.supports("dcz") || LengthPadding.supports("dcb")
                || LengthPadding.supports("deflate"));
    }
}
