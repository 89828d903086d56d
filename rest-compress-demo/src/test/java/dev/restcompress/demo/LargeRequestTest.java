package dev.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.config.CompressionSettings;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Requests larger than Undertow's default max-entity-size (2 MiB, a bare 500 before the application
 * runs): a compressed upload reaches the library (its 413 when it decodes past
 * {@code rest-compress.max-decoded-size}), a plain body within that limit is accepted, and a body
 * declared longer than the limit gets a clear 413 before it is read.
 */
@Timeout(120)
class LargeRequestTest {
    static final long LIMIT = CompressionSettings.fromSystemProperties().maxDecodedSize();
    static final long UNDERTOW_DEFAULT = 2 * 1024 * 1024;
    @RegisterExtension
    static final RunningDemo DEMO = new RunningDemo();
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** Records the "rejected" lines of rest-compress and the demo. */
    static final class Rejections extends Handler implements AutoCloseable {
        final List<String> lines = new ArrayList<>();
        final Logger logger = Logger.getLogger("dev.restcompress");

        Rejections() {
            logger.addHandler(this);
        }

        @Override public synchronized void publish(LogRecord r) {
            String text = java.text.MessageFormat.format(r.getMessage(), r.getParameters());
            if (text.contains("rejected")) {
                lines.add(r.getLevel() + " " + r.getLoggerName() + ": " + text + (r.getThrown() == null ? "" : " [thrown]"));
            }
        }

        @Override public void flush() { }

        @Override public void close() {
            logger.removeHandler(this);
        }

        synchronized List<String> lines() {
            return List.copyOf(lines);
        }
    }

    @BeforeAll
    static void start() throws Exception {
        Logger.getLogger("dev.restcompress").setLevel(Level.INFO);
    }

    /** Random decimal digits: compresses about 2.3:1, so a few MB of gzip decode to more than 10 MiB. */
    static byte[] digits(int n, long seed) {
        Random random = new Random(seed);
        byte[] out = new byte[n];
        for (int i = 0; i < n; i++) {
            out[i] = (byte) ('0' + random.nextInt(10));
        }
        return out;
    }

    static byte[] gzip(byte[] data) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(data);
        }
        return bytes.toByteArray();
    }

    static HttpResponse<byte[]> post(byte[] body, String... headers) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(URI.create(DEMO.base() + "/echo"))
                .timeout(Duration.ofSeconds(60)).headers(headers)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        return HTTP.send(req, HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void aLargeGzipUploadDecodingPastTheLimitGetsTheLibrarys413() throws Exception {
        byte[] decoded = digits((int) LIMIT + 1024 * 1024, 1);
        byte[] gz = gzip(decoded);
        assertTrue(gz.length > UNDERTOW_DEFAULT && gz.length < LIMIT, "upload size " + gz.length);
        try (Rejections log = new Rejections()) {
            HttpResponse<byte[]> r = post(gz, "Content-Encoding", "gzip", "Content-Type", "application/json");
            String body = new String(r.body(), StandardCharsets.UTF_8);
            assertEquals(413, r.statusCode(), body);
            assertTrue(body.contains("limit"), body);
            List<String> lines = log.lines();
            assertEquals(1, lines.size(), lines.toString());
            assertTrue(lines.get(0).contains("dev.restcompress.server") && lines.get(0).contains("413")
                    && !lines.get(0).contains("[thrown]"), lines.toString());
        }
    }

    @Test
    void aPlainJsonBodyOverUndertowsDefaultButWithinTheLimitIsAccepted() throws Exception {
        byte[] json = ("[" + "\"x\",".repeat(1_000_000) + "\"end\"]").getBytes(StandardCharsets.US_ASCII);
        assertTrue(json.length > UNDERTOW_DEFAULT && json.length < LIMIT, "body size " + json.length);
        HttpResponse<byte[]> r = post(json, "Content-Type", "application/json", "Accept-Encoding", "identity");
        assertEquals(200, r.statusCode());
        assertArrayEquals(json, r.body());
    }

    @Test
    void aBodyDeclaredLongerThanTheLimitGetsAClear413BeforeItIsSent() throws Exception {
        try (Rejections log = new Rejections(); Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", DEMO.port()), 10_000);
            socket.setSoTimeout(20_000);
            String head = "POST /rest/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + (LIMIT + 1) + "\r\n\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            String response = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
            assertEquals("HTTP/1.1 413", response);
            List<String> lines = log.lines();
            assertEquals(1, lines.size(), lines.toString());
            assertTrue(lines.get(0).contains(Long.toString(LIMIT + 1)), lines.toString());
        }
    }
}
