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
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * The one load generator of every HTTP suite and the soak: a step of the open model, or at rate 0 the closed model
 * (bench README, "Load generator", "Open model"); every wait is bounded by the window's end and the socket timeout.
 */
public final class LoadGenerator {
    /** A wake-up later than this after the due time counts as the generator falling behind. */
    public static final long LATE_MS = 1;
    public static final int TIMEOUT_MS = 10_000;
    /** The measured window is cut into this many slices to put an error bar on the rate. */
    public static final int SLICES = 10;
    private static final long MAX_LATENCY_NS = TimeUnit.SECONDS.toNanos(120);

    /** One payload; {@code stampAt}: where its {@value CacheServer#STAMP_DIGITS}-digit per-body stamp starts, or -1. */
    public record Payload(String name, String path, byte[] expected, boolean mustEncode, int stampAt) {
        boolean matches(byte[] got, int n) {
            int from = stampAt < 0 ? n : stampAt;
            int to = stampAt < 0 ? n : stampAt + CacheServer.STAMP_DIGITS;
            return n == expected.length && Arrays.equals(got, 0, from, expected, 0, from)
                    && Arrays.equals(got, to, n, expected, to, n);
        }
    }

    /** What the generator sends: the payload rotation ({@link #payloads}) is one, the soak's probes another. */
    public interface Requests {
        /** Sends request {@code i} asking for {@code coding} and checks the answer; throws when the exchange failed. */
        Answer send(HttpConnection c, long i, String coding) throws IOException;

        /** What request {@code i} is, for an error message. */
        String name(long i);
    }

    /** One answer: its status, bytes received and body bytes, and what was wrong with it (null: nothing). */
    public record Answer(int status, long wireBytes, long bodyBytes, String error) {}

    private final String host;
    private final int port;
    private final Requests requests;
    private final int timeoutMs;
    private volatile boolean stopped;

    /**
     * Decodes every {@code verifyEvery}-th encoded body only: decoding 48 KB of gzip costs the generator about what
     * serving it costs a fast server, which would make the generator a saturation run's bottleneck.
     */
    public LoadGenerator(ServerProcess server, List<Payload> payloads, int verifyEvery) {
        this(server.host(), server.port(), payloads(payloads, verifyEvery), TIMEOUT_MS);
    }

    public LoadGenerator(String host, int port, Requests requests, int timeoutMs) {
        this.host = host;
        this.port = port;
        this.requests = requests;
        this.timeoutMs = timeoutMs;
    }

    /** The payloads in turn; the decode buffer is one byte longer than the longest, so a longer body is caught. */
    public static Requests payloads(List<Payload> payloads, int verifyEvery) {
        return payloads(payloads, verifyEvery, List.of());
    }

    /** {@link #payloads(List, int)}, each request also carrying {@code headers} (whole lines). */
    public static Requests payloads(List<Payload> payloads, int verifyEvery, List<String> headers) {
        int longest = payloads.stream().mapToInt(p -> p.expected().length).max().orElse(0);
        return new PayloadRequests(List.copyOf(payloads), Math.max(1, verifyEvery), List.copyOf(headers),
                CodecRegistry.defaults(), ThreadLocal.withInitial(() -> new byte[longest + 1]));
    }

    /** Ends the running step early: every thread stops before its next request. */
    public void stop() {
        stopped = true;
    }

    private enum Count {
        OK, COMPLETED, NON2XX, TIMEOUTS, OTHER_ERRORS, LATE_BUSY, LATE_WAKE, WIRE_BYTES, BODY_BYTES, UNSENT
    }

    /** A running step: request i is due at {@code start + i * intervalNs} (0, closed model: when sent). */
    private record Step(String coding, double intervalNs, long start, long from, long to, AtomicLong next,
            AtomicReference<String> firstError, Histogram latency, AtomicLongArray slices, AtomicLongArray counts) {
        long due(long i, long now) {
            return intervalNs > 0 ? start + (long) (i * intervalNs) : now;
        }

        long get(Count c) {
            return counts.get(c.ordinal());
        }

        void add(Count c, long n) {
            counts.addAndGet(c.ordinal(), n);
        }

        /** An unsent request due in the window: its latency is at least what it waited. */
        void unsent(long latencyNs) {
            add(Count.UNSENT, 1);
            latency.recordValue(Math.min(latencyNs, MAX_LATENCY_NS));
        }
    }

    /** Runs one step ({@code ratePerSecond} 0: closed model) after {@code warmupMs} unrecorded; server may be null. */
    public LoadStep run(String label, String coding, double ratePerSecond, int connections, long warmupMs,
            double seconds, ServerProcess server) throws InterruptedException {
        long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(5);
        long from = start + TimeUnit.MILLISECONDS.toNanos(warmupMs);
        Step s = new Step(coding, ratePerSecond > 0 ? 1e9 / ratePerSecond : 0, start, from,
                from + (long) (seconds * 1e9), new AtomicLong(), new AtomicReference<>(),
                new ConcurrentHistogram(MAX_LATENCY_NS, 3), new AtomicLongArray(SLICES),
                new AtomicLongArray(Count.values().length));
        List<Thread> threads = IntStream.range(0, connections)
                .mapToObj(i -> new Thread(() -> loop(s), "load-" + label + "-" + i)).toList();
        threads.forEach(th -> {
            th.setDaemon(true);
            th.start();
        });
        parkUntil(s.from());
        long[] cpuBefore = cpuNanos(server);
        for (Thread th : threads) {
            // Each thread stops at the window's end plus at most one request, which the timeout bounds.
            th.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(s.to() - System.nanoTime())) + 2L * timeoutMs);
        }
        long[] cpu = cpuNanos(server);
        Arrays.setAll(cpu, k -> cpu[k] < 0 || cpuBefore[k] < 0 ? -1 : cpu[k] - cpuBefore[k]);
        Histogram answered = s.latency().copy();
        if (s.intervalNs() > 0) {
            long firstDue = (long) Math.ceil((s.from() - start) / s.intervalNs());
            for (long i = Math.max(firstDue, s.next().get()); s.due(i, 0) < s.to(); i++) {
                s.unsent(s.to() - s.due(i, 0));
            }
        }
        long completed = s.get(Count.COMPLETED);
        long handled = completed + s.get(Count.NON2XX) + s.get(Count.TIMEOUTS) + s.get(Count.OTHER_ERRORS);
        double n = completed == 0 ? Double.NaN : completed;
        Histogram h = s.latency();
        List<Double> rates = IntStream.range(0, SLICES).mapToObj(k -> s.slices().get(k) * SLICES / seconds).toList();
        return new LoadStep(label, coding, ratePerSecond, connections, seconds, s.get(Count.OK), completed,
                Stats.meanAndError(rates)[1], s.get(Count.NON2XX), s.get(Count.TIMEOUTS), s.get(Count.OTHER_ERRORS),
                s.firstError().get(), s.get(Count.LATE_BUSY), s.get(Count.LATE_WAKE), s.get(Count.UNSENT),
                percentileUs(h, 50), percentileUs(h, 90), percentileUs(h, 99), percentileUs(h, 99.9),
                h.getMaxValue() / 1e3, s.get(Count.WIRE_BYTES) / n, s.get(Count.BODY_BYTES) / n,
                perRequestUs(cpu[0], handled), perRequestUs(cpu[2], handled), perRequestUs(cpu[1], handled), answered);
    }

    private static double percentileUs(Histogram h, double p) {
        return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(p) / 1e3;
    }

    private static double perRequestUs(long nanos, long requests) {
        return nanos < 0 || requests == 0 ? Double.NaN : nanos / 1e3 / requests;
    }

    /** CPU time of the server child, of this JVM and of the server's I/O threads; -1 where unknown. */
    private static long[] cpuNanos(ServerProcess server) {
        long client = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
        return new long[] {server == null ? -1 : server.cpuNanos(), client, server == null ? -1 : server.ioThreadCpuNanos()};
    }

    /** Parks until {@code nanoTime} (or an interrupt); returns the time it woke. */
    private static long parkUntil(long nanoTime) {
        long now;
        while ((now = System.nanoTime()) < nanoTime && !Thread.currentThread().isInterrupted()) {
            LockSupport.parkNanos(nanoTime - now);
        }
        return now;
    }

    private void loop(Step s) {
        long lateNs = TimeUnit.MILLISECONDS.toNanos(LATE_MS);
        boolean open = s.intervalNs() > 0;
        try (HttpConnection c = new HttpConnection(host, port, timeoutMs)) {
            while (!stopped) {
                long i = s.next().getAndIncrement();
                long picked = System.nanoTime();
                long due = s.due(i, picked);
                if (picked >= s.to() && due >= s.from() && due < s.to()) {
                    s.unsent(s.to() - due);
                }
                if (due >= s.to() || picked >= s.to()) {
                    return;
                }
                boolean busyLate = open && picked - due > lateNs;
                long woke = open ? parkUntil(due) : picked;
                boolean wakeLate = due > picked && woke - due > lateNs;
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
                if (outcome == Count.OK && done >= s.from() && done < s.to()) {
                    // Throughput counts what the server completed in the window, whenever it was due:
                    // under overload the requests due late in the window complete after it.
                    s.add(Count.COMPLETED, 1);
                    s.add(Count.WIRE_BYTES, a.wireBytes());
                    s.add(Count.BODY_BYTES, a.bodyBytes());
                    s.slices().incrementAndGet(Math.min((int) ((done - s.from()) * SLICES / (s.to() - s.from())),
                            SLICES - 1));
                }
                if (due >= s.from()) {
                    s.latency().recordValue(Math.min(done - (open ? due : sent), MAX_LATENCY_NS));
                    // The counters are shared by every thread: touch them only for what happened.
                    if (busyLate) {
                        s.add(Count.LATE_BUSY, 1);
                    }
                    if (wakeLate) {
                        s.add(Count.LATE_WAKE, 1);
                    }
                    s.add(outcome, 1);
                    if (a.error() != null && s.firstError().get() == null) {
                        s.firstError().compareAndSet(null, requests.name(i) + ": " + a.error());
                    }
                }
                if (a.error() != null && a.status() == 0) {
                    // A connection failure: back off briefly rather than spin on a dead server.
                    parkUntil(Math.min(s.to(), System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20)));
                }
            }
        }
    }

    private record PayloadRequests(List<Payload> payloads, int verifyEvery, List<String> headers, CodecRegistry codecs,
            ThreadLocal<byte[]> decoded) implements Requests {
        @Override
        public String name(long i) {
            return payloads.get((int) (i % payloads.size())).name();
        }

        @Override
        public Answer send(HttpConnection c, long i, String coding) throws IOException {
            Payload p = payloads.get((int) (i % payloads.size()));
            HttpConnection.Response r = c.get(p.path(), coding, headers);
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
            try (InputStream in = codecs.forCoding(coding).decompressingStream(
                    new ByteArrayInputStream(r.body(), 0, r.bodyLength()), out.length)) {
                int n = SpiEngine.readFully(in, out);
                return p.matches(out, n) ? null
                        : coding + " body decodes to " + n + " bytes that differ from " + p.name();
            }
        }
    }
}
