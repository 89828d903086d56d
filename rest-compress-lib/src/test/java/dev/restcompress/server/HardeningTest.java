package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.io.BufferPool;
import dev.restcompress.io.PooledResources;
import dev.restcompress.testing.TestServer;
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
import org.junit.jupiter.params.provider.ValueSource;

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

    /** Waits (bounded) until every pooled resource is back: requests may still be unwinding. */
    static void assertNothingLent() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (resourcesInUse() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(0, resourcesInUse(), "pooled buffers or codec resources leaked");
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

    @ParameterizedTest
    @ValueSource(strings = {
        "gzip;q=2", "gzip;q=-0.5", "gzip;q=NaN", "gzip;q=1e3", ";;;,,,", "ü, gzïp", "\u00ff\u00fe",
        "gzip;q=0.5;q=0.9", "lzf;level=9;x=\"y\"", "*;q=0.001", "identity;q=0, *;q=0, lzf;q=0",
        "lzf;q=0.9999", "gzip ; q = 0.5", "\"lzf\"", "lzf\tgzip", "q=1", "=,=,=",
    })
    void malformedAcceptEncodingNeverFails(String accept) throws Exception {
        HttpResponse<byte[]> r = HTTP.send(HttpRequest.newBuilder(server.uri("data/5000"))
                .header("Accept-Encoding", accept).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertTrue(r.statusCode() == 200 || r.statusCode() == 406, accept + " -> " + r.statusCode());
        if (r.statusCode() == 200) {
            String coding = r.headers().firstValue("Content-Encoding").orElse(null);
            assertArrayEquals(TestResource.payload(5000), decode(coding, r.body()), accept);
        }
    }

    @Test
    void hugeAcceptEncodingHeaderIsHandledQuickly() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; sb.length() < 7900; i++) {
            sb.append("x-coding-").append(i).append(";q=0.").append(i % 10).append(", ");
        }
        sb.append("lzf");
        long start = System.nanoTime();
        HttpResponse<byte[]> r = HTTP.send(HttpRequest.newBuilder(server.uri("data/5000"))
                .header("Accept-Encoding", sb.toString()).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, r.statusCode());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10));
    }

    @Test
    void manyConcurrentMixedClientsAreByteExact() throws Exception {
        int clients = 200;
        int perClient = 5;
        int[] sizes = {10, 900, 1024, 4000, 30_000, 120_000, 600_000};
        String[] codings = {"lzf", "gzip", "identity", "gzip, lzf", "lzf;q=0.5, gzip", "zstd", "br",
            "br;q=0.9, zstd;q=0.8", "gzip, deflate, br, zstd"};
        AtomicInteger checked = new AtomicInteger();
        List<CompletableFuture<Void>> all = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
            for (int k = 0; k < perClient; k++) {
                int size = sizes[(client + k) % sizes.length];
                String accept = codings[(client * 7 + k) % codings.length];
                boolean post = (client + k) % 3 == 0;
                chain = chain.thenCompose(v -> exchange(size, accept, post).thenAccept(ok -> checked.incrementAndGet()));
            }
            all.add(chain);
        }
        CompletableFuture.allOf(all.toArray(new CompletableFuture[0])).get(150, TimeUnit.SECONDS);
        assertEquals(clients * perClient, checked.get());
        assertNothingLent();
    }

    /** One request (GET, or POST of a compressed body to echo), checked by CRC of the decoded body. */
    private CompletableFuture<Void> exchange(int size, String accept, boolean post) {
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
        return HTTP.sendAsync(b.build(), HttpResponse.BodyHandlers.ofByteArray()).thenAccept(r -> {
            try {
                assertEquals(200, r.statusCode(), () -> new String(r.body(), StandardCharsets.UTF_8));
                byte[] decoded = decode(r.headers().firstValue("Content-Encoding").orElse(null), r.body());
                assertEquals(crc(expected), crc(decoded), "size " + size + " accept " + accept + " post " + post);
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
                // Read a little of the answer, then hang up without reading the rest.
                s.getInputStream().readNBytes(100 + i * 37);
                s.setSoLinger(true, 0);
            }
        }
        assertNothingLent();
        // The server still serves correctly afterwards.
        exchange(200_000, "gzip", false).get(30, TimeUnit.SECONDS);
        exchange(200_000, "lzf", true).get(30, TimeUnit.SECONDS);
        assertNothingLent();
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
