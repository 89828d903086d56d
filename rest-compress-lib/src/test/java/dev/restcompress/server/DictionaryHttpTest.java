package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.dictionary.DictionaryCodecs;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.dictionary.DictionaryHeaders;
import dev.restcompress.dictionary.UseAsDictionary;
import dev.restcompress.testing.ReferenceTool;
import dev.restcompress.testing.TestServerExtension;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RFC 9842 over real HTTP against the in-process server: the served dictionary, negotiation of
 * {@code dcz}/{@code dcb} only for clients that hold it, Vary/Link headers, exact lengths, streaming,
 * ETags and 304, request bodies (known hash, unknown hash, bomb), and delta versions.
 */
@Timeout(60)
class DictionaryHttpTest {
    static final int LIMIT = 200_000;
    @RegisterExtension
    static final TestServerExtension SERVER = TestServerExtension.of(Set.of(DictionaryResource.class),
            Map.of(CompressionSettings.MAX_DECODED_SIZE, LIMIT, CompressionSettings.THRESHOLD, 100));
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    static final CompressionDictionary DICTIONARY = CompressionDictionary.fromResource("orders",
            DictionaryHttpTest.class.getClassLoader(), "/dictionaries/test-orders.dict", DictionaryResource.MATCH,
            "orders-v1");
    static final String ALL = "gzip, deflate, br, zstd, dcb, dcz";

    static HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(SERVER.uri(path)).timeout(Duration.ofSeconds(30)).GET();
        if (headers.length > 0) {
            b.headers(headers);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static HttpResponse<byte[]> post(String path, byte[] body, String coding) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(SERVER.uri(path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header("Content-Encoding", coding)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        return HTTP.send(req, HttpResponse.BodyHandlers.ofByteArray());
    }

    static Codec codec(String coding, CompressionDictionary d) {
        return DictionaryCodecs.create(coding, d, 3);
    }

    static byte[] decode(String coding, CompressionDictionary d, byte[] body) throws Exception {
        try (InputStream in = codec(coding, d).decompressingStream(new java.io.ByteArrayInputStream(body), 10_000_000)) {
            return in.readAllBytes();
        }
    }

    static byte[] encode(String coding, CompressionDictionary d, byte[] body) {
        Codec c = codec(coding, d);
        byte[] out = new byte[c.maxCompressedLength(body.length)];
        return Arrays.copyOf(out, c.compress(body, 0, body.length, out, 0));
    }

    static List<String> vary(HttpResponse<?> r) {
        return r.headers().allValues("Vary").stream().flatMap(v -> Arrays.stream(v.split(","))).map(String::trim).toList();
    }

    @Test
    void servesTheDictionaryWithItsHeaders() throws Exception {
        HttpResponse<byte[]> r = get("/_dictionaries/orders");
        assertEquals(200, r.statusCode());
        assertArrayEquals(DICTIONARY.bytes(), r.body());
        UseAsDictionary use = DictionaryHeaders.parseUseAsDictionary(
                r.headers().firstValue("Use-As-Dictionary").orElseThrow());
        assertEquals(new UseAsDictionary(DictionaryResource.MATCH, "orders-v1"), use);
        assertEquals("public, max-age=2592000", r.headers().firstValue("Cache-Control").orElseThrow());
        String etag = r.headers().firstValue("ETag").orElseThrow();
        assertEquals(DICTIONARY.entityTag(), etag);
        assertEquals(304, get("/_dictionaries/orders", "If-None-Match", etag).statusCode());
        assertEquals(404, get("/_dictionaries/nothing").statusCode());
    }

    @ParameterizedTest
    @ValueSource(strings = {"dcz", "dcb"})
    void aClientHoldingTheDictionaryGetsItsCoding(String coding) throws Exception {
        byte[] identity = DictionaryResource.order(3).getBytes(StandardCharsets.UTF_8);
        HttpResponse<byte[]> r = get("/dict/orders/3", "Accept-Encoding", "gzip, br, zstd, " + coding,
                "Available-Dictionary", DICTIONARY.hashField(), "Dictionary-ID", "\"orders-v1\"");
        assertEquals(200, r.statusCode());
        assertEquals(coding, r.headers().firstValue("Content-Encoding").orElse(null));
        assertEquals(r.body().length, Long.parseLong(r.headers().firstValue("Content-Length").orElseThrow()));
        assertArrayEquals(identity, decode(coding, DICTIONARY, r.body()));
        assertTrue(vary(r).containsAll(List.of("Accept-Encoding", "Available-Dictionary")), vary(r).toString());
        assertEquals("</_dictionaries/orders>; rel=\"compression-dictionary\"", r.headers().firstValue("Link").orElse(null));
        assertTrue(r.body().length * 3 < identity.length, r.body().length + " of " + identity.length);
    }

    @Test
    void dczWinsATieAndWeightsDecide() throws Exception {
        String hash = DICTIONARY.hashField();
        assertEquals("dcz", get("/dict/orders/1", "Accept-Encoding", ALL, "Available-Dictionary", hash)
                .headers().firstValue("Content-Encoding").orElse(null));
        assertEquals("dcb", get("/dict/orders/1", "Accept-Encoding", "dcz;q=0.5, dcb", "Available-Dictionary", hash)
                .headers().firstValue("Content-Encoding").orElse(null));
    }

    /** curl, or a browser without the dictionary: ordinary negotiation, but the response still varies. */
    @Test
    void everyoneElseGetsOrdinaryCodings() throws Exception {
        HttpResponse<byte[]> plain = get("/dict/orders/1", "Accept-Encoding", "gzip");
        assertEquals("gzip", plain.headers().firstValue("Content-Encoding").orElse(null));
        assertTrue(vary(plain).containsAll(List.of("Accept-Encoding", "Available-Dictionary")), vary(plain).toString());
        assertTrue(plain.headers().firstValue("Link").isPresent());
        byte[] unknown = new byte[32];
        for (String[] h : List.of(
                new String[] {"Accept-Encoding", "gzip, dcz", "Available-Dictionary", DictionaryHeaders.formatByteSequence(unknown)},
                new String[] {"Accept-Encoding", "gzip, dcz;q=0, dcb;q=0", "Available-Dictionary", DICTIONARY.hashField()},
                new String[] {"Accept-Encoding", "gzip", "Available-Dictionary", DICTIONARY.hashField()},
                new String[] {"Accept-Encoding", "gzip, dcz", "Available-Dictionary", "not-a-hash"},
                new String[] {"Accept-Encoding", "gzip, dcz", "Available-Dictionary", ":AAAA:"})) {
            HttpResponse<byte[]> r = get("/dict/orders/1", h);
            assertEquals(200, r.statusCode(), Arrays.toString(h));
            assertEquals("gzip", r.headers().firstValue("Content-Encoding").orElse(null), Arrays.toString(h));
        }
    }

    /** curl has no dictionary: it gets an ordinary coding it decodes (and it still sees the Link). */
    @Test
    void curlGetsAnOrdinaryCoding() throws Exception {
        assumeTrue(ReferenceTool.available("curl"), "curl absent");
        String out = new String(ReferenceTool.run(List.of("curl", "-s", "--compressed", "-D", "-",
                "--max-time", "30", SERVER.uri("dict/orders/3").toString()), new byte[0]), StandardCharsets.UTF_8);
        String head = out.substring(0, out.indexOf("\r\n\r\n")).toLowerCase(java.util.Locale.ROOT);
        assertTrue(head.matches("(?s).*\r\ncontent-encoding: (gzip|br|zstd|deflate)\r\n.*"), head);
        assertTrue(head.contains("rel=\"compression-dictionary\""), head);
        assertEquals(DictionaryResource.order(3), out.substring(out.indexOf("\r\n\r\n") + 4));
    }

    @Test
    void entityTagsAndNotModifiedPerDictionaryCoding() throws Exception {
        String hash = DICTIONARY.hashField();
        HttpResponse<byte[]> r = get("/dict/orders/2?etag=v7", "Accept-Encoding", "dcz", "Available-Dictionary", hash);
        // The dictionary's identity is in the variant: the same level against another dictionary is other bytes.
        String dictionaryId = java.util.HexFormat.of().formatHex(DICTIONARY.sha256(), 0, 6);
        String tag = r.headers().firstValue("ETag").orElse("");
        assertTrue(tag.matches("\"v7-dcz-[0-9]+\\." + dictionaryId + "\""), tag);
        HttpResponse<byte[]> again = get("/dict/orders/2?etag=v7", "Accept-Encoding", "dcz", "Available-Dictionary", hash,
                "If-None-Match", tag);
        assertEquals(304, again.statusCode());
        assertEquals(0, again.body().length);
        assertEquals(tag, again.headers().firstValue("ETag").orElse(null));
    }

    @Test
    void streamedResponsesAreCodedToo() throws Exception {
        HttpResponse<byte[]> r = get("/dict/orders/stream/400", "Accept-Encoding", "dcz, dcb",
                "Available-Dictionary", DICTIONARY.hashField());
        assertEquals("dcz", r.headers().firstValue("Content-Encoding").orElse(null));
        assertTrue(r.headers().firstValue("Content-Length").isEmpty());
        String decoded = new String(decode("dcz", DICTIONARY, r.body()), StandardCharsets.UTF_8);
        assertTrue(decoded.startsWith("[" + DictionaryResource.order(0)) && decoded.endsWith(DictionaryResource.order(399) + "]"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dcz", "dcb"})
    void requestBodiesWithAKnownDictionaryAreDecoded(String coding) throws Exception {
        byte[] body = DictionaryResource.order(9).getBytes(StandardCharsets.UTF_8);
        HttpResponse<byte[]> r = post("/dict/orders/echo", encode(coding, DICTIONARY, body), coding);
        assertEquals(200, r.statusCode(), new String(r.body(), StandardCharsets.UTF_8));
        assertEquals(coding + ":" + body.length + ":" + new String(body, StandardCharsets.UTF_8),
                new String(r.body(), StandardCharsets.UTF_8));
    }

    /** Dictionary-coded bodies, responses and requests, are observed like any other: counted per coding. */
    @ParameterizedTest
    @ValueSource(strings = {"dcz", "dcb"})
    void dictionaryCodedBodiesAreCounted(String coding) throws Exception {
        CompressionStatistics.Totals encodedBefore = totals(SERVER.statistics().encodedByCoding(), coding);
        HttpResponse<byte[]> r = get("/dict/orders/3", "Accept-Encoding", coding,
                "Available-Dictionary", DICTIONARY.hashField());
        assertEquals(coding, r.headers().firstValue("Content-Encoding").orElse(null));
        CompressionStatistics.Totals encoded = totals(SERVER.statistics().encodedByCoding(), coding);
        assertEquals(encodedBefore.bodies() + 1, encoded.bodies(), "the response counts under " + coding);
        assertEquals(encodedBefore.bytesOut() + r.body().length, encoded.bytesOut(), "with the bytes sent");

        CompressionStatistics.Totals decodedBefore = totals(SERVER.statistics().decodedByCoding(), coding);
        byte[] body = DictionaryResource.order(9).getBytes(StandardCharsets.UTF_8);
        byte[] wire = encode(coding, DICTIONARY, body);
        assertEquals(200, post("/dict/orders/echo", wire, coding).statusCode());
        CompressionStatistics.Totals decoded = totals(SERVER.statistics().decodedByCoding(), coding);
        assertEquals(decodedBefore.bodies() + 1, decoded.bodies(), "the request body counts under " + coding);
        assertEquals(decodedBefore.bytesIn() + wire.length, decoded.bytesIn(), "with its compressed bytes");
        assertEquals(decodedBefore.bytesOut() + body.length, decoded.bytesOut(), "and its decoded bytes");
    }

    static CompressionStatistics.Totals totals(java.util.Map<String, CompressionStatistics.Totals> map, String key) {
        return map.getOrDefault(key, new CompressionStatistics.Totals(0, 0, 0, 0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dcz", "dcb"})
    void unknownDictionaryIs400AndABombIs413(String coding) throws Exception {
        byte[] body = DictionaryResource.order(9).getBytes(StandardCharsets.UTF_8);
        CompressionDictionary other = CompressionDictionary.of("other", "This is a test dictionary.\n".getBytes(
                StandardCharsets.US_ASCII), "/*", "");
        HttpResponse<byte[]> unknown = post("/dict/orders/echo", encode(coding, other, body), coding);
        assertEquals(400, unknown.statusCode());
        assertTrue(new String(unknown.body(), StandardCharsets.UTF_8).contains("unknown dictionary"));
        assertEquals(400, post("/dict/orders/echo", "{}".getBytes(StandardCharsets.UTF_8), coding).statusCode());
        byte[] bomb = encode(coding, DICTIONARY, new byte[LIMIT * 5]);
        assertEquals(413, post("/dict/orders/echo", bomb, coding).statusCode());
    }

    /** A new version of a delta resource costs a few bytes for a client that holds the previous one. */
    @Test
    void deltaVersionsAreCodedAgainstThePreviousOne() throws Exception {
        HttpResponse<byte[]> first = get("/dict/catalog?v=1", "Accept-Encoding", "gzip, dcz");
        assertEquals("gzip", first.headers().firstValue("Content-Encoding").orElse(null));
        UseAsDictionary use = DictionaryHeaders.parseUseAsDictionary(first.headers().firstValue("Use-As-Dictionary").orElseThrow());
        assertEquals("/dict/catalog", use.match());
        byte[] v1 = DictionaryResource.catalogDocument(1).getBytes(StandardCharsets.UTF_8);
        CompressionDictionary previous = CompressionDictionary.of("v1", v1, use.match(), "");
        HttpResponse<byte[]> second = get("/dict/catalog?v=2", "Accept-Encoding", "gzip, dcz",
                "Available-Dictionary", previous.hashField());
        assertEquals("dcz", second.headers().firstValue("Content-Encoding").orElse(null));
        byte[] v2 = DictionaryResource.catalogDocument(2).getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(v2, decode("dcz", previous, second.body()));
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(gz)) {
            g.write(v2);
        }
        assertTrue(second.body().length * 20 < gz.size(), "delta " + second.body().length + " B, gzip " + gz.size() + " B");
        // A version the server never sent is unknown: ordinary coding.
        HttpResponse<byte[]> stranger = get("/dict/catalog?v=3", "Accept-Encoding", "gzip, dcz", "Available-Dictionary",
                CompressionDictionary.of("x", DictionaryResource.catalogDocument(99).getBytes(StandardCharsets.UTF_8), "/*", "").hashField());
        assertEquals("gzip", stranger.headers().firstValue("Content-Encoding").orElse(null));
        assertNull(get("/dict/orders/1").headers().firstValue("Use-As-Dictionary").orElse(null));
        assertFalse(first.headers().firstValue("Link").isPresent());
    }
}
