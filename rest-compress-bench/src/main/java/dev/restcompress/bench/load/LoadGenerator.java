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
import java.lang.management.ManagementFactory;
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
 *
 * <p>CPU time of both processes is taken over the measured window: the server child's (from /proc,
 * through {@link ServerProcess#cpuNanos}) and this JVM's.
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
        /** Whether the first {@code n} bytes of {@code got} are this payload (its stamp aside). */
        boolean matches(byte[] got, int n) {
            int from = stampAt < 0 ? n : stampAt;
            int to = stampAt < 0 ? n : stampAt + CacheServer.STAMP_DIGITS;
            return n == expected.length && Arrays.equals(got, 0, from, expected, 0, from)
                    && Arrays.equals(got, to, n, expected, to, n);
        }
    }

    /**
     * What the generator sends: request {@code i} on connection {@code c}, checked. The payload rotation
     * ({@link #payloads}) is one; the soak's probes are another.
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

    /** A generator of any {@link Requests}, each bounded by {@code timeoutMs}. */
    public LoadGenerator(String host, int port, Requests requests, int timeoutMs) {
        this.host = host;
        this.port = port;
        this.requests = requests;
        this.timeoutMs = timeoutMs;
    }

    /** The payloads in turn, every {@code verifyEvery}-th encoded body decoded and compared. */
    public static Requests payloads(List<Payload> payloads, int verifyEvery) {
        return new PayloadRequests(payloads, verifyEvery);
    }

    /** Ends the running step early: every thread stops before its next request. */
    public void stop() {
        stopped = true;
    }

    /** What the threads count, each in a tally of its own merged after the step. */
    private enum Count {
        OK, COMPLETED, NON2XX, TIMEOUTS, OTHER_ERRORS, LATE_BUSY, LATE_WAKE, WIRE_BYTES, BODY_BYTES, UNSENT
    }

    private static final class Tally {
        final Histogram latency = new Histogram(MAX_LATENCY_NS, 3);
        final long[] slices = new long[SLICES];
        final long[] counts = new long[Count.values().length];

        long get(Count c) {
            return counts[c.ordinal()];
        }

        void add(Count c, long n) {
            counts[c.ordinal()] += n;
        }

        /** An unsent request due in the window: its latency is at least what it waited. */
        void unsent(long latencyNs) {
            add(Count.UNSENT, 1);
            latency.recordValue(Math.min(latencyNs, MAX_LATENCY_NS));
        }

        synchronized void addTo(Tally all) {
            all.latency.add(latency);
            Arrays.setAll(all.slices, k -> all.slices[k] + slices[k]);
            Arrays.setAll(all.counts, k -> all.counts[k] + counts[k]);
        }
    }

    /** The step's schedule: request {@code i} is due at {@code start + i * intervalNs} (0: when sent). */
    private record Schedule(String coding, double intervalNs, long start, long from, long to) {
        long due(long i, long now) {
            return intervalNs > 0 ? start + (long) (i * intervalNs) : now;
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
        long from = start + TimeUnit.MILLISECONDS.toNanos(warmupMs);
        Schedule s = new Schedule(coding, ratePerSecond > 0 ? 1e9 / ratePerSecond : 0, start, from,
                from + (long) (seconds * 1e9));
        AtomicLong next = new AtomicLong();
        AtomicReference<String> firstError = new AtomicReference<>();
        List<Tally> tallies = new ArrayList<>();
        long[] cpuBefore = {-1, -1, -1};
        Thread mark = new Thread(() -> {
            sleepUntil(s.from());
            cpuBefore[0] = server == null ? -1 : server.cpuNanos();
            cpuBefore[1] = processCpuNanos();
            cpuBefore[2] = server == null ? -1 : server.ioThreadCpuNanos();
        }, "load-" + label + "-cpu-mark");
        mark.start();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            Tally t = new Tally();
            tallies.add(t);
            Thread th = new Thread(() -> loop(s, next, t, firstError), "load-" + label + "-" + i);
            th.setDaemon(true);
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            // Each thread stops at the window's end plus at most one request, which the timeout bounds.
            th.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(s.to() - System.nanoTime())) + 2L * timeoutMs);
        }
        mark.join();
        long[] cpu = {server == null ? -1 : server.cpuNanos(), processCpuNanos(),
                server == null ? -1 : server.ioThreadCpuNanos()}; // server, client, server's I/O threads
        Arrays.setAll(cpu, k -> cpu[k] < 0 || cpuBefore[k] < 0 ? -1 : cpu[k] - cpuBefore[k]);
        Tally all = new Tally();
        tallies.forEach(t -> t.addTo(all));
        Histogram answered = all.latency.copy();
        if (s.intervalNs() > 0) {
            // Due in the window but never taken by a connection: their latency is at least what they waited.
            long firstDue = (long) Math.ceil((s.from() - start) / s.intervalNs());
            for (long i = Math.max(firstDue, next.get()); s.due(i, 0) < s.to(); i++) {
                all.unsent(s.to() - s.due(i, 0));
            }
        }
        // Per request figures: what completed in the window (CPU time and bytes are the window's too).
        long completed = all.get(Count.COMPLETED);
        long handled = completed + all.get(Count.NON2XX) + all.get(Count.TIMEOUTS) + all.get(Count.OTHER_ERRORS);
        double n = completed == 0 ? Double.NaN : completed;
        Histogram h = all.latency;
        return new LoadStep(label, coding, ratePerSecond, connections, seconds, all.get(Count.OK), completed,
                Stats.meanAndError(LongStream.of(all.slices).mapToObj(k -> k * SLICES / seconds).toList())[1],
                all.get(Count.NON2XX), all.get(Count.TIMEOUTS), all.get(Count.OTHER_ERRORS), firstError.get(),
                all.get(Count.LATE_BUSY), all.get(Count.LATE_WAKE), all.get(Count.UNSENT), percentileUs(h, 50),
                percentileUs(h, 90), percentileUs(h, 99), percentileUs(h, 99.9), h.getMaxValue() / 1e3,
                all.get(Count.WIRE_BYTES) / n, all.get(Count.BODY_BYTES) / n, perRequestUs(cpu[0], handled),
                perRequestUs(cpu[2], handled), perRequestUs(cpu[1], handled), answered);
    }

    private static double percentileUs(Histogram h, double p) {
        return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(p) / 1e3;
    }

    /** Microseconds per request, NaN when unknown or no request. */
    private static double perRequestUs(long nanos, long requests) {
        return nanos < 0 || requests == 0 ? Double.NaN : nanos / 1e3 / requests;
    }

    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    private void loop(Schedule s, AtomicLong next, Tally t, AtomicReference<String> firstError) {
        long lateNs = TimeUnit.MILLISECONDS.toNanos(LATE_MS);
        boolean open = s.intervalNs() > 0;
        try (HttpConnection c = new HttpConnection(host, port, timeoutMs)) {
            while (!stopped) {
                long i = next.getAndIncrement();
                long picked = System.nanoTime();
                long due = s.due(i, picked);
                if (due >= s.to()) {
                    return;
                }
                if (picked >= s.to()) {
                    if (due >= s.from()) {
                        synchronized (t) {
                            t.unsent(s.to() - due);
                        }
                    }
                    return;
                }
                boolean busyLate = open && picked - due > lateNs;
                boolean wakeLate = false;
                if (open && due > picked) {
                    long now;
                    while ((now = System.nanoTime()) < due) {
                        LockSupport.parkNanos(due - now);
                    }
                    wakeLate = now - due > lateNs;
                }
                long sent = System.nanoTime();
                Answer a;
                boolean timeout = false;
                try {
                    a = requests.send(c, i, s.coding());
                } catch (SocketTimeoutException e) {
                    timeout = true;
                    a = new Answer(0, 0, 0, "timeout after " + timeoutMs + " ms");
                } catch (IOException | RuntimeException e) {
                    a = new Answer(0, 0, 0, e.toString());
                }
                long done = System.nanoTime();
                Count outcome = a.error() == null ? Count.OK : timeout ? Count.TIMEOUTS
                        : a.status() != 0 && (a.status() < 200 || a.status() > 299) ? Count.NON2XX : Count.OTHER_ERRORS;
                synchronized (t) {
                    if (outcome == Count.OK && done >= s.from() && done < s.to()) {
                        // Throughput counts what the server completed in the window, whenever it was due:
                        // under overload the requests due late in the window complete after it.
                        t.add(Count.COMPLETED, 1);
                        t.add(Count.WIRE_BYTES, a.wireBytes());
                        t.add(Count.BODY_BYTES, a.bodyBytes());
                        t.slices[Math.min((int) ((done - s.from()) * SLICES / (s.to() - s.from())), SLICES - 1)]++;
                    }
                    if (due >= s.from()) {
                        t.latency.recordValue(Math.min(done - (open ? due : sent), MAX_LATENCY_NS));
                        t.add(Count.LATE_BUSY, busyLate ? 1 : 0);
                        t.add(Count.LATE_WAKE, wakeLate ? 1 : 0);
                        t.add(outcome, 1);
                    }
                }
                if (a.error() != null && due >= s.from()) {
                    firstError.compareAndSet(null, requests.name(i) + ": " + a.error());
                }
                if (a.error() != null && a.status() == 0) {
                    // A connection failure: back off briefly rather than spin on a dead server.
                    sleepUntil(Math.min(s.to(), System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20)));
                }
            }
        }
    }

    private static void sleepUntil(long nanoTime) {
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
            String got = r.contentEncoding() == null ? "identity" : r.contentEncoding();
            if (r.status() < 200 || r.status() > 299) {
                return "HTTP " + r.status();
            } else if (got.equals("identity")) {
                return p.mustEncode() && !coding.equals("identity") ? "asked for " + coding + ", got no Content-Encoding"
                        : p.matches(r.body(), r.bodyLength()) ? null : "identity body differs";
            } else if (!got.equals(coding)) {
                return "asked for " + coding + ", got Content-Encoding " + got;
            } else if (r.bodyLength() == 0) {
                return coding + " body is empty";
            } else if (!decode) {
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
