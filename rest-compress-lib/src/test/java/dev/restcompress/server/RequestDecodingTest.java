package dev.restcompress.server;

import dev.restcompress.testing.Codecs;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.io.BufferPool;
import dev.restcompress.testing.TestServerExtension;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Request bodies with Content-Encoding over real HTTP: decoding, limits, corrupt input, unknown codings. */
@Timeout(60)
class RequestDecodingTest {
    static final int LIMIT = 100_000;
    @RegisterExtension
    static final TestServerExtension server = TestServerExtension.of(Set.of(TestResource.class, WireRecorder.class),
            Map.of(CompressionSettings.MAX_DECODED_SIZE, LIMIT));
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    static final Codec LZF = Codecs.of("lzf");
    static final Codec GZIP = Codecs.of("gzip", 6, 1);



    static byte[] compress(Codec codec, byte[] data) {
        byte[] out = new byte[codec.maxCompressedLength(data.length)];
        return Arrays.copyOf(out, codec.compress(data, 0, data.length, out, 0));
    }

    static HttpResponse<byte[]> post(String path, byte[] body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.uri(path)).timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static String text(HttpResponse<byte[]> r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @CsvSource({"lzf", "gzip", "x-gzip", "LZF"})
    void decodesRequestBodies(String coding) throws Exception {
        byte[] data = TestResource.payload(50_000);
        Codec codec = coding.equalsIgnoreCase("lzf") ? LZF : GZIP;
        HttpResponse<byte[]> r = post("echo", compress(codec, data), "Content-Encoding", coding,
                "Content-Type", "application/json");
        assertEquals(200, r.statusCode(), text(r));
        assertArrayEquals(data, r.body());
    }

    @ParameterizedTest
    @CsvSource({"20000,200", "99000,200", "100001,413"})
    void chunkedBodiesTakeTheStreamingPath(int size, int status) throws Exception {
        // No Content-Length: the body cannot be read whole up front, so it streams through the decoder.
        byte[] gz = compress(GZIP, TestResource.payload(size));
        HttpRequest req = HttpRequest.newBuilder(server.uri("echo")).timeout(Duration.ofSeconds(30))
                .header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(gz))).build();
        HttpResponse<byte[]> r = HTTP.send(req, HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(status, r.statusCode(), text(r));
        if (status == 200) {
            assertArrayEquals(TestResource.payload(size), r.body());
        }
    }

    @Test
    void decodesStackedCodingsInReverseOrder() throws Exception {
        byte[] data = TestResource.payload(30_000);
        byte[] body = compress(LZF, compress(GZIP, data)); // gzip applied first, then lzf
        HttpResponse<byte[]> r = post("echo", body, "Content-Encoding", "gzip, lzf");
        assertEquals(200, r.statusCode(), text(r));
        assertArrayEquals(data, r.body());
    }

    @Test
    void identityAndNoCodingPassThrough() throws Exception {
        byte[] data = TestResource.payload(2000);
        assertArrayEquals(data, post("echo", data, "Content-Encoding", "identity").body());
        assertArrayEquals(data, post("echo", data).body());
    }

    @ParameterizedTest
    @ValueSource(ints = {LIMIT - 1, LIMIT})
    void atAndUnderTheLimitIsAccepted(int size) throws Exception {
        byte[] data = TestResource.payload(size);
        HttpResponse<byte[]> r = post("echo", compress(LZF, data), "Content-Encoding", "lzf");
        assertEquals(200, r.statusCode(), text(r));
        assertArrayEquals(data, r.body());
    }

    @ParameterizedTest
    @CsvSource({"echo,lzf", "echo,gzip", "echo-string,lzf", "count,lzf", "count,gzip"})
    void overTheLimitIs413(String path, String coding) throws Exception {
        byte[] data = TestResource.payload(LIMIT + 1);
        Codec codec = coding.equals("lzf") ? LZF : GZIP;
        HttpResponse<byte[]> r = post(path, compress(codec, data), "Content-Encoding", coding,
                "Content-Type", "text/plain");
        assertEquals(413, r.statusCode(), text(r));
        assertTrue(text(r).contains("limit"), text(r));
    }

    @Test
    void bombIs413() throws Exception {
        // 50 MB of zeros compress to about 50 KB of gzip; the server must stop at the limit.
        java.io.ByteArrayOutputStream bomb = new java.io.ByteArrayOutputStream();
        try (java.io.OutputStream gz = GZIP.compressingStream(bomb)) {
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 50; i++) {
                gz.write(zeros);
            }
        }
        HttpResponse<byte[]> r = post("count", bomb.toByteArray(), "Content-Encoding", "gzip");
        assertEquals(413, r.statusCode(), text(r));
    }

    @ParameterizedTest
    @CsvSource({"echo,lzf", "echo,gzip", "echo-string,lzf", "count,gzip"})
    void corruptIs400(String path, String coding) throws Exception {
        HttpResponse<byte[]> r = post(path, "definitely not compressed".getBytes(), "Content-Encoding", coding,
                "Content-Type", "text/plain");
        assertEquals(400, r.statusCode(), text(r));
        assertTrue(text(r).contains("malformed " + coding), text(r));
    }

    @ParameterizedTest
    @CsvSource({"lzf", "gzip"})
    void truncatedIs400(String coding) throws Exception {
        Codec codec = coding.equals("lzf") ? LZF : GZIP;
        byte[] full = compress(codec, TestResource.payload(50_000));
        HttpResponse<byte[]> r = post("echo", Arrays.copyOf(full, full.length / 2), "Content-Encoding", coding);
        assertEquals(400, r.statusCode(), text(r));
    }

    @ParameterizedTest
    // br and zstd are known codings now (MultiCodingHttpTest); these stay unknown.
    @CsvSource({"deflate", "xz", "compress", "lzf;q=1", "'gzip, deflate'", "'xz, lzf'"})
    void unknownCodingIs415WithAcceptEncoding(String coding) throws Exception {
        HttpResponse<byte[]> r = post("echo", "whatever".getBytes(), "Content-Encoding", coding);
        assertEquals(415, r.statusCode(), text(r));
        String accept = r.headers().firstValue("Accept-Encoding").orElse("");
        assertTrue(accept.contains("lzf") && accept.contains("gzip"), accept);
    }
}
