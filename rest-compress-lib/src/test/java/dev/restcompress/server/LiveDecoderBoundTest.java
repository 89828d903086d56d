package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.StreamCounters;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.testing.TestServerExtension;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code rest-compress.max-live-decoders} holds under a few hundred slow compressed uploads: each
 * opens a connection, sends its head and the first bytes of a chunked body in one of the server's
 * codings, then trickles. The first {@value #BOUND} to reach the interceptor hold a decoder each; every
 * other one gets 503 with {@code Retry-After} at once, before its decoder is opened. While they
 * trickle, the live decoders the server's own {@link StreamCounters} count never exceed the bound (and
 * reach it: the test would pass vacuously otherwise), and GETs and small sized uploads (decoded in one
 * call, taking no slot) are all served. Then the holders finish and get their bodies counted right,
 * and the extension checks that every decoder was closed by its owner. Bounded: 60 s for the slow
 * phase, 120 s in all.
 */
@Timeout(120)
class LiveDecoderBoundTest {
    static final int BOUND = 6;
    static final int SLOW = 300;
    static final int OTHERS = 40;
    @RegisterExtension
    static final TestServerExtension SERVER = TestServerExtension.of(Set.of(TestResource.class),
            Map.of(CompressionSettings.MAX_LIVE_DECODERS, BOUND));
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    static final CodecRegistry CODECS = CodecRegistry.defaults();
    /** The running test's release latch: a failed test still lets its holders finish (and close). */
    static volatile CountDownLatch current;

    @org.junit.jupiter.api.AfterEach
    void releaseHolders() {
        if (current != null) {
            current.countDown();
        }
    }

    @Test
    void slowUploadsBeyondTheBoundGet503AndEverythingElseIsServed() throws Exception {
        List<String> codings = SERVER.registry().codings();
        byte[] plain = words(300_000);
        Map<String, byte[]> coded = new java.util.HashMap<>();
        for (String c : codings) {
            coded.put(c, compress(c, plain));
        }
        long rssBefore = rssKiB();
        java.util.logging.Logger log = java.util.logging.Logger.getLogger("dev.restcompress");
        ConcurrentLinkedQueue<java.util.logging.LogRecord> records = new ConcurrentLinkedQueue<>();
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(capture);
        AtomicLong maxLive = new AtomicLong();
        CountDownLatch release = new CountDownLatch(1);
        current = release;
        AtomicInteger refused = new AtomicInteger();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        List<Upload> uploads = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        Thread sampler = new Thread(() -> {
            while (release.getCount() > 0 && System.nanoTime() < deadline) {
                maxLive.accumulateAndGet(liveDecoders(codings), Math::max);
                sleep(2);
            }
        });
        sampler.start();
        for (int i = 0; i < SLOW; i++) {
            String coding = codings.get(i % codings.size());
            Upload u = new Upload(i, coding, coded.get(coding), release, refused, failures, deadline);
            uploads.add(u);
            u.start();
        }
        // Wait until every upload beyond the bound was refused and the holders are all decoding.
        while ((refused.get() < SLOW - BOUND || liveDecoders(codings) < BOUND) && System.nanoTime() < deadline
                && failures.isEmpty()) {
            Thread.sleep(20);
        }
        long rssHeld = rssKiB();
        System.out.printf(Locale.ROOT, "live-decoder bound %d, %d slow uploads: RSS %d KiB before, %d KiB with %d"
                + " live decoders and %d refused%n", BOUND, SLOW, rssBefore, rssHeld, liveDecoders(codings), refused.get());
        assertTrue(failures.isEmpty(), "failed uploads: " + failures);
        assertEquals(SLOW - BOUND, refused.get(), "uploads refused with 503 + Retry-After (the rest hold a slot)");
        log.removeHandler(capture);
        // One line per refusal, none with a stack trace or louder than INFO: any client can provoke it.
        List<java.util.logging.LogRecord> busy = records.stream()
                .filter(r -> java.text.MessageFormat.format(r.getMessage(), r.getParameters()).contains("503")).toList();
        assertEquals(SLOW - BOUND, busy.size(), "log lines about a 503");
        assertTrue(records.stream().noneMatch(r -> r.getThrown() != null
                || r.getLevel().intValue() > java.util.logging.Level.INFO.intValue()), "no stack trace, no warning");
        // Every other request is served while the bound is reached: GETs, and small sized uploads that
        // decode in one call without a slot.
        byte[] small = TestResource.payload(2_000);
        for (int i = 0; i < OTHERS; i++) {
            HttpResponse<byte[]> get = HTTP.send(HttpRequest.newBuilder(SERVER.uri("data/5000"))
                    .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, get.statusCode(), "GET during the flood");
            assertEquals(5000, get.body().length);
            String coding = codings.get(i % codings.size());
            HttpResponse<byte[]> echo = HTTP.send(HttpRequest.newBuilder(SERVER.uri("echo"))
                    .timeout(Duration.ofSeconds(20)).header("Content-Encoding", coding)
                    .header("Content-Type", "application/octet-stream")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(compress(coding, small))).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, echo.statusCode(), "sized " + coding + " upload during the flood");
            assertTrue(Arrays.equals(small, echo.body()), "sized " + coding + " upload echoed");
        }
        assertEquals(BOUND, liveDecoders(codings), "the holders still hold their decoders");
        release.countDown();
        sampler.join(10_000);
        for (Upload u : uploads) {
            u.join(TimeUnit.NANOSECONDS.toMillis(Math.max(1, deadline - System.nanoTime())) + 10_000);
        }
        assertTrue(failures.isEmpty(), "failed uploads: " + failures);
        long served = uploads.stream().filter(u -> u.counted == plain.length).count();
        assertEquals(BOUND, served, "the holders' bodies, decoded whole once they finished");
        assertEquals(BOUND, maxLive.get(), "most live decoders seen while the uploads trickled");
    }

    /**
     * A client that hangs up mid-body gives its slot back: {@value #BOUND} holders abort, then as many
     * chunked uploads (each needing a slot) are all served.
     */
    @Test
    void aClientThatHangsUpGivesItsSlotBack() throws Exception {
        List<String> codings = SERVER.registry().codings();
        byte[] plain = words(300_000);
        CountDownLatch release = new CountDownLatch(1);
        current = release;
        AtomicInteger refused = new AtomicInteger();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        List<Upload> holders = new ArrayList<>();
        for (int i = 0; i < BOUND; i++) {
            String coding = codings.get(i % codings.size());
            Upload u = new Upload(i, coding, compress(coding, plain), release, refused, failures, deadline);
            u.abort = true;
            holders.add(u);
            u.start();
        }
        while (liveDecoders(codings) < BOUND && System.nanoTime() < deadline && failures.isEmpty()) {
            Thread.sleep(20);
        }
        assertEquals(BOUND, liveDecoders(codings), "holders decoding; failures: " + failures);
        release.countDown(); // they hang up
        for (Upload u : holders) {
            u.join(20_000);
        }
        while (liveDecoders(codings) > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(0, liveDecoders(codings), "decoders of aborted uploads closed");
        for (int i = 0; i < BOUND; i++) {
            String coding = codings.get(i % codings.size());
            byte[] body = compress(coding, plain);
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(SERVER.uri("count"))
                    .timeout(Duration.ofSeconds(20)).header("Content-Encoding", coding)
                    .header("Content-Type", "application/octet-stream")
                    .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body)))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), "chunked " + coding + " upload after the aborts: " + r.body());
            assertEquals(Integer.toString(plain.length), r.body());
        }
        assertEquals(0, refused.get());
        assertTrue(failures.isEmpty(), "failures: " + failures);
    }

    /** Decoders opened and not yet closed, over every coding, by the server's own counters. */
    static long liveDecoders(List<String> codings) {
        StreamCounters s = SERVER.registry().streams();
        long n = 0;
        for (String c : codings) {
            n += s.openedCount(StreamCounters.Kind.DECODER, c) - s.closedCount(StreamCounters.Kind.DECODER, c);
        }
        return n;
    }

    /**
     * One slow upload on a raw socket: head and the first bytes of a chunked coded body, then a few
     * bytes every 100 ms while it watches for an answer. Refused: it must be 503 with Retry-After.
     * Holding a decoder (no answer): when released, it sends the rest and reads the count.
     */
    static final class Upload extends Thread {
        private final int id;
        private final String coding;
        private final byte[] body;
        private final CountDownLatch release;
        private final AtomicInteger refused;
        private final ConcurrentLinkedQueue<String> failures;
        private final long deadline;
        volatile long counted = -1;
        /** Hang up instead of finishing when released. */
        volatile boolean abort;

        Upload(int id, String coding, byte[] body, CountDownLatch release, AtomicInteger refused,
                ConcurrentLinkedQueue<String> failures, long deadline) {
            super("slow-upload-" + id);
            this.id = id;
            this.coding = coding;
            this.body = body;
            this.release = release;
            this.refused = refused;
            this.failures = failures;
            this.deadline = deadline;
            setDaemon(true);
        }

        @Override
        public void run() {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", SERVER.base().getPort()), 10_000);
                s.setSoTimeout(100);
                OutputStream out = s.getOutputStream();
                InputStream in = s.getInputStream();
                out.write(("POST /count HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
                        + "Content-Encoding: " + coding + "\r\nTransfer-Encoding: chunked\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                int sent = chunk(out, 0, 64);
                ByteArrayOutputStream answer = new ByteArrayOutputStream();
                while (release.getCount() > 0) {
                    if (System.nanoTime() > deadline) {
                        failures.add(id + " " + coding + ": neither refused nor released in time");
                        return;
                    }
                    if (readSome(in, answer) && headEnd(answer) > 0) {
                        String head = answer.toString(StandardCharsets.ISO_8859_1);
                        if (!head.startsWith("HTTP/1.1 503") || !head.toLowerCase(Locale.ROOT).contains("\nretry-after: 1")) {
                            failures.add(id + " " + coding + ": " + head.lines().findFirst().orElse(head));
                        }
                        refused.incrementAndGet();
                        return;
                    }
                    if (sent < body.length - 64) {
                        sent = chunk(out, sent, 4); // trickle
                    }
                }
                if (abort) {
                    s.setSoLinger(true, 0); // a reset, as a client that dies mid-upload
                    return;
                }
                chunk(out, sent, body.length - sent);
                out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                s.setSoTimeout(20_000);
                while (headEnd(answer) < 0 || !complete(answer)) {
                    if (!readSome(in, answer) || System.nanoTime() > deadline + TimeUnit.SECONDS.toNanos(30)) {
                        failures.add(id + " " + coding + ": no whole answer after release: " + answer);
                        return;
                    }
                }
                String all = answer.toString(StandardCharsets.ISO_8859_1);
                if (!all.startsWith("HTTP/1.1 200")) {
                    failures.add(id + " " + coding + " after release: " + all);
                    return;
                }
                counted = Long.parseLong(all.substring(headEnd(answer)).trim());
            } catch (IOException | RuntimeException e) {
                failures.add(id + " " + coding + ": " + e);
            }
        }

        private int chunk(OutputStream out, int from, int n) throws IOException {
            out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, from, n);
            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return from + n;
        }

        /** Reads what has arrived within the socket timeout; {@code false} if nothing did. */
        private static boolean readSome(InputStream in, ByteArrayOutputStream answer) throws IOException {
            byte[] buf = new byte[4096];
            try {
                int n = in.read(buf);
                if (n < 0) {
                    throw new IOException("connection closed after " + answer.size() + " bytes: " + answer);
                }
                answer.write(buf, 0, n);
                return true;
            } catch (SocketTimeoutException e) {
                return false;
            }
        }

        /** Offset of the body, or -1 while the head is incomplete. */
        private static int headEnd(ByteArrayOutputStream answer) {
            int i = answer.toString(StandardCharsets.ISO_8859_1).indexOf("\r\n\r\n");
            return i < 0 ? -1 : i + 4;
        }

        /** Whether the body announced by Content-Length arrived whole. */
        private static boolean complete(ByteArrayOutputStream answer) {
            String all = answer.toString(StandardCharsets.ISO_8859_1);
            int end = headEnd(answer);
            for (String line : all.substring(0, end).split("\r\n")) {
                if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                    return all.length() - end >= Integer.parseInt(line.substring(15).trim());
                }
            }
            return true;
        }
    }

    /** Text of {@code size} bytes drawn from a seeded word list: compresses about 3:1, so the holders never run out of bytes to trickle. */
    static byte[] words(int size) {
        String[] words = {"order", "customer", "status", "shipped", "pending", "amount", "currency", "EUR", "item",
            "quantity", "price", "street", "city", "zip", "true", "false", "null", "id", "name", "created"};
        Random r = new Random(42);
        StringBuilder sb = new StringBuilder(size + 16);
        while (sb.length() < size) {
            sb.append(words[r.nextInt(words.length)]).append(r.nextInt(100_000)).append(r.nextBoolean() ? ' ' : '\n');
        }
        return sb.substring(0, size).getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] compress(String coding, byte[] data) {
        Codec codec = CODECS.forCoding(coding);
        byte[] out = new byte[codec.maxCompressedLength(data.length)];
        return Arrays.copyOf(out, codec.compress(data, 0, data.length, out, 0));
    }

    /** This JVM's resident set (Linux), -1 elsewhere. */
    static long rssKiB() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return -1;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
