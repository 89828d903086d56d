package dev.restcompress.jersey;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.client.RestCompressClientFeature;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.server.RestCompressFeature;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.SeBootstrap;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.ClientResponseFilter;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The library, unchanged, on Jersey 3.1 (JDK HTTP server through SeBootstrap, and the Jersey
 * client): proof that the core uses nothing but the Jakarta REST API. Wire bytes are checked with
 * compress-lzf and java.util.zip directly.
 */
@Timeout(60)
class JerseyPortabilityTest {
    static final int LIMIT = 100_000;
    static SeBootstrap.Instance server;
    static URI base;
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** The application under test. */
    public static class JerseyApp extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(JerseyResource.class, RestCompressFeature.class, JerseyWireRecorder.class);
        }

        @Override
        public Map<String, Object> getProperties() {
            return Map.of(CompressionSettings.MAX_DECODED_SIZE, LIMIT);
        }
    }

    @BeforeAll
    static void start() throws Exception {
        SeBootstrap.Configuration config = SeBootstrap.Configuration.builder().host("127.0.0.1")
                .port(SeBootstrap.Configuration.FREE_PORT).rootPath("/").build();
        server = SeBootstrap.start(new JerseyApp(), config).toCompletableFuture().get(60, TimeUnit.SECONDS);
        base = URI.create("http://127.0.0.1:" + server.configuration().port() + "/");
        assertTrue(server.unwrap(Object.class).getClass().getName().contains("jersey"),
                "expected Jersey, got " + server.unwrap(Object.class).getClass());
    }

    @AfterAll
    static void stop() throws Exception {
        server.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    static HttpResponse<byte[]> send(HttpRequest.Builder b) throws Exception {
        return HTTP.send(b.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static HttpResponse<byte[]> get(String path, String acceptEncoding) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path));
        if (acceptEncoding != null) {
            b.header("Accept-Encoding", acceptEncoding);
        }
        return send(b);
    }

    static byte[] lzfDecode(byte[] b) throws IOException {
        return com.ning.compress.lzf.LZFDecoder.safeDecode(b);
    }

    static byte[] gunzip(byte[] b) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(b))) {
            return in.readAllBytes();
        }
    }

    static String header(HttpResponse<?> r, String name) {
        return r.headers().firstValue(name).orElse(null);
    }

    @ParameterizedTest
    @CsvSource({"lzf,lzf", "gzip,gzip", "'gzip, lzf',lzf", "'lzf;q=0.5, gzip',gzip", "br,", "'*;q=0, lzf',lzf"})
    void encodesWithExactLengthAndVary(String accept, String expected) throws Exception {
        HttpResponse<byte[]> r = get("data/40000", accept);
        assertEquals(200, r.statusCode());
        assertEquals(expected, header(r, "Content-Encoding"));
        assertTrue(header(r, "Vary").contains("Accept-Encoding"));
        byte[] body = expected == null ? r.body() : expected.equals("lzf") ? lzfDecode(r.body()) : gunzip(r.body());
        assertArrayEquals(JerseyResource.payload(40000), body);
        if (expected != null) {
            // Jersey frames bodies itself: exact length within its 8 KiB buffer, chunked beyond it.
            // Either way the message must be well-formed (never both framings).
            String length = header(r, "Content-Length");
            assertEquals(r.body().length <= 8192 ? Integer.toString(r.body().length) : null, length);
        }
    }

    @Test
    void smallBodiesAndUnannotatedMethodsStayPlain() throws Exception {
        HttpResponse<byte[]> small = get("data/500", "lzf");
        assertEquals(null, header(small, "Content-Encoding"));
        assertArrayEquals(JerseyResource.payload(500), small.body());
        HttpResponse<byte[]> plain = get("plain/40000", "lzf");
        assertEquals(null, header(plain, "Content-Encoding"));
        assertEquals(null, header(plain, "Vary"));
    }

    @Test
    void notAcceptableIs406() throws Exception {
        assertEquals(406, get("data/40000", "br, identity;q=0").statusCode());
    }

    @Test
    void etagsAndConditionalRequests() throws Exception {
        HttpResponse<byte[]> r = get("etag", "lzf");
        assertEquals("\"j1-lzf\"", header(r, "ETag"));
        HttpResponse<byte[]> notModified = send(HttpRequest.newBuilder(base.resolve("etag"))
                .header("Accept-Encoding", "lzf").header("If-None-Match", "\"j1-lzf\""));
        assertEquals(304, notModified.statusCode());
    }

    @Test
    void streamingOutputIsEncodedAndChunked() throws Exception {
        HttpResponse<byte[]> r = get("stream/50", "gzip");
        assertEquals("gzip", header(r, "Content-Encoding"));
        String text = new String(gunzip(r.body()));
        assertTrue(text.startsWith("part 0\n") && text.endsWith("part 49\n"), text);
    }

    @Test
    void requestBodiesAreDecodedAndBounded() throws Exception {
        byte[] data = JerseyResource.payload(50_000);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(data);
        }
        HttpResponse<byte[]> ok = send(HttpRequest.newBuilder(base.resolve("echo")).header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(gz.toByteArray())));
        assertEquals(200, ok.statusCode());
        assertArrayEquals(data, ok.body());

        byte[] big = com.ning.compress.lzf.LZFEncoder.encode(new byte[LIMIT + 1]);
        assertEquals(413, send(HttpRequest.newBuilder(base.resolve("echo")).header("Content-Encoding", "lzf")
                .POST(HttpRequest.BodyPublishers.ofByteArray(big))).statusCode());
        byte[] truncated = Arrays.copyOf(gz.toByteArray(), gz.size() / 2);
        assertEquals(400, send(HttpRequest.newBuilder(base.resolve("echo")).header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(truncated))).statusCode());
        HttpResponse<byte[]> unknown = send(HttpRequest.newBuilder(base.resolve("echo"))
                .header("Content-Encoding", "compress").POST(HttpRequest.BodyPublishers.ofByteArray(data)));
        assertEquals(415, unknown.statusCode());
        assertTrue(header(unknown, "Accept-Encoding").contains("lzf"));
    }

    @Test
    void jerseyClientWithTheClientFeature() {
        // USER response filters run before the feature's (ENTITY_CODER) decoding filter, so this one
        // sees the coding that came over the wire.
        AtomicReference<String> wireCoding = new AtomicReference<>("unset");
        ClientResponseFilter recorder = (request, response) ->
                wireCoding.set(response.getHeaderString(HttpHeaders.CONTENT_ENCODING));
        Client client = ClientBuilder.newClient().register(RestCompressClientFeature.class)
                .register(recorder, Priorities.USER);
        try {
            byte[] data = JerseyResource.payload(60_000);
            try (Response r = client.target(base.resolve("data/60000")).request().get()) {
                assertEquals(200, r.getStatus());
                // The feature advertised its codings; the server (lzf, gzip) picked lzf by preference.
                String advertised = JerseyWireRecorder.LAST_ACCEPT_ENCODING.get();
                assertTrue(advertised != null && advertised.contains("lzf") && advertised.contains("gzip"), advertised);
                assertEquals("lzf", wireCoding.get(), "coding on the wire");
                // ... and decoded it transparently: the caller sees a plain response.
                assertNull(r.getHeaderString(HttpHeaders.CONTENT_ENCODING));
                assertArrayEquals(data, r.readEntity(byte[].class));
            }
            byte[] echoed = client.target(base.resolve("echo")).request()
                    .property(CompressionSettings.CLIENT_REQUEST_CODING, "lzf")
                    .post(Entity.entity(data, MediaType.APPLICATION_OCTET_STREAM), byte[].class);
            assertEquals("lzf", JerseyWireRecorder.LAST_CONTENT_ENCODING.get(), "request body coding on the wire");
            assertArrayEquals(data, echoed);
        } finally {
            client.close();
        }
    }

    @Test
    void jerseyClientHonoursPropertiesSetAfterRegister() {
        AtomicReference<String> wireCoding = new AtomicReference<>("unset");
        ClientResponseFilter recorder = (request, response) ->
                wireCoding.set(response.getHeaderString(HttpHeaders.CONTENT_ENCODING));
        Client client = ClientBuilder.newClient().register(RestCompressClientFeature.class)
                .register(recorder, Priorities.USER)
                .property(CompressionSettings.CLIENT_ACCEPT_ENCODING, "gzip")
                .property(CompressionSettings.CLIENT_REQUEST_CODING, "gzip");
        try {
            byte[] data = JerseyResource.payload(60_000);
            assertArrayEquals(data, client.target(base.resolve("data/60000")).request().get(byte[].class));
            assertEquals("gzip", JerseyWireRecorder.LAST_ACCEPT_ENCODING.get());
            assertEquals("gzip", wireCoding.get());
            byte[] echoed = client.target(base.resolve("echo")).request()
                    .post(Entity.entity(data, MediaType.APPLICATION_OCTET_STREAM), byte[].class);
            assertEquals("gzip", JerseyWireRecorder.LAST_CONTENT_ENCODING.get(), "request body coding on the wire");
            assertArrayEquals(data, echoed);
        } finally {
            client.close();
        }
    }

    @Test
    void jerseyClientFailsOnAnInvalidPropertySetAfterRegisterWithTheServersMessage() {
        String expected = assertThrows(IllegalArgumentException.class, () -> CompressionSettings.from(
                Map.<String, Object>of(CompressionSettings.MAX_DECODED_SIZE, "lots")::get)).getMessage();
        Client client = ClientBuilder.newClient().register(RestCompressClientFeature.class)
                .property(CompressionSettings.MAX_DECODED_SIZE, "lots");
        try {
            RuntimeException e = assertThrows(RuntimeException.class,
                    () -> client.target(base.resolve("data/3000")).request().get(byte[].class));
            String message = null;
            for (Throwable t = e; t != null && message == null; t = t.getCause()) {
                if (t instanceof IllegalArgumentException) {
                    message = t.getMessage();
                }
            }
            assertEquals(expected, message, String.valueOf(e));
        } finally {
            client.close();
        }
    }
}
