package dev.restcompress.server;

import dev.restcompress.testing.Codecs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.io.BufferPool;
import dev.restcompress.testing.TestServer;
import dev.restcompress.testing.TestServerExtension;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * 1 GiB of zeros (LZF: see {@link #bombSize}), compressed, sent as a request body to a method that
 * reads the whole entity into a byte array: the server must answer 413 at the limit, and the heap must not grow by anything like
 * the decoded size while it does (sampled in a background thread).
 */
@Timeout(120)
class CompressionBombTest {
    static final int LIMIT = 4 << 20;
    static final long BOMB_SIZE = 1L << 30;
    /** What the heap may grow by: twice the limit (the entity reader's growing array) plus slack. */
    static final long HEAP_BOUND = 2L * LIMIT + (64L << 20);

    @RegisterExtension
    static final TestServerExtension server = TestServerExtension.of(Set.of(CodingsResource.class, WireRecorder.class),
            Map.of(CompressionSettings.MAX_DECODED_SIZE, LIMIT));
    static final Map<String, Codec> CODECS = Map.of("zstd", Codecs.of("zstd", 3, 1), "br", Codecs.of("br", 4, 1),
            "gzip", Codecs.of("gzip", 1, 1), "lzf", Codecs.of("lzf"));
    /**
     * The bombs, made once per coding and size: deflating a GiB of zeros took most of this class's
     * time when each test made its own (gzip level 1 finds the same 258-byte matches as level 6, as fast
     * as deflate goes, so the bomb's ratio is the format's ~1000:1 either way).
     */
    static final Map<String, byte[]> BOMBS = new java.util.concurrent.ConcurrentHashMap<>();



    /** Compresses {@link #BOMB_SIZE} zeros through the streaming encoder, 1 MiB at a time. */
    /**
     * How much the bomb decodes to. LZF's format caps its ratio near 90:1, so a 1 GiB LZF bomb is a
     * 12 MB upload: most of it still unsent at the 413, which then races the container's reset of a
     * connection closed with unread bytes (a lingering close is the container's business) instead of
     * testing the decoder's bound. Four times the limit proves that bound as well, in a body the
     * socket buffers hold.
     */
    static long bombSize(Codec codec, long limit) {
        return codec.coding().equals("lzf") ? 4 * limit : BOMB_SIZE;
    }

    static byte[] bomb(Codec codec, long decodedSize) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        byte[] zeros = new byte[1 << 20];
        try (OutputStream out = codec.compressingStream(sink)) {
            for (long written = 0; written < decodedSize; written += zeros.length) {
                out.write(zeros);
            }
        }
        return sink.toByteArray();
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "br", "gzip", "lzf"})
    void bombIs413WithBoundedHeap(String coding) throws Exception {
        attack(server.uri("echo"), coding, LIMIT, HEAP_BOUND);
    }

    /**
     * The bar: heap growth under twice the configured limit. With a resource that consumes the
     * body as a stream nothing but the decoder's window is held, so the bound holds even counting the
     * garbage the test's own client and server produce meanwhile (a larger limit keeps that fixed churn
     * small next to it).
     */
    @ParameterizedTest
    @ValueSource(strings = {"zstd", "br", "gzip", "lzf"})
    void streamedBombGrowsTheHeapByLessThanTwiceTheLimit(String coding) throws Exception {
        int limit = 32 << 20;
        try (TestServer big = TestServer.start(
                new CodingsTestApplication(Map.of(CompressionSettings.MAX_DECODED_SIZE, limit)))) {
            attack(big.uri("count"), coding, limit, 2L * limit);
        }
    }

    private static void attack(java.net.URI target, String coding, int limit, long heapBound)
            throws Exception {
        long size = bombSize(CODECS.get(coding), limit);
        byte[] body = BOMBS.computeIfAbsent(coding + " " + size, k -> {
            try {
                return bomb(CODECS.get(coding), size);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertTrue(body.length < 16 << 20, "bomb is " + body.length + " bytes");
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        long baseline = memory.getHeapMemoryUsage().getUsed();
        AtomicLong peak = new AtomicLong(baseline);
        AtomicBoolean done = new AtomicBoolean();
        Thread sampler = new Thread(() -> {
            // Bounded: stops when the request is done, or after 60 s at the latest.
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!done.get() && System.nanoTime() < deadline) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "heap-sampler");
        sampler.setDaemon(true);
        sampler.start();
        HttpResponse<byte[]> r;
        long started = System.nanoTime();
        try {
            // Chunked (no Content-Length): Undertow refuses any request body declared larger than 2 MiB
            // (its default max entity size) with a bare 500 before the application runs, and the LZF
            // bomb is 12 MB on the wire. Chunked, the decoder sees it and stops at the limit.
            HttpRequest req = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(60))
                    .header("Content-Encoding", coding)
                    .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body)))
                    .build();
            // Each bomb on a connection of its own, as an attacker's would be: the 413 comes while the client
            // is still sending, and a client that pools that connection may send its next request into the
            // rest of a body the server still expects (an empty 400 from Undertow, seen once).
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            r = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
        } finally {
            done.set(true);
            sampler.join(5_000);
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        assertEquals(413, r.statusCode(), new String(r.body(), StandardCharsets.UTF_8));
        long growth = peak.get() - baseline;
        // For the record (the closing notes quote it): what the attack cost.
        System.out.printf("bomb %s to %s: %d bytes on the wire for %d MiB, 413 after %d ms, heap growth %d MiB "
                + "(bound %d MiB, limit %d MiB)%n", coding, target.getPath(), body.length,
                bombSize(CODECS.get(coding), limit) >> 20, millis, growth >> 20, heapBound >> 20, limit >> 20);
        assertTrue(growth < heapBound, "heap grew by " + (growth >> 20) + " MiB decoding a " + coding
                + " bomb; bound " + (heapBound >> 20) + " MiB");
    }
}
