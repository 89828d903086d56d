package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.adaptive.PressureSource;
import dev.restcompress.codec.Codec;
import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.testing.Codecs;
import dev.restcompress.testing.TestServerExtension;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Adaptive compression over HTTP. The pressure is injected (a scripted {@link PressureSource}), so the
 * steps are exact whatever else the machine does; meanwhile client threads keep the server saturated
 * with requests, and every body they get must decode to the exact entity.
 */
@Timeout(120)
class AdaptiveHttpTest {
    static final int DWELL_DOWN = 2;
    static final int DWELL_UP = 3;
    static final ScriptedPressure PRESSURE = new ScriptedPressure();

    @RegisterExtension
    static final TestServerExtension SERVER = TestServerExtension.of(Set.of(AdaptiveResource.class), Map.of(
            AdaptiveSettings.ADAPTIVE, "on",
            AdaptiveSettings.PERIOD_MS, "10", AdaptiveSettings.SMOOTHING_MS, "0", // relief rule: AdaptivePolicyTest
            AdaptiveSettings.DWELL_DOWN, Integer.toString(DWELL_DOWN),
            AdaptiveSettings.DWELL_UP, Integer.toString(DWELL_UP),
            AdaptiveSettings.PRESSURE_SOURCE, PRESSURE));

    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /**
     * Samples queued by the test, then a load between the thresholds (the step stays). Counts the calls,
     * so that the test knows when a queued sample has been applied: the sampler asked for the next one.
     */
    static final class ScriptedPressure implements PressureSource {
        final ConcurrentLinkedQueue<Double> queued = new ConcurrentLinkedQueue<>();
        final AtomicLong calls = new AtomicLong();

        @Override
        public double sample() {
            calls.incrementAndGet();
            Double next = queued.poll();
            return next != null ? next : 0.70;
        }

        /**
         * Queues {@code samples} samples of {@code load} and waits (bounded, 20 s) until the sampler has
         * applied them all; {@code keepAlive} issues a request meanwhile (the sampler runs only while
         * responses ask for the step).
         */
        void pushAndAwait(double load, int samples, Runnable keepAlive) throws InterruptedException {
            for (int i = 0; i < samples; i++) {
                queued.add(load);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!queued.isEmpty() && System.nanoTime() < deadline) {
                keepAlive.run();
                Thread.sleep(5);
            }
            long after = calls.get();
            while (calls.get() <= after && System.nanoTime() < deadline) {
                keepAlive.run();
                Thread.sleep(5);
            }
            assertTrue(queued.isEmpty() && calls.get() > after, "the sampler took the queued samples");
        }
    }

    static HttpResponse<byte[]> get(String path, String acceptEncoding) throws Exception {
        HttpRequest req = HttpRequest.newBuilder(SERVER.uri(path)).timeout(Duration.ofSeconds(30))
                .header("Accept-Encoding", acceptEncoding).GET().build();
        return HTTP.send(req, HttpResponse.BodyHandlers.ofByteArray());
    }

    static String encoding(HttpResponse<?> r) {
        return r.headers().firstValue("Content-Encoding").orElse("identity");
    }

    static byte[] compressed(String coding, int level) {
        Codec c = level == 0 ? Codecs.of(coding) : Codecs.of(coding, level, 1);
        byte[] out = new byte[c.maxCompressedLength(AdaptiveResource.JSON.length)];
        return Arrays.copyOf(out, c.compress(AdaptiveResource.JSON, 0, AdaptiveResource.JSON.length, out, 0));
    }

    static byte[] decoded(String coding, byte[] body) throws Exception {
        if (coding.equals("identity")) {
            return body;
        }
        try (InputStream in = Codecs.of(coding).decompressingStream(new ByteArrayInputStream(body), 1 << 24)) {
            return in.readAllBytes();
        }
    }

    /** Applies {@code samples} samples of {@code load}; then the step must be {@code step}, and stay. */
    static void driveTo(double load, int samples, int step) throws InterruptedException {
        PRESSURE.pushAndAwait(load, samples, () -> { });
        assertEquals(step, SERVER.statistics().adaptiveStep(), "step after " + samples + " samples of " + load);
        Thread.sleep(50); // a few neutral samples: nothing may move now
        assertEquals(step, SERVER.statistics().adaptiveStep(), "step held between the thresholds");
    }

    /** The exact body each step must send to {@code Accept-Encoding: gzip, lzf}. */
    static void assertBody(String expectedCoding, int level, HttpResponse<byte[]> r) {
        assertEquals(200, r.statusCode());
        assertEquals(expectedCoding, encoding(r));
        assertArrayEquals(compressed(expectedCoding, level), r.body(), expectedCoding + " level " + level);
    }

    @Test
    void stepsDownUnderSaturationAndBackUpWithEveryBodyExact() throws Exception {
        assertEquals(0, SERVER.statistics().adaptiveStep());
        assertBody("gzip", 6, get("adaptive/json", "gzip, lzf"));

        // Saturate: client threads loop on the resource for the whole test (bounded in time and count).
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong served = new AtomicLong();
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
        List<Thread> load = new ArrayList<>();
        long loadDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (int t = 0; t < 3; t++) {
            String accept = t == 0 ? "gzip" : "gzip, lzf";
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 20_000 && !stop.get() && System.nanoTime() < loadDeadline; i++) {
                    try {
                        HttpResponse<byte[]> r = get("adaptive/json", accept);
                        String coding = encoding(r);
                        if (!Arrays.equals(AdaptiveResource.JSON, decoded(coding, r.body()))) {
                            wrong.add(accept + " -> " + coding);
                        }
                        if (!accept.contains(coding)) {
                            wrong.add(accept + " answered with " + coding);
                        }
                        if (!seen.contains(coding)) {
                            seen.add(coding);
                        }
                        served.incrementAndGet();
                    } catch (Exception e) {
                        wrong.add(e.toString());
                    }
                }
            }, "adaptive-load-" + t);
            thread.start();
            load.add(thread);
        }
        try {
            // Pressure below saturation (0.9): a dwell of samples per step (a saturated sample moves at once).
            driveTo(0.9, DWELL_DOWN, 1);
            assertBody("gzip", 3, get("adaptive/json", "gzip, lzf"));
            driveTo(0.9, DWELL_DOWN, 2);
            assertBody("gzip", 1, get("adaptive/json", "gzip, lzf"));
            driveTo(0.9, DWELL_DOWN, 3);
            // the cheaper coding the client weighs the same
            long switchedBefore = SERVER.statistics().store().levelCosts().switched().sum();
            assertBody("lzf", 0, get("adaptive/json", "gzip, lzf"));
            assertTrue(SERVER.statistics().store().levelCosts().switched().sum() > switchedBefore,
                    "a replaced coding is counted (the switch step's cost is then not predicted)");
            // never one it weighs lower, nor one it does not accept
            assertBody("gzip", 1, get("adaptive/json", "gzip, lzf;q=0.5"));
            assertBody("gzip", 1, get("adaptive/json", "gzip"));
            // a method that must stay small keeps its level
            assertBody("gzip", 6, get("adaptive/fixed", "gzip, lzf"));
            Map<String, Map<String, Integer>> levels = SERVER.statistics().currentLevels();
            assertEquals(Map.of("gzip", 1, "lzf", 0), levels.get("AdaptiveResource#json"), levels.toString());
            assertEquals(Map.of("gzip", 6), levels.get("AdaptiveResource#fixed"), levels.toString());
            // identity is not allowed here: more pressure changes nothing
            driveTo(1.0, 3 * DWELL_DOWN, 3);
            assertBody("lzf", 0, get("adaptive/json", "gzip, lzf, identity"));

            // pressure falls: back up one step per dwell
            driveTo(0.10, DWELL_UP, 2);
            assertBody("gzip", 1, get("adaptive/json", "gzip, lzf"));
            driveTo(0.10, DWELL_UP, 1);
            assertBody("gzip", 3, get("adaptive/json", "gzip, lzf"));
            driveTo(0.10, DWELL_UP, 0);
            assertBody("gzip", 6, get("adaptive/json", "gzip, lzf"));
        } finally {
            stop.set(true);
            for (Thread t : load) {
                t.join(TimeUnit.SECONDS.toMillis(30));
            }
        }
        assertEquals(List.of(), List.copyOf(wrong), "every body byte-exact, in an accepted coding");
        assertTrue(served.get() > 0, "the load threads were served");
        Map<String, Long> byLevel = SERVER.statistics().encodedBodiesByLevel();
        for (String level : List.of("gzip/6", "gzip/3", "gzip/1", "lzf/0")) {
            assertTrue(byLevel.getOrDefault(level, 0L) > 0, level + " used: " + byLevel);
        }
    }
}
