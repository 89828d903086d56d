package dev.restcompress.bench.load;

import dev.restcompress.bench.http.HttpConnection;
import dev.restcompress.bench.server.ServerProcess;
import dev.restcompress.codec.CodecRegistry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * One closed-loop load step: {@code concurrency} threads, each with its own keep-alive connection,
 * send the same GET back to back for a warm-up and then a measured window. Every response is
 * checked: status 200, the requested {@code Content-Encoding} (none for identity), and a body that
 * decodes, through the project's codecs as its client would, to exactly the expected bytes.
 * Anything else counts as an error.
 *
 * <p>Closed loop means each connection has one request in flight, so latency here is service time
 * under that concurrency, not the latency of an open-loop arrival rate (no coordinated-omission
 * correction applies: there is no schedule to fall behind). Only requests that start inside the
 * measured window are counted; each thread stops at the window's end, so a step lasts its warm-up
 * plus its window plus at most one request (bounded by the socket timeout).
 */
final class LoadRun {
    /** The measured window is cut into this many slices to put an error bar on requests/s. */
    static final int SLICES = 10;
    /** Student's t for a 95% two-sided interval with SLICES - 1 degrees of freedom. */
    private static final double T_95 = 2.262;
    /** Socket connect and read timeout: bounds a step when the server hangs. */
    static final int TIMEOUT_MS = 30_000;
    /** Latencies above this are clamped (HdrHistogram needs a bound); 60 s is beyond the timeout. */
    private static final long MAX_LATENCY_NS = TimeUnit.SECONDS.toNanos(60);

    private final String host;
    private final int port;
    private final String path;
    private final byte[] expected;
    private final CodecRegistry codecs;

    LoadRun(String host, int port, String path, byte[] expected, CodecRegistry codecs) {
        this.host = host;
        this.port = port;
        this.path = path;
        this.expected = expected;
        this.codecs = codecs;
    }

    /** Per-thread tallies, merged after the step. */
    private static final class Tally {
        final Histogram latency = new Histogram(MAX_LATENCY_NS, 3);
        long requests;
        long errors;
        long wireBytes;
        long bodyBytes;
        final long[] slices = new long[SLICES];
    }

    LoadResult run(String link, String coding, int concurrency, long warmupMs, double seconds, ServerProcess server)
            throws InterruptedException {
        long start = System.nanoTime();
        long measureFrom = start + TimeUnit.MILLISECONDS.toNanos(warmupMs);
        long measureTo = measureFrom + (long) (seconds * 1e9);
        AtomicReference<String> firstError = new AtomicReference<>();
        List<Tally> tallies = new ArrayList<>();
        for (int i = 0; i < concurrency; i++) {
            tallies.add(new Tally());
        }
        StepThreads.Cpu cpu = StepThreads.run(concurrency, "load-" + coding,
                i -> () -> loop(coding, tallies.get(i), measureFrom, measureTo, firstError), measureFrom, measureTo,
                TIMEOUT_MS, server);

        Histogram all = new Histogram(MAX_LATENCY_NS, 3);
        long requests = 0;
        long errors = 0;
        long wire = 0;
        long body = 0;
        long[] slices = new long[SLICES];
        for (Tally t : tallies) {
            synchronized (t) {
                for (int k = 0; k < SLICES; k++) {
                    slices[k] += t.slices[k];
                }
                all.add(t.latency);
                requests += t.requests;
                errors += t.errors;
                wire += t.wireBytes;
                body += t.bodyBytes;
            }
        }
        // Requests/s use the nominal window: counted requests started inside it (the last ones end
        // a little after it, which is the same for every step).
        double window = seconds;
        double n = Math.max(1, requests);
        return new LoadResult(link, coding, concurrency, window, requests, rateError(slices, seconds), errors,
                firstError.get(),
                all.getValueAtPercentile(50) / 1e3, all.getValueAtPercentile(90) / 1e3,
                all.getValueAtPercentile(99) / 1e3, all.getMaxValue() / 1e3,
                requests == 0 ? Double.NaN : wire / n, requests == 0 ? Double.NaN : body / n,
                cpu.serverUsPer(requests), cpu.clientUsPer(requests));
    }

    /** 95% half-width of the mean rate, treating the slices' rates as independent samples. */
    static double rateError(long[] slices, double seconds) {
        double sliceSeconds = seconds / SLICES;
        double mean = 0;
        for (long n : slices) {
            mean += n / sliceSeconds;
        }
        mean /= SLICES;
        double ss = 0;
        for (long n : slices) {
            double d = n / sliceSeconds - mean;
            ss += d * d;
        }
        return T_95 * Math.sqrt(ss / (SLICES - 1)) / Math.sqrt(SLICES);
    }

    private void loop(String coding, Tally t, long measureFrom, long measureTo, AtomicReference<String> firstError) {
        byte[] decoded = new byte[expected.length + 1];
        try (HttpConnection c = new HttpConnection(host, port, TIMEOUT_MS)) {
            long t0;
            while ((t0 = System.nanoTime()) < measureTo) {
                String error;
                HttpConnection.Response r = null;
                try {
                    r = c.get(path, coding);
                    error = check(coding, r, decoded);
                } catch (IOException | RuntimeException e) {
                    error = e.toString();
                    c.close();
                }
                long t1 = System.nanoTime();
                if (t0 < measureFrom) {
                    continue;
                }
                synchronized (t) {
                    if (error == null) {
                        t.requests++;
                        t.latency.recordValue(Math.min(t1 - t0, MAX_LATENCY_NS));
                        t.wireBytes += r.wireBytes();
                        t.bodyBytes += r.bodyLength();
                        int slice = (int) ((t0 - measureFrom) * SLICES / (measureTo - measureFrom));
                        t.slices[Math.min(slice, SLICES - 1)]++;
                    } else {
                        t.errors++;
                        firstError.compareAndSet(null, error);
                    }
                }
                if (error != null && r == null) {
                    // A connection failure: back off briefly rather than spin on a dead server.
                    sleepUntil(Math.min(measureTo, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20)));
                }
            }
        }
    }

    /** Null if the response is right, else what is wrong with it. */
    private String check(String coding, HttpConnection.Response r, byte[] decoded) throws IOException {
        if (r.status() != 200) {
            return "HTTP " + r.status();
        }
        boolean identity = coding.equals("identity");
        String got = r.contentEncoding() == null ? "identity" : r.contentEncoding();
        if (!got.equals(coding)) {
            return "asked for " + coding + ", got Content-Encoding " + got;
        }
        if (identity) {
            return Arrays.equals(r.body(), 0, r.bodyLength(), expected, 0, expected.length) ? null : "identity body differs";
        }
        return BodyCheck.decodes(codecs, coding, r, expected, decoded, "the file");
    }

    static void sleepUntil(long nanoTime) {
        long ms;
        while ((ms = TimeUnit.NANOSECONDS.toMillis(nanoTime - System.nanoTime())) > 0) {
            try {
                Thread.sleep(Math.min(ms, 1000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
