package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.client.RestCompressClientFeature;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.codec.StreamCounters;
import dev.restcompress.testing.TestServerExtension;
import org.junit.jupiter.api.extension.RegisterExtension;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every streaming decoder and encoder is closed exactly once, on every path a body can take: the
 * counters of the server's and the client's registries must balance after each test, with nothing
 * left to the garbage collector ({@link TestServerExtension} checks after each test). (A decoder
 * left open holds native memory: about 130 KiB for zstd.)
 */
@Timeout(120)
class DecoderLifecycleTest {
    static final int LIMIT = 1 << 20;
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    static final byte[] BODY = TestResource.payload(20_000);
    @RegisterExtension
    static final TestServerExtension SERVER = TestServerExtension.of(Set.of(LifecycleResource.class),
            Map.of(CompressionSettings.MAX_DECODED_SIZE, LIMIT,
                    // stream every response, so the encoders are exercised too
                    CompressionSettings.ONE_SHOT_LIMIT, 1024));

    static CodecRegistry registry() {
        return SERVER.registry();
    }

    static List<String> codings() {
        return registry().codings();
    }

    /** The client side's codecs, made once (each codec owns pools of native contexts). */
    static final CodecRegistry CODECS = CodecRegistry.defaults();

    static byte[] compress(String coding, byte[] data) {
        Codec codec = CODECS.forCoding(coding);
        byte[] out = new byte[codec.maxCompressedLength(data.length)];
        return Arrays.copyOf(out, codec.compress(data, 0, data.length, out, 0));
    }

    /** With a Content-Length (decoded in memory, one codec call). */
    static HttpResponse<String> post(String path, String coding, byte[] body) throws Exception {
        return post(path, coding, HttpRequest.BodyPublishers.ofByteArray(body));
    }

    /** Chunked, without a length: decoded by a streaming decoder. */
    static HttpResponse<String> postChunked(String path, String coding, byte[] body) throws Exception {
        return post(path, coding, HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body)));
    }

    private static HttpResponse<String> post(String path, String coding, HttpRequest.BodyPublisher body)
            throws Exception {
        HttpRequest request = HttpRequest.newBuilder(SERVER.uri("lifecycle/" + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Encoding", coding).header("Content-Type", "text/plain").POST(body).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /**
     * Posts BODY in every coding, sized and chunked; returns how many streaming decoders the server
     * opened for it.
     */
    private long postInEveryCoding(String path, int expectedStatus, String expectedBody) throws Exception {
        StreamCounters counters = registry().streams();
        long before = openedDecoders(counters);
        for (String coding : codings()) {
            for (boolean chunked : new boolean[] {false, true}) {
                byte[] compressed = compress(coding, BODY);
                HttpResponse<String> r = chunked ? postChunked(path, coding, compressed) : post(path, coding, compressed);
                assertEquals(expectedStatus, r.statusCode(), coding + (chunked ? " chunked: " : ": ") + r.body());
                if (expectedBody != null) {
                    assertEquals(expectedBody, r.body().trim(), coding);
                }
            }
        }
        return openedDecoders(counters) - before;
    }

    private static long openedDecoders(StreamCounters counters) {
        long n = 0;
        for (String c : codings()) {
            n += counters.openedCount(StreamCounters.Kind.DECODER, c);
        }
        return n;
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes", "stream", "stream-partly", "reader", "no-content"})
    void everyWayOfReadingTheBodyClosesItsDecoder(String path) throws Exception {
        int status = path.equals("no-content") ? 204 : 200;
        String expected = switch (path) {
            case "bytes", "stream" -> LifecycleResource.expected(BODY);
            case "reader" -> LifecycleResource.expectedLength(BODY);
            default -> null;
        };
        long opened = postInEveryCoding(path, status, expected);
        // Sized bodies are decoded in one codec call; each chunked one opens a streaming decoder.
        assertEquals(codings().size(), opened, "streaming decoders opened");
    }

    /**
     * No coding's stream is zero bytes long, so an empty coded body is a 400 in every coding, sized
     * (judged in one call) or chunked (judged by the streaming decoder: lzf and zstd used to decode it
     * as an empty body), whether the reader or the resource reads it; a decoder opened for it is closed.
     */
    @ParameterizedTest
    @ValueSource(strings = {"bytes", "stream"})
    void anEmptyCodedBodyIs400SizedOrChunkedInEveryCoding(String path) throws Exception {
        for (String coding : codings()) {
            HttpResponse<String> sized = post(path, coding, new byte[0]);
            assertEquals(400, sized.statusCode(), coding + " sized: " + sized.body());
            HttpResponse<String> chunked = postChunked(path, coding, new byte[0]);
            assertEquals(400, chunked.statusCode(), coding + " chunked: " + chunked.body());
            assertTrue(chunked.body().contains("malformed " + coding), coding + ": " + chunked.body());
        }
    }

    @Test
    void aResourceThatNeverReadsTheStreamOpensNothing() throws Exception {
        assertEquals(0, postInEveryCoding("stream-unread", 200, "ignored"));
    }

    @Test
    void aStreamingOutputReadingTheRequestAfterTheMethodReturnedStillWorks() throws Exception {
        for (String coding : codings()) {
            HttpResponse<String> r = postChunked("streaming-echo", coding, compress(coding, BODY));
            assertEquals(200, r.statusCode(), coding);
            assertEquals(new String(BODY, java.nio.charset.StandardCharsets.US_ASCII), r.body(), coding);
        }
    }

    @Test
    void aFailingResourceMethodClosesTheDecoder() throws Exception {
        postInEveryCoding("fails", 409, "conflict");
    }

    @Test
    void corruptTruncatedAndOversizedBodiesCloseTheirDecoders() throws Exception {
        for (String coding : codings()) {
            byte[] good = compress(coding, BODY);
            byte[] truncated = Arrays.copyOf(good, good.length / 2);
            byte[] corrupt = good.clone();
            for (int i = good.length / 3; i < good.length / 3 + 16; i++) {
                corrupt[i] ^= 0x5A;
            }
            byte[] huge = compress(coding, TestResource.payload(LIMIT + 1000));
            for (String path : List.of("bytes", "stream")) {
                for (boolean chunked : new boolean[] {false, true}) {
                    String how = coding + (chunked ? " chunked " : " sized ");
                    HttpResponse<String> t = chunked ? postChunked(path, coding, truncated) : post(path, coding, truncated);
                    assertEquals(400, t.statusCode(), how + "truncated: " + t.body());
                    assertTrue(t.body().contains("truncated"), how + "truncated says so: " + t.body());
                    HttpResponse<String> c = chunked ? postChunked(path, coding, corrupt) : post(path, coding, corrupt);
                    assertEquals(400, c.statusCode(), how + "corrupt");
                    HttpResponse<String> h = chunked ? postChunked(path, coding, huge) : post(path, coding, huge);
                    assertEquals(413, h.statusCode(), how + "over the limit");
                }
            }
        }
    }

    @Test
    void clientDecodersAndEncodersAreClosedOnEveryPath() throws Exception {
        RestCompressClientFeature clientFeature = new RestCompressClientFeature();
        Client client = ClientBuilder.newBuilder().register(clientFeature).build();
        try {
            CodecRegistry clientCodecs = null;
            for (String coding : codings()) {
                var target = client.target(SERVER.uri("lifecycle/data/50000"));
                // read whole
                String whole = target.request().header("Accept-Encoding", coding).get(String.class);
                assertEquals(50_000, whole.length(), coding);
                clientCodecs = clientFeature.registry(); // created at the client's first request
                // as a stream, partly read, then closed
                Response r = target.request().header("Accept-Encoding", coding).get();
                try (InputStream in = r.readEntity(InputStream.class)) {
                    assertEquals(100, in.readNBytes(100).length, coding);
                }
                r.close();
                // never read, only closed
                target.request().header("Accept-Encoding", coding).get().close();
                // request body encoded by the client
                String echoed = client.target(SERVER.uri("lifecycle/bytes")).request()
                        .property(CompressionSettings.CLIENT_REQUEST_CODING, coding)
                        .post(Entity.text(new String(BODY, java.nio.charset.StandardCharsets.US_ASCII)), String.class);
                assertEquals(LifecycleResource.expected(BODY), echoed.trim(), coding);
                assertTrue(clientCodecs.streams().openedCount(StreamCounters.Kind.DECODER, coding) > 0, coding);
                assertTrue(clientCodecs.streams().openedCount(StreamCounters.Kind.ENCODER, coding) > 0, coding);
            }
            TestServerExtension.assertNothingOutstanding(clientCodecs);
        } finally {
            client.close();
        }
        assertTrue(registry().streams().openedCount(StreamCounters.Kind.ENCODER, "zstd") > 0,
                "the server streamed its responses: " + registry().streams());
    }
}
