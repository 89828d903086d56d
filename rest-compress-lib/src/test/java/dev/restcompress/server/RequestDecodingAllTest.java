package dev.restcompress.server;

import dev.restcompress.server.internal.RequestBodies;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.testing.Codecs;
import dev.restcompress.testing.TestServer;
import dev.restcompress.testing.TestServerExtension;
import jakarta.ws.rs.core.Application;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code rest-compress.request-decoding=all}: resource methods without any rest-compress annotation
 * decode compressed request bodies with the same limit (413), errors (400, 415) and stream lifecycle
 * (the extension's leak check after each test) as annotated ones; by default they do not.
 */
@Timeout(60)
class RequestDecodingAllTest {
    static final int LIMIT = 100_000;
    @RegisterExtension
    static final TestServerExtension SERVER = TestServerExtension.of(Set.of(UnannotatedResource.class),
            Map.of(CompressionSettings.REQUEST_DECODING, "all", CompressionSettings.MAX_DECODED_SIZE, LIMIT));
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    static final Codec LZF = Codecs.of("lzf");
    static final Codec GZIP = Codecs.of("gzip", 6, 1);

    static byte[] compress(Codec codec, byte[] data) {
        byte[] out = new byte[codec.maxCompressedLength(data.length)];
        return Arrays.copyOf(out, codec.compress(data, 0, data.length, out, 0));
    }

    static HttpResponse<byte[]> post(URI uri, byte[] body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static HttpResponse<byte[]> post(String path, byte[] body, String... headers) throws Exception {
        return post(SERVER.uri(path), body, headers);
    }

    static String text(HttpResponse<byte[]> r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    static Codec codec(String coding) {
        return coding.equals("lzf") ? LZF : GZIP;
    }

    @ParameterizedTest
    @CsvSource({"unannotated/echo,lzf", "unannotated/echo,gzip", "unannotated/string,gzip"})
    void unannotatedMethodsDecode(String path, String coding) throws Exception {
        byte[] data = TestResource.payload(50_000);
        HttpResponse<byte[]> r = post(path, compress(codec(coding), data), "Content-Encoding", coding,
                "Content-Type", "text/plain");
        assertEquals(200, r.statusCode(), text(r));
        assertArrayEquals(data, r.body());
    }

    /** Bodies decoded because of request-decoding=all are observed like any other: counted per method and coding. */
    @ParameterizedTest
    @CsvSource({"lzf", "gzip"})
    void decodedBodiesOfUnannotatedMethodsAreCounted(String coding) throws Exception {
        byte[] data = TestResource.payload(50_000);
        byte[] wire = compress(codec(coding), data);
        CompressionStatistics.Totals byMethod = totals(SERVER.statistics().decodedByMethod(), "UnannotatedResource#echo");
        CompressionStatistics.Totals byCoding = totals(SERVER.statistics().decodedByCoding(), coding);
        HttpResponse<byte[]> r = post("unannotated/echo", wire, "Content-Encoding", coding, "Content-Type", "text/plain");
        assertEquals(200, r.statusCode(), text(r));
        CompressionStatistics.Totals method = totals(SERVER.statistics().decodedByMethod(), "UnannotatedResource#echo");
        CompressionStatistics.Totals perCoding = totals(SERVER.statistics().decodedByCoding(), coding);
        assertEquals(byMethod.bodies() + 1, method.bodies(), "one body more for the method");
        assertEquals(byMethod.bytesIn() + wire.length, method.bytesIn(), "its compressed bytes");
        assertEquals(byMethod.bytesOut() + data.length, method.bytesOut(), "its decoded bytes");
        assertEquals(byCoding.bodies() + 1, perCoding.bodies(), "one body more for " + coding);
    }

    static CompressionStatistics.Totals totals(java.util.Map<String, CompressionStatistics.Totals> map, String key) {
        return map.getOrDefault(key, new CompressionStatistics.Totals(0, 0, 0, 0));
    }

    @ParameterizedTest
    @CsvSource({"lzf", "gzip"})
    void aStreamTakingMethodReadsTheDecodedBody(String coding) throws Exception {
        HttpResponse<byte[]> r = post("unannotated/count", compress(codec(coding), TestResource.payload(60_000)),
                "Content-Encoding", coding);
        assertEquals(200, r.statusCode(), text(r));
        assertEquals("60000", text(r));
    }

    @ParameterizedTest
    @CsvSource({"lzf", "gzip"})
    void aChunkedBodyStreamsThroughADecoderThatIsClosedAtTheEnd(String coding) throws Exception {
        // No Content-Length: a streaming decoder, which RequestBodies must close (the leak check after each test).
        byte[] body = compress(codec(coding), TestResource.payload(60_000));
        HttpRequest req = HttpRequest.newBuilder(SERVER.uri("unannotated/count")).timeout(Duration.ofSeconds(30))
                .header("Content-Encoding", coding)
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body))).build();
        HttpResponse<byte[]> r = HTTP.send(req, HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, r.statusCode(), text(r));
        assertEquals("60000", text(r));
    }

    @Test
    void identityPassesThrough() throws Exception {
        byte[] data = TestResource.payload(2000);
        assertArrayEquals(data, post("unannotated/echo", data).body());
    }

    @ParameterizedTest
    @CsvSource({"unannotated/echo,lzf", "unannotated/count,gzip", "unannotated/string,gzip"})
    void overTheLimitIs413(String path, String coding) throws Exception {
        HttpResponse<byte[]> r = post(path, compress(codec(coding), TestResource.payload(LIMIT + 1)),
                "Content-Encoding", coding, "Content-Type", "text/plain");
        assertEquals(413, r.statusCode(), text(r));
        assertTrue(text(r).contains("limit"), text(r));
    }

    @ParameterizedTest
    @CsvSource({"unannotated/echo,lzf", "unannotated/count,gzip"})
    void corruptIs400(String path, String coding) throws Exception {
        HttpResponse<byte[]> r = post(path, "definitely not compressed".getBytes(StandardCharsets.US_ASCII),
                "Content-Encoding", coding);
        assertEquals(400, r.statusCode(), text(r));
        assertTrue(text(r).contains("malformed " + coding), text(r));
    }

    @Test
    void truncatedIs400AndSaysSo() throws Exception {
        byte[] full = compress(GZIP, TestResource.payload(50_000));
        HttpResponse<byte[]> r = post("unannotated/echo", Arrays.copyOf(full, full.length / 2), "Content-Encoding", "gzip");
        assertEquals(400, r.statusCode(), text(r));
        assertTrue(text(r).contains("truncated"), text(r));
    }

    @Test
    void unknownCodingIs415WithAcceptEncoding() throws Exception {
        HttpResponse<byte[]> r = post("unannotated/echo", "whatever".getBytes(StandardCharsets.US_ASCII),
                "Content-Encoding", "xz");
        assertEquals(415, r.statusCode(), text(r));
        String accept = r.headers().firstValue("Accept-Encoding").orElse("");
        assertTrue(accept.contains("lzf") && accept.contains("gzip"), accept);
    }

    @Test
    void byDefaultUnannotatedMethodsSeeTheBodyAsSent() throws Exception {
        byte[] gz = compress(GZIP, TestResource.payload(5_000));
        try (TestServer annotatedOnly = TestServer.start(new Application() {
            @Override
            public Set<Class<?>> getClasses() {
                return Set.of(UnannotatedResource.class, RestCompressFeature.class);
            }
        })) {
            HttpResponse<byte[]> r = post(annotatedOnly.uri("unannotated/echo"), gz, "Content-Encoding", "gzip");
            assertEquals(200, r.statusCode(), text(r));
            assertArrayEquals(gz, r.body());
        }
    }

    @Test
    void anInvalidValueFailsNamingKeyAndValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CompressionSettings.from(Map.<String, Object>of(CompressionSettings.REQUEST_DECODING, "everything")::get));
        assertTrue(e.getMessage().contains(CompressionSettings.REQUEST_DECODING) && e.getMessage().contains("'everything'")
                && e.getMessage().contains("annotated"), e.getMessage());
        assertTrue(CompressionSettings.from(Map.<String, Object>of(CompressionSettings.REQUEST_DECODING, " ALL ")::get)
                .decodeAllRequests());
        assertTrue(!CompressionSettings.fromSystemProperties().decodeAllRequests());
    }
}
