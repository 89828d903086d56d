package dev.restcompress.bench.overload;

import dev.restcompress.bench.http.HttpConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;

/**
 * What the adaptive server did during one overload step, from the demo's {@code GET /rest/metrics}: its step polled
 * every {@value #PERIOD_MS} ms on a connection of its own, and the bodies per coding and level before and after, so
 * the report can say whether the bytes per response came from a step down instead of guessing from the bytes.
 */
public final class StepTrace implements AutoCloseable {
    public static final int PERIOD_MS = 100;
    private static final String STEP = "rest_compress_adaptive_step ";
    private static final String LOAD = "rest_compress_adaptive_load ";
    private static final String BY_LEVEL = "rest_compress_encoded_bodies_by_level_total{coding=\"";

    private final HttpConnection connection;
    private final Map<String, Long> before;
    private final int[] samplesAt = new int[8];
    private final Thread poller;
    private volatile boolean stop;
    private int moves;
    private final List<Double> loadsAtDown = new ArrayList<>();
    private int last = -1;

    /** {@code loadsAtDown}: the CPU sample at each poll that found the step lower (the one that moved it, or next). */
    public record Summary(int samples, int[] samplesAt, int moves, Map<String, Long> bodiesByLevel,
            List<Double> loadsAtDown) {
        double shareAt(int step) {
            return samples == 0 ? Double.NaN : (double) samplesAt[step] / samples;
        }
    }

    private StepTrace(String host, int port) throws IOException {
        connection = new HttpConnection(host, port, 5_000);
        before = bodiesByLevel(scrape(connection));
        poller = new Thread(this::poll, "step-trace");
        poller.setDaemon(true);
        poller.start();
    }

    /** Null when the demo has no metrics endpoint. */
    public static StepTrace start(String host, int port) {
        try {
            return new StepTrace(host, port);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String scrape(HttpConnection connection) throws IOException {
        HttpConnection.Response r = connection.get("/rest/metrics", "identity");
        if (r.status() != 200) {
            throw new IOException("GET /rest/metrics: " + r.status());
        }
        return new String(r.body(), 0, r.bodyLength(), StandardCharsets.UTF_8);
    }

    private void poll() {
        long next = System.nanoTime();
        for (int failures = 0; !stop && failures <= 10; ) {
            next += TimeUnit.MILLISECONDS.toNanos(PERIOD_MS);
            LockSupport.parkNanos(next - System.nanoTime());
            try {
                String metrics = scrape(connection);
                int step = step(metrics);
                if (step >= 0 && step < samplesAt.length) {
                    synchronized (this) {
                        if (last >= 0 && step > last) {
                            loadsAtDown.add(gauge(metrics, LOAD));
                        }
                        samplesAt[step]++;
                        moves += last >= 0 && step != last ? 1 : 0;
                        last = step;
                    }
                }
            } catch (IOException | RuntimeException e) {
                failures++;
            }
        }
    }

    /** Null when the metrics could not be read. */
    public Summary finish() throws InterruptedException {
        stop = true;
        poller.join(2_000);
        Map<String, Long> delta = new TreeMap<>();
        try {
            bodiesByLevel(scrape(connection)).forEach((k, v) -> delta.put(k, v - before.getOrDefault(k, 0L)));
            delta.values().removeIf(d -> d == 0);
        } catch (IOException | RuntimeException e) {
            return null;
        }
        synchronized (this) {
            return new Summary(IntStream.of(samplesAt).sum(), samplesAt.clone(), moves, delta, List.copyOf(loadsAtDown));
        }
    }

    @Override
    public void close() {
        stop = true;
        connection.close();
    }

    public static int step(String metrics) {
        double step = gauge(metrics, STEP);
        return Double.isNaN(step) ? -1 : (int) step;
    }

    /** The value on the first line starting with {@code name} (a gauge, or a counter with its labels), else NaN. */
    public static double gauge(String metrics, String name) {
        return metrics.lines().filter(l -> l.startsWith(name)).findFirst()
                .map(l -> Double.parseDouble(l.substring(name.length()).trim())).orElse(Double.NaN);
    }

    /** {@code coding/level -> bodies}. */
    public static Map<String, Long> bodiesByLevel(String metrics) {
        Map<String, Long> out = new TreeMap<>();
        metrics.lines().filter(l -> l.startsWith(BY_LEVEL)).forEach(line -> {
            int codingEnd = line.indexOf('"', BY_LEVEL.length());
            int levelStart = line.indexOf("level=\"", codingEnd) + 7;
            long n = (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1).trim());
            out.put(line.substring(BY_LEVEL.length(), codingEnd) + "/" + line.substring(levelStart,
                    line.indexOf('"', levelStart)), n);
        });
        return out;
    }

    /** {bodies, seconds in the codec} of one coding's encoded bodies so far, or null when unreadable. */
    public static double[] encodedTotals(String host, int port, String coding) {
        try (HttpConnection c = new HttpConnection(host, port, 5_000)) {
            String metrics = scrape(c);
            double bodies = gauge(metrics, "rest_compress_encoded_bodies_total{coding=\"" + coding + "\"} ");
            double seconds = gauge(metrics, "rest_compress_encoded_seconds_total{coding=\"" + coding + "\"} ");
            return Double.isNaN(bodies) || Double.isNaN(seconds) ? null : new double[] {bodies, seconds};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
