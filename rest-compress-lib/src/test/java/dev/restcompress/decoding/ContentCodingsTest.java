package dev.restcompress.decoding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.MalformedInputException;
import dev.restcompress.codec.StreamCounters;
import dev.restcompress.config.CompressionSettings;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code Content-Encoding} resolution (order, identity, unsupported codings) and which way
 * {@link ContentCodings#decodeBody} decodes: one codec call for a sized body up to
 * {@link ContentCodings#IN_MEMORY_BODY_LIMIT}, a streaming decoder (counted by the registry) otherwise.
 */
class ContentCodingsTest {
    static final CodecRegistry REGISTRY = CompressionSettings.from(Map.<String, Object>of()::get).createRegistry();

    static List<String> applied(String... headerValues) throws ContentCodings.UnsupportedCodingException {
        return ContentCodings.parse(headerValues.length == 0 ? null : List.of(headerValues), REGISTRY)
                .applied().stream().map(Codec::coding).toList();
    }

    @Test
    void codingsAreListedInTheOrderTheyWereApplied() throws ContentCodings.UnsupportedCodingException {
        assertEquals(List.of("gzip", "lzf"), applied("gzip, lzf"));
        assertEquals(List.of("lzf", "gzip"), applied("lzf", "X-GZIP"));
        assertEquals(List.of("lzf"), applied("identity, lzf, identity"));
        assertFalse(ContentCodings.parse(List.of("lzf"), REGISTRY).isIdentity());
    }

    @Test
    void noHeaderOrOnlyIdentityIsAnUnencodedBodyPassedThrough() throws ContentCodings.UnsupportedCodingException {
        for (List<String> header : Arrays.asList(null, List.<String>of(), List.of("identity"), List.of(" , identity"))) {
            ContentCodings codings = ContentCodings.parse(header, REGISTRY);
            assertTrue(codings.isIdentity(), String.valueOf(header));
            assertEquals(List.of(), codings.applied());
            InputStream body = new ByteArrayInputStream(new byte[] {1, 2});
            assertSame(body, codings.decode(body, 10));
        }
    }

    @Test
    void anUnknownCodingOrTooManyAreNamedInTheRefusal() {
        ContentCodings.UnsupportedCodingException e = assertThrows(ContentCodings.UnsupportedCodingException.class,
                () -> applied("gzip, Compress"));
        assertEquals("compress", e.coding());
        assertEquals("unsupported content coding 'compress'", e.getMessage());
        assertEquals("lzf", assertThrows(ContentCodings.UnsupportedCodingException.class,
                () -> applied("lzf, ".repeat(8) + "lzf")).coding(), "nine stacked codings are an abuse");
    }

    /** Random (incompressible) data whose lzf encoding is exactly {@code size} bytes; its decoded form first. */
    static byte[][] lzfBodyOfSize(int size) {
        Codec lzf = REGISTRY.forCoding("lzf");
        int n = size;
        for (int tries = 0; tries < 10; tries++) {
            byte[] data = new byte[n];
            new Random(n).nextBytes(data);
            byte[] out = new byte[lzf.maxCompressedLength(n)];
            int m = lzf.compress(data, 0, n, out, 0);
            if (m == size) {
                return new byte[][] {data, Arrays.copyOf(out, m)};
            }
            n -= m - size;
        }
        throw new AssertionError("no lzf body of " + size + " bytes");
    }

    /** Decodes {@code body} declared as {@code length} bytes; returns how many streaming decoders that took. */
    static long streamingDecoders(byte[] decoded, byte[] body, long length) throws Exception {
        ContentCodings codings = ContentCodings.parse(List.of("lzf"), REGISTRY);
        StreamCounters counters = REGISTRY.streams();
        long before = counters.openedCount(StreamCounters.Kind.DECODER, "lzf");
        try (InputStream in = codings.decodeBody(new ByteArrayInputStream(body), length, 1 << 20)) {
            assertArrayEquals(decoded, in.readAllBytes());
        }
        return counters.openedCount(StreamCounters.Kind.DECODER, "lzf") - before;
    }

    @Test
    void aSizedBodyUpToTheInMemoryLimitIsDecodedInOneCall() throws Exception {
        int limit = ContentCodings.IN_MEMORY_BODY_LIMIT;
        byte[][] atLimit = lzfBodyOfSize(limit);
        assertEquals(0, streamingDecoders(atLimit[0], atLimit[1], limit));
        byte[][] past = lzfBodyOfSize(limit + 1);
        assertEquals(1, streamingDecoders(past[0], past[1], limit + 1));
        assertEquals(1, streamingDecoders(atLimit[0], atLimit[1], -1), "unknown length: streamed");
    }

    @Test
    void anEmptyBodyDeclaredEmptyIsJudgedInOneCallAtOnce() {
        // Sized (0 bytes) and small: decoded before decodeBody returns, so the refusal comes from it.
        ContentCodings lzf = assertDoesNotThrow(() -> ContentCodings.parse(List.of("lzf"), REGISTRY));
        assertThrows(MalformedInputException.class, () -> lzf.decodeBody(new ByteArrayInputStream(new byte[0]), 0, 1 << 20));
    }

    @Test
    void aBodyLongerThanItsLengthIsJudgedWhole() throws Exception {
        byte[][] small = lzfBodyOfSize(1000);
        // Declared shorter than it is: the one-call path would decode a truncated body; the stream sees all of it.
        assertEquals(1, streamingDecoders(small[0], small[1], small[1].length - 1));
    }

}
