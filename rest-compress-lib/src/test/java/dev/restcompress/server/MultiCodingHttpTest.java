package dev.restcompress.server;

import dev.restcompress.testing.Codecs;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.io.BufferPool;
import dev.restcompress.testing.TestServerExtension;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** All four codings over real HTTP: choice, exact Content-Length, streaming flush, levels, request bodies. */
@Timeout(60)
public class MultiCodingHttpTest {
    static final int LIMIT = 200_000;
    @RegisterExtension
    static final TestServerExtension server = TestServerExtension.of(Set.of(CodingsResource.class, WireRecorder.class),
            Map.of(CompressionSettings.MAX_DECODED_SIZE, LIMIT));
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    static final Map<String, Codec> CODECS = Map.of("zstd", Codecs.of("zstd", 3, 1), "br", Codecs.of("br", 4, 3),
            "lzf", Codecs.of("lzf"), "gzip", Codecs.of("gzip", 6, 1));



    static HttpResponse<byte[]> get(String path, String acceptEncoding) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(server.uri(path)).timeout(Duration.ofSeconds(30))
                .header("Accept-Encoding", acceptEncoding).GET().build();
        return HTTP.send(req, HttpResponse.BodyHandlers.ofByteArray());
    }

    static HttpResponse<byte[]> post(String path, byte[] body, String coding) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(server.uri(path)).timeout(Duration.ofSeconds(30))
                .header("Content-Encoding", coding).POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        return HTTP.send(req, HttpResponse.BodyHandlers.ofByteArray());
    }

    public static byte[] decode(String coding, byte[] body) throws Exception {
        try (InputStream in = CODECS.get(coding).decompressingStream(new ByteArrayInputStream(body), 1 << 26)) {
            return in.readAllBytes();
        }
    }

    static byte[] compress(String coding, byte[] data) {
        Codec c = CODECS.get(coding);
        byte[] out = new byte[c.maxCompressedLength(data.length)];
        return Arrays.copyOf(out, c.compress(data, 0, data.length, out, 0));
    }

    static String encoding(HttpResponse<?> r) {
        return r.headers().firstValue("Content-Encoding").orElse("identity");
    }

    @ParameterizedTest
    @CsvSource({"all,zstd", "all,br", "all,lzf", "all,gzip", "stacked,zstd", "stacked,br", "stacked,lzf",
        "stacked,gzip"})
    void everyCodingOneShotWithExactLength(String path, String coding) throws Exception {
        HttpResponse<byte[]> r = get(path + "/50000", coding);
        assertEquals(200, r.statusCode());
        assertEquals(coding, encoding(r));
        assertEquals(Integer.toString(r.body().length), r.headers().firstValue("Content-Length").orElse(null));
        assertTrue(r.body().length < 25_000, "compressed to " + r.body().length);
        assertTrue(r.headers().allValues("Vary").stream().anyMatch(v -> v.toLowerCase().contains("accept-encoding")));
        assertArrayEquals(TestResource.payload(50_000), decode(coding, r.body()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "br"})
    void belowTheThresholdIsIdentity(String coding) throws Exception {
        HttpResponse<byte[]> r = get("all/500", coding);
        assertEquals("identity", encoding(r));
        assertArrayEquals(TestResource.payload(500), r.body());
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "br"})
    void annotatedLevelsAreUsed(String coding) throws Exception {
        byte[] normal = get("stacked/200000", coding).body();
        HttpResponse<byte[]> r = get("strong/200000", coding);
        assertEquals(coding, encoding(r));
        assertTrue(r.body().length < normal.length, "level did not apply: " + r.body().length + " vs " + normal.length);
        assertArrayEquals(TestResource.payload(200_000), decode(coding, r.body()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "br"})
    void streamingFlushReachesTheClient(String coding) throws Exception {
        CodingsResource.firstPartSeen = new CountDownLatch(1);
        HttpRequest req = HttpRequest.newBuilder(server.uri("stream/5")).header("Accept-Encoding", coding)
                .timeout(Duration.ofSeconds(30)).build();
        HttpResponse<InputStream> r = HTTP.send(req, HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(coding, encoding(r));
        assertNull(r.headers().firstValue("Content-Length").orElse(null), "streaming has no Content-Length");
        try (InputStream decoded = CODECS.get(coding).decompressingStream(r.body(), 1 << 20)) {
            byte[] first = decoded.readNBytes(("part 0 " + "x".repeat(100) + "\n").length());
            assertTrue(new String(first, StandardCharsets.US_ASCII).startsWith("part 0 "));
            // The server is still blocked in the resource until we get here.
            CodingsResource.firstPartSeen.countDown();
            String rest = new String(decoded.readAllBytes(), StandardCharsets.US_ASCII);
            assertTrue(rest.contains("part 4 "), rest);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "br", "lzf", "gzip"})
    void requestBodiesDecodeWithinTheLimit(String coding) throws Exception {
        byte[] data = TestResource.payload(LIMIT);
        HttpResponse<byte[]> ok = post("echo", compress(coding, data), coding);
        assertEquals(200, ok.statusCode());
        assertArrayEquals(data, ok.body());
        HttpResponse<byte[]> over = post("echo", compress(coding, TestResource.payload(LIMIT + 1)), coding);
        assertEquals(413, over.statusCode(), new String(over.body(), StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "br"})
    void corruptAndTruncatedRequestBodiesAre400(String coding) throws Exception {
        assertEquals(400, post("echo", "not compressed at all, not at all".getBytes(), coding).statusCode());
        byte[] full = compress(coding, TestResource.payload(50_000));
        assertEquals(400, post("echo", Arrays.copyOf(full, full.length / 2), coding).statusCode());
    }
}
