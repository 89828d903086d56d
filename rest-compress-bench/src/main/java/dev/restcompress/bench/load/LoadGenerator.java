package dev.restcompress.bench.load;

import dev.restcompress.bench.core.SpiEngine;
import dev.restcompress.bench.core.Stats;
import dev.restcompress.bench.http.HttpConnection;
import dev.restcompress.bench.server.CacheServer;
import dev.restcompress.bench.server.ServerProcess;
import dev.restcompress.codec.CodecRegistry;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.LongStream;
import org.HdrHistogram.Histogram;

/**
 * The bench's one load generator: a step of the open model (a constant arrival rate) or, with rate 0,
 * of the closed model, over a rotation of payloads ({@link #payloads}) or any other {@link Requests}.
 * The load, bandwidth, overload and peers suites and the soak all run it.
 *
 * <p>Open model: request {@code i} is due at {@code start + i / rate}, whatever happened to the ones
 * before it. {@code connections} threads, each with one keep-alive connection, take the next due
 * request when they are free, wait until it is due and send it. Latency runs from the <em>due</em>
 * time to having the body checked, so when the server falls behind, the time a request waited for a
 * free connection is part of its latency (no coordinated omission). When every connection is busy
 * the schedule runs ahead of the sending: such requests are counted as {@code lateBusy} (queued in
 * the generator, as they would be in a client's pool); a request whose thread woke more than
 * {@value #LATE_MS} ms after its due time with a connection free is {@code lateWake}, a sign that
 * the generator itself was short of CPU (its figures are then suspect: the report says so). Requests
 * due in the window but never sent by its end are {@code unsent} and enter the latency histogram
 * with the lower bound of their latency (window end minus due time).
 *
 * <p>Closed model (rate 0): each connection sends the next request as soon as the previous one is
 * checked; latency runs from sending, so it is service time under that concurrency. Every response is
 * checked: a 2xx status, the requested coding (or none where the payload is below the compression
 * threshold), and a body that decodes, through the project's codecs as a client's would, to exactly
 * the payload. Anything else is an error, sorted into non-2xx, timeouts and other errors. Every wait
 * is bounded: threads stop at the window's end and each request by the socket timeout.
 */
public final class LoadGenerator {
    /** A wake-up later than this after the due time counts as the generator falling behind. */
    public static final long LATE_MS = 1;
    /** Socket connect and read timeout: a response slower than this counts as a timeout. */
    static final int TIMEOUT_MS = 10_000;
    /** The measured window is cut into this many slices to put an error bar on the rate. */
    public static final int SLICES = 10;
    private static final long MAX_LATENCY_NS = TimeUnit.SECONDS.toNanos(120);

    /**
     * One payload: its request path, the bytes it must decode to, whether it must come encoded, and
     * where a stamp of {@value CacheServer#STAMP_DIGITS} digits that differs in every body starts
     * ({@code -1}: none; the bytes there are not compared).
     */
    public record Payload(String name, String path, byte[] expected, boolean mustEncode, int stampAt) {
        public Payload(String name, String path, byte[] expected, boolean mustEncode) {
            this(name, path, expected, mustEncode, -1);
        }

        /** Whether the first {@code n} bytes of {@code got} are this payload (its stamp aside). */
        boolean matches(byte[] got, int n) {
            if (n != expected.length) {
                return false;
            }
            int from = stampAt < 0 ? n : stampAt;
            int to = stampAt < 0 ? n : stampAt + CacheServer.STAMP_DIGITS;
            return Arrays.equals(got, 0, from, expected, 0, from) && Arrays.equals(got, to, n, expected, to, n);
        }
    }

    /**
     * What the generator sends: request {@code i} on connection {@code c}, checked. The payload rotation
     * ({@link #LoadGenerator(ServerProcess, List, int)}) is one; the soak's probes are another.
     */
    public interface Requests {
        /** Sends request {@code i}, asking for {@code coding}, and checks the answer; throws when the exchange failed. */
        Answer send(HttpConnection c, long i, String coding) throws IOException;

        /** What request {@code i} is, for an error message. */
        String name(long i);
    }

    /** One answer: its status, bytes received and body bytes, and what was wrong with it (null: nothing). */
    public record Answer(int status, long wireBytes, long bodyBytes, String error) {
    }

    private final String host;
    private final int port;
    private final Requests requests;
    private final int timeoutMs;
    private volatile boolean stopped;

    /**
     * @param verifyEvery decode and compare every n-th encoded body (1: all); the others are checked
     *        for status, coding and a non-empty body only. Decoding 48 KB of gzip costs the generator
     *        about as much CPU as serving it costs a fast server, so checking all of them can make the
     *        generator the bottleneck of a saturation run.
     */
    public LoadGenerator(ServerProcess server, List<Payload> payloads, int verifyEvery) {
        this(server.host(), server.port(), payloads(payloads, verifyEvery), TIMEOUT_MS);
    }

    /** The payloads in turn, every {@code verifyEvery}-th encoded body decoded and compared. */
    public static Requests payloads(List<Payload> payloads, int verifyEvery) {
        return new PayloadRequests(payloads, verifyEvery);
    }

    /** A generator of any {@link Requests}, each bounded by {@code timeoutMs}. */
    public LoadGenerator(String host, int port, Requests requests, int timeoutMs) {
        this.host = host;
        this.port = port;
        this.requests = requests;
        this.timeoutMs = timeoutMs;
    }

    /** Ends the running step early: every thread stops before its next request. */
    public void stop() {
        stopped = true;
    }

    /** Per-thread tallies, merged after the step. */
    private static final class Tally {
        final Histogram latency = new Histogram(MAX_LATENCY_NS, 3);
        final long[] slices = new long[SLICES];
        long ok;
        long completed;
        long non2xx;
        long timeouts;
        long otherErrors;
        long lateBusy;
        long lateWake;
        long wireBytes;
        long bodyBytes;
        long unsent;

        synchronized void addTo(Tally all) {
            all.latency.add(latency);
            Arrays.setAll(all.slices, k -> all.slices[k] + slices[k]);
            all.ok += ok;
            all.completed += completed;
            all.non2xx += non2xx;
            all.timeouts += timeouts;
            all.otherErrors += otherErrors;
            all.lateBusy += lateBusy;
            all.lateWake += lateWake;
            all.wireBytes += wireBytes;
            all.bodyBytes += bodyBytes;
            all.unsent += unsent;
        }
    }

    /**
     * Runs one step.
     *
     * @param label what is measured (server and setting, or link), for the report
     * @param coding the Accept-Encoding sent
     * @param ratePerSecond the arrival rate, or 0 for the closed model
     * @param connections connections (threads), each with one request in flight at most
     * @param warmupMs unrecorded time before the measured window (the schedule runs through it)
     * @param seconds the measured window
     * @param server the server process, for its CPU time (may be null)
     */
    public LoadStep run(String label, String coding, double ratePerSecond, int connections, long warmupMs,
            double seconds, ServerProcess server) throws InterruptedException {
        long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(5);
        long measureFrom = start + TimeUnit.MILLISECONDS.toNanos(warmupMs);
        long measureTo = measureFrom + (long) (seconds * 1e9);
        double intervalNs = ratePerSecond > 0 ? 1e9 / ratePerSecond : 0;
        AtomicLong next = new AtomicLong();
        AtomicReference<String> firstError = new AtomicReference<>();
        List<Tally> tallies = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            tallies.add(new Tally());
        }
        StepThreads.Cpu cpu = StepThreads.run(connections, "load-" + label,
                i -> () -> loop(coding, intervalNs, start, measureFrom, measureTo, next, tallies.get(i), firstError),
                measureFrom, measureTo, timeoutMs, server);
        Tally all = new Tally();
        tallies.forEach(t -> t.addTo(all));
        Histogram answered = all.latency.copy();
        if (intervalNs > 0) {
            // Due in the window but never taken by a connection: their latency is at least what they waited.
            long firstDue = (long) Math.ceil((measureFrom - start) / intervalNs);
            for (long i = Math.max(firstDue, next.get()); start + (long) (i * intervalNs) < measureTo; i++) {
                all.unsent++;
                all.latency.recordValue(Math.min(measureTo - (start + (long) (i * intervalNs)), MAX_LATENCY_NS));
            }
        }
        // Per request figures: what completed in the window (CPU time and bytes are the window's too).
        long handled = all.completed + all.non2xx + all.timeouts + all.otherErrors;
        double n = Math.max(1, all.completed);
        Histogram h = all.latency;
        return new LoadStep(label, coding, ratePerSecond, connections, seconds, all.ok, all.completed,
                Stats.meanAndError(LongStream.of(all.slices).mapToObj(k -> k * SLICES / seconds).toList())[1],
                all.non2xx, all.timeouts, all.otherErrors, firstError.get(), all.lateBusy, all.lateWake, all.unsent,
                percentileUs(h, 50), percentileUs(h, 90), percentileUs(h, 99), percentileUs(h, 99.9), h.getMaxValue() / 1e3,
                all.completed == 0 ? Double.NaN : all.wireBytes / n, all.completed == 0 ? Double.NaN : all.bodyBytes / n,
                cpu.serverUsPer(handled), cpu.serverIoUsPer(handled), cpu.clientUsPer(handled), answered);
    }

    private static double percentileUs(Histogram h, double p) {
        return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(p) / 1e3;
    }

    private void loop(String coding, double intervalNs, long start, long measureFrom, long measureTo, AtomicLong next,
            Tally t, AtomicReference<String> firstError) {
        long lateNs = TimeUnit.MILLISECONDS.toNanos(LATE_MS);
        try (HttpConnection c = new HttpConnection(host, port, timeoutMs)) {
            while (!stopped) {
                long i = next.getAndIncrement();
                long picked = System.nanoTime();
                long due = intervalNs > 0 ? start + (long) (i * intervalNs) : picked;
                if (due >= measureTo) {
                    return;
                }
                if (picked >= measureTo) {
                    if (due >= measureFrom) {
                        synchronized (t) {
                            t.unsent++;
                            t.latency.recordValue(Math.min(measureTo - due, MAX_LATENCY_NS));
                        }
                    }
                    return;
                }
                boolean busyLate = intervalNs > 0 && picked - due > lateNs;
                boolean wakeLate = false;
                if (intervalNs > 0 && due > picked) {
                    long now;
                    while ((now = System.nanoTime()) < due) {
                        LockSupport.parkNanos(due - now);
                    }
                    wakeLate = now - due > lateNs;
                }
                long sent = System.nanoTime();
                String error;
                boolean timeout = false;
                int status = 0;
                long wire = 0;
                long body = 0;
                try {
                    Answer a = requests.send(c, i, coding);
                    status = a.status();
                    wire = a.wireBytes();
                    body = a.bodyBytes();
                    error = a.error();
                } catch (SocketTimeoutException e) {
                    timeout = true;
                    error = "timeout after " + timeoutMs + " ms";
                } catch (IOException | RuntimeException e) {
                    error = e.toString();
                }
                long done = System.nanoTime();
                synchronized (t) {
                    if (error == null && done >= measureFrom && done < measureTo) {
                        // Throughput counts what the server completed in the window, whenever it was due:
                        // under overload the requests due late in the window complete after it.
                        t.completed++;
                        t.wireBytes += wire;
                        t.bodyBytes += body;
                        t.slices[Math.min((int) ((done - measureFrom) * SLICES / (measureTo - measureFrom)), SLICES - 1)]++;
                    }
                    if (due >= measureFrom) {
                        t.latency.recordValue(Math.min(done - (intervalNs > 0 ? due : sent), MAX_LATENCY_NS));
                        t.lateBusy += busyLate ? 1 : 0;
                        t.lateWake += wakeLate ? 1 : 0;
                        if (error == null) {
                            t.ok++;
                        } else if (timeout) {
                            t.timeouts++;
                        } else if (status != 0 && (status < 200 || status > 299)) {
                            t.non2xx++;
                        } else {
                            t.otherErrors++;
                        }
                    }
                }
                if (error != null && due >= measureFrom) {
                    firstError.compareAndSet(null, requests.name(i) + ": " + error);
                }
                if (error != null && status == 0) {
                    // A connection failure: back off briefly rather than spin on a dead server.
                    StepThreads.sleepUntil(Math.min(measureTo, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20)));
                }
            }
        }
    }

    /** The payloads in turn, each answer checked against its payload. */
    private static final class PayloadRequests implements Requests {
        private final List<Payload> payloads;
        private final int verifyEvery;
        private final CodecRegistry codecs = CodecRegistry.defaults();
        /** Per thread, one byte longer than the longest payload, so a body that decodes to more is caught. */
        private final ThreadLocal<byte[]> decoded;

        PayloadRequests(List<Payload> payloads, int verifyEvery) {
            this.payloads = List.copyOf(payloads);
            this.verifyEvery = Math.max(1, verifyEvery);
            int longest = payloads.stream().mapToInt(p -> p.expected().length).max().orElse(0);
            this.decoded = ThreadLocal.withInitial(() -> new byte[longest + 1]);
        }

        @Override
        public String name(long i) {
            return payloads.get((int) (i % payloads.size())).name();
        }

        @Override
        public Answer send(HttpConnection c, long i, String coding) throws IOException {
            Payload p = payloads.get((int) (i % payloads.size()));
            HttpConnection.Response r = c.get(p.path(), coding);
            return new Answer(r.status(), r.wireBytes(), r.bodyLength(), check(coding, p, r, i % verifyEvery == 0));
        }

        /** Null if the response is right, else what is wrong with it. */
        private String check(String coding, Payload p, HttpConnection.Response r, boolean decode) throws IOException {
            if (r.status() < 200 || r.status() > 299) {
                return "HTTP " + r.status();
            }
            String got = r.contentEncoding() == null ? "identity" : r.contentEncoding();
            if (got.equals("identity")) {
                if (p.mustEncode() && !coding.equals("identity")) {
                    return "asked for " + coding + ", got no Content-Encoding";
                }
                return p.matches(r.body(), r.bodyLength()) ? null : "identity body differs";
            }
            if (!got.equals(coding)) {
                return "asked for " + coding + ", got Content-Encoding " + got;
            }
            if (r.bodyLength() == 0) {
                return coding + " body is empty";
            }
            if (!decode) {
                return null;
            }
            byte[] out = decoded.get();
            int n;
            try (InputStream in = codecs.forCoding(coding).decompressingStream(
                    new ByteArrayInputStream(r.body(), 0, r.bodyLength()), out.length)) {
                n = SpiEngine.readFully(in, out);
            }
            return p.matches(out, n) ? null : coding + " body decodes to " + n + " bytes that differ from " + p.name();
        }
    }
}
