package dev.restcompress.server;

import dev.restcompress.testing.Codecs;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.io.BufferPool;
import dev.restcompress.testing.TestServerExtension;
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
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The response path over real HTTP: negotiation, threshold, one-shot, streaming, Vary, ETag. */
@Timeout(60)
class ServerEncodingTest {
    @RegisterExtension
    static final TestServerExtension server = TestServerExtension.of(Set.of(TestResource.class, WireRecorder.class),
            Map.of());
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    static final Codec LZF = Codecs.of("lzf");
    static final Codec GZIP = Codecs.of("gzip", 6, 1);



    static HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.uri(path)).timeout(Duration.ofSeconds(30));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return HTTP.send(b.GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static byte[] decode(Codec codec, byte[] body) throws Exception {
        try (InputStream in = codec.decompressingStream(new java.io.ByteArrayInputStream(body), 1 << 26)) {
            return in.readAllBytes();
        }
    }

    static Optional<String> header(HttpResponse<?> r, String name) {
        return r.headers().firstValue(name);
    }

    static void assertVary(HttpResponse<?> r) {
        assertTrue(r.headers().allValues("Vary").stream().anyMatch(v -> v.toLowerCase().contains("accept-encoding")),
                "Vary: Accept-Encoding missing: " + r.headers().map());
    }

    @Test
    void methodPreferenceOrderBreaksTies() throws Exception {
        HttpResponse<byte[]> r = get("preferred-gzip/5000", "Accept-Encoding", "lzf, gzip");
        assertEquals("gzip", header(r, "Content-Encoding").orElse(null));
        HttpResponse<byte[]> q = get("preferred-gzip/5000", "Accept-Encoding", "lzf, gzip;q=0.9");
        assertEquals("lzf", header(q, "Content-Encoding").orElse(null));
    }

    @Test
    void belowThresholdIsSentUnencodedWithExactLength() throws Exception {
        HttpResponse<byte[]> r = get("data/1023", "Accept-Encoding", "lzf, gzip");
        assertTrue(header(r, "Content-Encoding").isEmpty());
        assertEquals("1023", header(r, "Content-Length").orElse(null));
        assertArrayEquals(TestResource.payload(1023), r.body());
        assertVary(r);
        HttpResponse<byte[]> atThreshold = get("data/1024", "Accept-Encoding", "lzf");
        assertEquals("lzf", header(atThreshold, "Content-Encoding").orElse(null));
    }

    @Test
    void identityRefusedStillEncodesSmallBodies() throws Exception {
        HttpResponse<byte[]> r = get("data/100", "Accept-Encoding", "lzf, identity;q=0");
        assertEquals("lzf", header(r, "Content-Encoding").orElse(null));
        assertArrayEquals(TestResource.payload(100), decode(LZF, r.body()));
    }

    @Test
    void encodedVariantHasItsOwnEtagAndConditionalRequestsWork() throws Exception {
        HttpResponse<byte[]> lzf = get("etag", "Accept-Encoding", "lzf");
        assertEquals("lzf", header(lzf, "Content-Encoding").orElse(null));
        assertEquals("\"v1-lzf\"", header(lzf, "ETag").orElse(null));
        HttpResponse<byte[]> lzf304 = get("etag", "Accept-Encoding", "lzf", "If-None-Match", "\"v1-lzf\"");
        assertEquals(304, lzf304.statusCode());
        assertEquals("\"v1-lzf\"", header(lzf304, "ETag").orElse(null));

        HttpResponse<byte[]> plain = get("etag");
        assertEquals("\"v1\"", header(plain, "ETag").orElse(null));
        HttpResponse<byte[]> plain304 = get("etag", "If-None-Match", "\"v1\"");
        assertEquals(304, plain304.statusCode());
        assertEquals("\"v1\"", header(plain304, "ETag").orElse(null));

        HttpResponse<byte[]> stale = get("etag", "Accept-Encoding", "lzf", "If-None-Match", "\"v0-lzf\"");
        assertEquals(200, stale.statusCode());
    }

    @ParameterizedTest
    @CsvSource({"lzf", "gzip"})
    void streamingOutputFlushReachesTheClient(String coding) throws Exception {
        TestResource.firstPartSeen = new CountDownLatch(1);
        HttpRequest req = HttpRequest.newBuilder(server.uri("stream/5")).header("Accept-Encoding", coding)
                .timeout(Duration.ofSeconds(30)).build();
        HttpResponse<InputStream> r = HTTP.send(req, HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(coding, header(r, "Content-Encoding").orElse(null));
        assertNull(header(r, "Content-Length").orElse(null), "streaming has no Content-Length");
        Codec codec = coding.equals("lzf") ? LZF : GZIP;
        try (InputStream decoded = codec.decompressingStream(r.body(), 1 << 20)) {
            byte[] first = decoded.readNBytes(("part 0 " + "x".repeat(100) + "\n").length());
            assertTrue(new String(first, StandardCharsets.US_ASCII).startsWith("part 0 "));
            // The server is still blocked in the resource until we get here.
            TestResource.firstPartSeen.countDown();
            String rest = new String(decoded.readAllBytes(), StandardCharsets.US_ASCII);
            assertTrue(rest.contains("part 4 "), rest);
        }
    }

    @Test
    void pastTheOneShotLimitTheResponseStreams() throws Exception {
        HttpResponse<byte[]> r = get("all/200000", "Accept-Encoding", "lzf");
        assertEquals("lzf", header(r, "Content-Encoding").orElse(null));
        assertTrue(header(r, "Content-Length").isEmpty(), "chunked expected: " + r.headers().map());
        assertArrayEquals(TestResource.payload(200000), decode(LZF, r.body()));
        HttpResponse<byte[]> small = get("all/60000", "Accept-Encoding", "lzf");
        assertEquals(Integer.toString(small.body().length), header(small, "Content-Length").orElse(null));
    }

    @Test
    void concurrentRequestsAreByteExact() throws Exception {
        List<Integer> sizes = Arrays.asList(10, 999, 1024, 5000, 70000, 300000);
        List<java.util.concurrent.CompletableFuture<Void>> all = new java.util.ArrayList<>();
        for (int i = 0; i < 64; i++) {
            int size = sizes.get(i % sizes.size());
            String coding = i % 3 == 0 ? "gzip" : i % 3 == 1 ? "lzf" : "identity";
            HttpRequest req = HttpRequest.newBuilder(server.uri("data/" + size)).header("Accept-Encoding", coding)
                    .timeout(Duration.ofSeconds(30)).build();
            all.add(HTTP.sendAsync(req, HttpResponse.BodyHandlers.ofByteArray()).thenAccept(r -> {
                try {
                    assertEquals(200, r.statusCode());
                    String ce = r.headers().firstValue("Content-Encoding").orElse("identity");
                    // The default threshold is 1024 bytes: smaller bodies go out unencoded, the rest
                    // in exactly the coding asked for (the payload always shrinks).
                    String expected = size < 1024 ? "identity" : coding;
                    assertEquals(expected, ce, "Content-Encoding of size " + size + " for " + coding);
                    byte[] body = ce.equals("lzf") ? decode(LZF, r.body()) : ce.equals("gzip") ? decode(GZIP, r.body())
                            : r.body();
                    assertArrayEquals(TestResource.payload(size), body, "size " + size + " " + ce);
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }));
        }
        java.util.concurrent.CompletableFuture.allOf(all.toArray(new java.util.concurrent.CompletableFuture[0]))
                .get(60, java.util.concurrent.TimeUnit.SECONDS);
        assertFalse(all.stream().anyMatch(java.util.concurrent.CompletableFuture::isCompletedExceptionally));
    }
}
