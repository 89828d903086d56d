package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.io.BufferPool;
import dev.restcompress.io.PooledResources;
import dev.restcompress.testing.TestServer;
import dev.restcompress.testing.TestServerExtension;
import org.junit.jupiter.api.AfterEach;
import jakarta.ws.rs.core.Application;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Abuse over real HTTP: malformed Accept-Encoding, hundreds of concurrent mixed clients with
 * checksums, and clients that vanish mid-response. Afterwards no pooled buffer or codec resource
 * may be left lent out.
 */
@Timeout(180)
class HardeningTest {
    static final RestCompressFeature FEATURE = new RestCompressFeature();
    static TestServer server;
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** The test resources with a feature instance we can inspect. */
    public static class App extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(TestResource.class);
        }

        @Override
        public Set<Object> getSingletons() {
            return Set.of(FEATURE);
        }
    }

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start(new App());
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    static CodecRegistry registry() {
        return FEATURE.registry();
    }

    static int resourcesInUse() {
        int sum = BufferPool.shared().outstanding();
        for (String c : registry().codings()) {
            if (registry().forCoding(c) instanceof PooledResources p) {
                sum += p.resourcesInUse();
            }
        }
        return sum;
    }

    /**
     * Waits (bounded) until every pooled resource is back, requests may still be unwinding; then
     * also every streaming decoder and encoder must have been closed by its owner.
     */
    static void assertNothingLent() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (resourcesInUse() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(0, resourcesInUse(), "pooled buffers or codec resources leaked");
        TestServerExtension.assertNothingOutstanding(registry());
    }

    @AfterEach
    void everyStreamWasClosed() throws InterruptedException {
        TestServerExtension.assertNothingOutstanding(registry());
    }

    static byte[] decode(String coding, byte[] body) throws Exception {
        if (coding == null) {
            return body;
        }
        Codec codec = registry().forCoding(coding);
        try (InputStream in = codec.decompressingStream(new ByteArrayInputStream(body), 1 << 26)) {
            return in.readAllBytes();
        }
    }

    /**
     * Each malformed header has one right answer for {@code data/5000} (offers lzf, gzip; above the
     * threshold): invalid entries are ignored (so a header of nothing valid means identity), valid
     * ones count. {@code -} means no Content-Encoding, {@code 406} Not Acceptable.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "gzip;q=2                      | -",     // q above 1: entry ignored
        "gzip;q=-0.5                   | -",
        "gzip;q=NaN                    | -",
        "gzip;q=1e3                    | -",
        ";;;,,,                        | -",     // no token at all
        "ü, gzïp                       | -",     // not tokens
        "\u00ff\u00fe                  | -",
        "gzip;q=0.5;q=0.9              | -",     // two weights (RFC 9110 allows one): entry ignored
        "gzip;q=0;q=1, lzf;q=0         | -",     // so a second q cannot undo a refusal
        "lzf;level=9;x=\"y\"           | lzf",   // unknown parameters ignored
        "*;q=0.001                     | lzf",   // any coding, server preference: lzf
        "identity;q=0, *;q=0, lzf;q=0  | 406",
        "lzf;q=0.9999                  | -",     // four decimals: entry ignored
        "gzip ; q = 0.5                | gzip",  // whitespace around ; and = tolerated
        "\"lzf\"                       | -",     // a quoted string is not a token
        "lzf\tgzip                     | -",     // one element, not a token
        "q=1                           | -",
        "=,=,=                         | -",
    })
    void malformedAcceptEncodingNeverFails(String accept, String expected) throws Exception {
        HttpResponse<byte[]> r = HTTP.send(HttpRequest.newBuilder(server.uri("data/5000"))
                .header("Accept-Encoding", accept).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        String coding = r.headers().firstValue("Content-Encoding").orElse(null);
        if (expected.equals("406")) {
            assertEquals(406, r.statusCode(), accept);
            return;
        }
        assertEquals(200, r.statusCode(), accept);
        assertEquals(expected.equals("-") ? null : expected, coding, accept);
        assertArrayEquals(TestResource.payload(5000), decode(coding, r.body()), accept);
    }

    @Test
    void hugeAcceptEncodingHeaderIsHandledQuickly() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; sb.length() < 7900; i++) {
            sb.append("x-coding-").append(i).append(";q=0.").append(i % 10).append(", ");
        }
        sb.append("lzf");
        String header = sb.toString();
        // The work is bounded by count, not by a clock: the parser keeps the first 32 distinct codings
        // (so merging duplicates stays linear in the header length) and ignores the rest, so the
        // "lzf" at the very end is never seen and the answer is identity. Without the cap it is lzf.
        assertTrue(header.split(",").length > 300, "the header lists hundreds of codings");
        HttpResponse<byte[]> r = HTTP.send(HttpRequest.newBuilder(server.uri("data/5000"))
                .header("Accept-Encoding", header).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, r.statusCode());
        assertEquals(null, r.headers().firstValue("Content-Encoding").orElse(null),
                "only the first 32 codings count; lzf is entry " + header.split(",").length);
        assertArrayEquals(TestResource.payload(5000), r.body());
        // Within the cap the same coding is honoured: the cap, not the length, decides.
        HttpResponse<byte[]> shortList = HTTP.send(HttpRequest.newBuilder(server.uri("data/5000"))
                .header("Accept-Encoding", "x-coding-1;q=0.1, x-coding-2;q=0.2, lzf")
                .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals("lzf", shortList.headers().firstValue("Content-Encoding").orElse(null));
    }

    @Test
    void manyConcurrentMixedClientsAreByteExact() throws Exception {
        int clients = 200;
        int perClient = 5;
        int[] sizes = {10, 900, 1024, 4000, 30_000, 120_000, 600_000};
        String[] codings = {"lzf", "gzip", "identity", "gzip, lzf", "lzf;q=0.5, gzip", "zstd", "br",
            "br;q=0.9, zstd;q=0.8", "gzip, deflate, br, zstd"};
        AtomicInteger checked = new AtomicInteger();
        AtomicInteger encoded = new AtomicInteger();
        int expectedEncoded = 0;
        List<CompletableFuture<Void>> all = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
            for (int k = 0; k < perClient; k++) {
                int size = sizes[(client + k) % sizes.length];
                String accept = codings[(client * 7 + k) % codings.length];
                boolean post = (client + k) % 3 == 0;
                expectedEncoded += expectedCoding(size, accept) != null ? 1 : 0;
                chain = chain.thenCompose(v -> exchange(size, accept, post).thenAccept(coding -> {
                    checked.incrementAndGet();
                    if (coding != null) {
                        encoded.incrementAndGet();
                    }
                }));
            }
            all.add(chain);
        }
        CompletableFuture.allOf(all.toArray(new CompletableFuture[0])).get(150, TimeUnit.SECONDS);
        assertEquals(clients * perClient, checked.get());
        // exchange() checks each response's coding; this guards against a run that encoded nothing.
        assertTrue(expectedEncoded > clients * perClient / 4, "the mix encodes: " + expectedEncoded);
        assertEquals(expectedEncoded, encoded.get(), "encoded responses");
        assertNothingLent();
    }

    /**
     * The coding {@code data/{size}} and {@code echo} (both {@code @LZF @FastGzip}, default threshold
     * 1024) must answer with, for the Accept-Encoding values the concurrent test sends; {@code null}
     * means none.
     */
    static String expectedCoding(int size, String accept) {
        if (size < 1024) {
            return null;
        }
        return switch (accept) {
            case "lzf", "gzip, lzf" -> "lzf";                // a tie goes to the server's preference
            case "gzip", "lzf;q=0.5, gzip", "gzip, deflate, br, zstd" -> "gzip";
            case "identity", "zstd", "br", "br;q=0.9, zstd;q=0.8" -> null; // nothing offered is asked for
            default -> throw new IllegalArgumentException(accept);
        };
    }

    /**
     * One request (GET, or POST of a compressed body to echo), checked by CRC of the decoded body and
     * by the Content-Encoding it must carry; completes with that coding ({@code null}: none).
     */
    private CompletableFuture<String> exchange(int size, String accept, boolean post) {
        byte[] expected = TestResource.payload(size);
        HttpRequest.Builder b = HttpRequest.newBuilder().timeout(Duration.ofSeconds(60)).header("Accept-Encoding", accept);
        if (post) {
            List<String> available = registry().codings();
            String requestCoding = available.get(size % available.size());
            Codec codec = registry().forCoding(requestCoding);
            byte[] out = new byte[codec.maxCompressedLength(expected.length)];
            byte[] body = Arrays.copyOf(out, codec.compress(expected, 0, expected.length, out, 0));
            b.uri(server.uri("echo")).header("Content-Encoding", requestCoding)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        } else {
            b.uri(server.uri("data/" + size)).GET();
        }
        return HTTP.sendAsync(b.build(), HttpResponse.BodyHandlers.ofByteArray()).thenApply(r -> {
            try {
                assertEquals(200, r.statusCode(), () -> new String(r.body(), StandardCharsets.UTF_8));
                String coding = r.headers().firstValue("Content-Encoding").orElse(null);
                String what = "size " + size + " accept " + accept + " post " + post;
                assertEquals(expectedCoding(size, accept), coding, what);
                byte[] decoded = decode(coding, r.body());
                assertEquals(crc(expected), crc(decoded), what);
                return coding;
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }

    private static long crc(byte[] b) {
        CRC32 crc = new CRC32();
        crc.update(b);
        return crc.getValue() ^ ((long) b.length << 32);
    }

    @Test
    void clientsThatVanishMidResponseLeakNothing() throws Exception {
        String[] paths = {"data/3000000", "all/3000000", "stream/3000"};
        for (int i = 0; i < 30; i++) {
            String path = paths[i % paths.length];
            List<String> available = registry().codings();
            String coding = available.get(i % available.size());
            if (path.startsWith("stream")) {
                TestResource.firstPartSeen = new java.util.concurrent.CountDownLatch(0);
            }
            try (Socket s = new Socket("127.0.0.1", server.base().getPort())) {
                s.setSoTimeout(10_000);
                OutputStream out = s.getOutputStream();
                out.write(("GET /" + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: " + coding
                        + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                // Read the head and a little of the body, then hang up without reading the rest. The
                // head proves the encoder was really at work when the client vanished.
                InputStream in = s.getInputStream();
                String head = readHead(in);
                assertTrue(head.startsWith("HTTP/1.1 200"), head);
                // data/ offers lzf and gzip only; all/ every coding; stream/ lzf and gzip.
                boolean offered = path.startsWith("all") || coding.equals("lzf") || coding.equals("gzip");
                assertEquals(offered ? coding : null, headerOf(head, "Content-Encoding"), path + " " + coding);
                in.readNBytes(100 + i * 37);
                s.setSoLinger(true, 0);
            }
        }
        assertNothingLent();
        // The server still serves correctly afterwards.
        exchange(200_000, "gzip", false).get(30, TimeUnit.SECONDS);
        exchange(200_000, "lzf", true).get(30, TimeUnit.SECONDS);
        assertNothingLent();
    }

    /** Reads an HTTP response head byte by byte up to the blank line (at most 16 KiB). */
    static String readHead(InputStream in) throws java.io.IOException {
        StringBuilder head = new StringBuilder();
        for (int i = 0; i < 16384 && !head.toString().endsWith("\r\n\r\n"); i++) {
            int c = in.read();
            if (c < 0) {
                break;
            }
            head.append((char) c);
        }
        return head.toString();
    }

    /** The value of a header in a response head, or {@code null}. */
    static String headerOf(String head, String name) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
    }

    @Test
    void requestBodiesCutOffMidwayLeakNothing() throws Exception {
        Codec lzf = registry().forCoding("lzf");
        byte[] data = TestResource.payload(500_000);
        byte[] out = new byte[lzf.maxCompressedLength(data.length)];
        int n = lzf.compress(data, 0, data.length, out, 0);
        for (int i = 0; i < 10; i++) {
            try (Socket s = new Socket("127.0.0.1", server.base().getPort())) {
                s.setSoTimeout(10_000);
                OutputStream os = s.getOutputStream();
                os.write(("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Encoding: lzf\r\nContent-Type: "
                        + "application/octet-stream\r\nContent-Length: " + n + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                os.write(out, 0, n / 3 + i * 100);
                os.flush();
                s.setSoLinger(true, 0);
            }
        }
        assertNothingLent();
    }
}
