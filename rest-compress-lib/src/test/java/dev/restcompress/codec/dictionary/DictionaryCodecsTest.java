package dev.restcompress.codec.dictionary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.DecompressedSizeLimitException;
import dev.restcompress.codec.MalformedInputException;
import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.testing.ReferenceTool;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** dcz and dcb against one dictionary: framing, round trips, the dictionary really used, errors, bounds. */
class DictionaryCodecsTest {
    static final byte[] ORDER = ("{\"id\":12345,\"customer\":{\"name\":\"Alice Example\",\"email\":\"alice@example.com\"},"
            + "\"items\":[{\"sku\":\"A-100\",\"quantity\":2,\"price\":19.99},{\"sku\":\"B-200\",\"quantity\":1,"
            + "\"price\":5.49}],\"status\":\"SHIPPED\",\"currency\":\"EUR\"}").getBytes(StandardCharsets.UTF_8);
    static final CompressionDictionary DICTIONARY = CompressionDictionary.of("orders", repeatVariants(),
            "/orders/*", "orders-v1");
    static final CompressionDictionary OTHER = CompressionDictionary.of("other",
            "This is a test dictionary.\n".getBytes(StandardCharsets.US_ASCII), "/*", "");

    /** Documents shaped like {@link #ORDER} but not equal to it: what a trained dictionary holds. */
    static byte[] repeatVariants() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            sb.append(new String(ORDER, StandardCharsets.UTF_8).replace("12345", "9" + i).replace("Alice", "Bob" + i));
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    static Codec codec(String coding, CompressionDictionary d) {
        assumeTrue(DictionaryCodecs.available(coding), coding + " library absent");
        return DictionaryCodecs.create(coding, d, coding.equals("dcz") ? 3 : 5);
    }

    static byte[] compress(Codec c, byte[] in) {
        byte[] out = new byte[c.maxCompressedLength(in.length)];
        return Arrays.copyOf(out, c.compress(in, 0, in.length, out, 0));
    }

    static byte[] decompress(Codec c, byte[] in, int max) throws IOException {
        byte[] out = new byte[max];
        return Arrays.copyOf(out, c.decompress(in, 0, in.length, out, 0, max));
    }

    static byte[] stream(Codec c, byte[] in, int piece) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (OutputStream s = c.compressingStream(sink)) {
            for (int i = 0; i < in.length; i += piece) {
                s.write(in, i, Math.min(piece, in.length - i));
                s.flush();
            }
        }
        return sink.toByteArray();
    }

    static byte[] readStream(Codec c, byte[] in, long max) throws IOException {
        try (InputStream s = c.decompressingStream(new ByteArrayInputStream(in), max)) {
            return s.readAllBytes();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dcz", "dcb"})
    void headerIsMagicThenTheDictionaryHash(String coding) {
        byte[] body = compress(codec(coding, DICTIONARY), ORDER);
        byte[] magic = coding.equals("dcz") ? new byte[] {0x5e, 0x2a, 0x4d, 0x18, 0x20, 0, 0, 0}
                : new byte[] {(byte) 0xff, 0x44, 0x43, 0x42};
        assertArrayEquals(magic, Arrays.copyOf(body, magic.length));
        assertArrayEquals(DICTIONARY.sha256(), Arrays.copyOfRange(body, magic.length, magic.length + 32));
        assertEquals(magic.length + 32, DictionaryCodecs.headerLength(coding));
        assertArrayEquals(DICTIONARY.sha256(), DictionaryCodecs.hashOf(coding, body, 0, body.length));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dcz", "dcb"})
    void roundTripsOneShotAndStreaming(String coding) throws IOException {
        Codec c = codec(coding, DICTIONARY);
        Random r = new Random(7);
        for (int size : new int[] {0, 1, 100, ORDER.length, 70_000, 300_000}) {
            byte[] in = new byte[size];
            for (int i = 0; i < size; i++) {
                in[i] = size % 2 == 0 ? ORDER[i % ORDER.length] : (byte) r.nextInt(256);
            }
            byte[] one = compress(c, in);
            assertArrayEquals(in, decompress(c, one, size + 1), coding + " one-shot " + size);
            assertArrayEquals(in, readStream(c, one, size), coding + " one-shot body, streaming decoder " + size);
            byte[] streamed = stream(c, in, 4096);
            assertArrayEquals(in, readStream(c, streamed, size), coding + " streamed " + size);
            assertArrayEquals(in, decompress(c, streamed, size + 1), coding + " streamed body, one-shot decoder " + size);
        }
    }

    /** The point of it all: with the dictionary, a small document shrinks far more than without. */
    @ParameterizedTest
    @ValueSource(strings = {"dcz", "dcb"})
    void theDictionaryIsUsed(String coding) {
        int with = compress(codec(coding, DICTIONARY), ORDER).length;
        int without = compress(codec(coding, OTHER), ORDER).length;
        assertTrue(with * 2 < without, coding + ": " + with + " B with the dictionary, " + without + " B without");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dcz", "dcb"})
    void anotherDictionarysBodyIsMalformed(String coding) {
        byte[] body = compress(codec(coding, DICTIONARY), ORDER);
        Codec other = codec(coding, OTHER);
        MalformedInputException e = assertThrows(MalformedInputException.class, () -> decompress(other, body, 10_000));
        assertTrue(e.getMessage().contains("another dictionary"), e.getMessage());
        assertThrows(MalformedInputException.class, () -> readStream(other, body, 10_000));
        byte[] badMagic = body.clone();
        badMagic[1] ^= 1;
        assertThrows(MalformedInputException.class, () -> decompress(codec(coding, DICTIONARY), badMagic, 10_000));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dcz", "dcb"})
    void aBodyCutShortIsTruncated(String coding) {
        Codec c = codec(coding, DICTIONARY);
        byte[] body = compress(c, ORDER);
        for (int n : new int[] {3, 20, DictionaryCodecs.headerLength(coding), body.length - 2}) {
            byte[] cut = Arrays.copyOf(body, n);
            MalformedInputException e = assertThrows(MalformedInputException.class, () -> decompress(c, cut, 10_000),
                    coding + " cut at " + n);
            assertTrue(e.truncated(), coding + " cut at " + n + ": " + e.getMessage());
            assertThrows(MalformedInputException.class, () -> readStream(c, cut, 10_000));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dcz", "dcb"})
    void decodingStopsAtTheLimit(String coding) {
        Codec c = codec(coding, DICTIONARY);
        byte[] bomb = compress(c, new byte[1_000_000]);
        assertThrows(DecompressedSizeLimitException.class, () -> decompress(c, bomb, 100_000));
        assertThrows(DecompressedSizeLimitException.class, () -> readStream(c, bomb, 100_000));
    }

    /** The limit holds even when the caller's buffer has room for more (and nothing past it is written). */
    @ParameterizedTest
    @ValueSource(strings = {"dcz", "dcb"})
    void theLimitIsMaxOutNotTheBuffer(String coding) {
        Codec c = codec(coding, DICTIONARY);
        byte[] bomb = compress(c, new byte[1_000_000]);
        byte[] out = new byte[2_000_000];
        Arrays.fill(out, (byte) 7);
        assertThrows(DecompressedSizeLimitException.class, () -> c.decompress(bomb, 0, bomb.length, out, 0, 100_000));
        for (int i = 100_000; i < out.length; i += 4096) {
            assertEquals(7, out[i], "byte " + i + " past maxOut was written");
        }
    }

    /** Codecs for dictionaries that come and go keep no native context, and still work. */
    @ParameterizedTest
    @ValueSource(strings = {"dcz", "dcb"})
    void unpooledCodecsRoundTrip(String coding) throws IOException {
        assumeTrue(DictionaryCodecs.available(coding));
        Codec c = DictionaryCodecs.createUnpooled(coding, DICTIONARY, 3);
        assertArrayEquals(ORDER, decompress(c, compress(c, ORDER), 10_000));
        assertArrayEquals(ORDER, readStream(c, stream(c, ORDER, 100), 10_000));
        if (c instanceof dev.restcompress.io.PooledResources p) {
            assertEquals(0, p.resourcesInUse());
        }
    }

    /** The dcz header is a zstd skippable frame: the zstd CLI decodes the whole body with the dictionary. */
    @Test
    void zstdCliDecodesAWholeDczBody() throws Exception {
        assumeTrue(ReferenceTool.available("zstd"), "zstd CLI absent");
        Codec c = codec("dcz", DICTIONARY);
        Path dict = Files.createTempFile("dict", ".bin");
        try {
            Files.write(dict, DICTIONARY.bytes());
            for (byte[] body : List.of(compress(c, ORDER), stream(c, ORDER, 50))) {
                assertArrayEquals(ORDER, ReferenceTool.run(List.of("zstd", "-q", "-d", "-c", "-D", dict.toString()), body));
            }
        } finally {
            Files.deleteIfExists(dict);
        }
    }

    @Test
    void onlyDictionaryCodingsAreKnown() {
        assertEquals(-1, DictionaryCodecs.headerLength("gzip"));
        assertThrows(IllegalArgumentException.class, () -> DictionaryCodecs.create("gzip", DICTIONARY, 3));
        assertEquals(false, DictionaryCodecs.available("gzip"));
    }

    /** A variant names the level and the dictionary: the same level against another dictionary is other bytes. */
    @ParameterizedTest
    @ValueSource(strings = {"dcz", "dcb"})
    void variantNamesTheLevelAndTheDictionary(String coding) {
        Codec one = codec(coding, DICTIONARY);
        Codec other = codec(coding, OTHER);
        String id = java.util.HexFormat.of().formatHex(DICTIONARY.sha256(), 0, 6);
        String level = coding.equals("dcz") ? "3" : "5";
        assertEquals(coding + "-" + level + "." + id, one.variant());
        assertEquals(coding + "-s" + level + "." + id, one.streamingVariant());
        assertEquals(one.variant(), codec(coding, DICTIONARY).variant(), "same settings, same name");
        assertTrue(!one.variant().equals(other.variant()), one.variant() + " vs " + other.variant());
        assertTrue(!Arrays.equals(compress(one, ORDER), compress(other, ORDER)), "and the bytes differ");
        assertTrue(!one.variant().equals(DictionaryCodecs.create(coding, DICTIONARY, 1).variant()), "another level");
    }
}
