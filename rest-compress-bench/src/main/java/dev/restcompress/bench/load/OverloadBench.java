package dev.restcompress.bench.load;

import dev.restcompress.bench.core.Progress;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.bench.server.PeerClassPath;
import dev.restcompress.bench.server.ServerProcess;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The overload suite: what happens when more gzip requests arrive than the server can compress.
 * First the capacity: the closed model at saturation against the fixed level (gzip level 6, the
 * {@code @FastGzip} default, {@code rest-compress.adaptive=off}). Then the open model offers 0.5x,
 * 1x, 2x and 4x of it, to a server with {@code rest-compress.adaptive=off} and one with {@code on},
 * step by step in turn (both servers run throughout, on the same core, so a drift in machine load
 * hits both alike). Each payload mix is measured on its own. Where the library has no adaptive
 * setting yet, {@code on} is skipped with a line saying so, and {@code off} is the plain server.
 * Writes {@code overload.csv}, {@code overload-served.png}, {@code overload-latency.png} and a report
 * section.
 */
public final class OverloadBench {
    /** The files {@link #run} creates. */
    public static final List<String> FILES = List.of("overload.csv", "overload-served.png", "overload-latency.png");
    /** The library's setting the suite compares. */
    static final String ADAPTIVE_KEY = CompressionSettings.PREFIX + "adaptive";

    private OverloadBench() {
    }

    /** Whether this build of the library knows {@value #ADAPTIVE_KEY}. */
    public static boolean adaptiveSupported() {
        return CompressionSettings.unknownKeys(List.of(ADAPTIVE_KEY)).isEmpty();
    }

    public static List<String> run(SuiteContext ctx, OverloadOptions oo) throws IOException, InterruptedException {
        Progress progress = ctx.progress();
        boolean supported = adaptiveSupported();
        List<String> settings = new ArrayList<>();
        for (String s : oo.adaptive) {
            if (s.equals("on") && !supported) {
                progress.report("overload suite: skipping adaptive=on: this build of the library has no " + ADAPTIVE_KEY
                        + " setting (only the fixed level is measured)");
            } else {
                settings.add(s);
            }
        }
        if (!settings.contains("off")) {
            settings.add(0, "off"); // the capacity is always the fixed level's
        }
        List<ArrivalResult> results = new ArrayList<>();
        Map<String, Double> capacities = new LinkedHashMap<>();
        String pinning;
        try (CpuPinning pin = CpuPinning.apply(oo.pin)) {
            pinning = pin.describe();
            progress.report("overload suite: " + pinning + "; settings " + settings + ", mixes " + oo.mixes
                    + ", multipliers " + oo.multipliers + ", " + oo.seconds + " s per step");
            Map<String, ServerProcess> servers = new LinkedHashMap<>();
            try {
                Map<String, ServerToStart> wanted = new LinkedHashMap<>();
                for (String s : settings) {
                    wanted.put(s, new ServerToStart(BenchServerMain.OURS,
                            supported ? List.of("-D" + ADAPTIVE_KEY + "=" + s) : List.of(), "overload-server-" + s + ".log"));
                }
                Map<String, IOException> failed = startAll(wanted, pin, ctx, servers);
                if (!failed.isEmpty()) {
                    throw failed.values().iterator().next();
                }
                for (String mix : oo.mixes) {
                    List<ArrivalRun.Payload> payloads = Payloads.mix(ctx.corpus(), mix, oo.file);
                    Map<String, ArrivalRun> runs = new LinkedHashMap<>();
                    servers.forEach((s, p) -> runs.put(s, new ArrivalRun(p.host(), p.port(), payloads,
                            CodecRegistry.defaults(), oo.verifyEvery)));
                    for (var e : runs.entrySet()) {
                        warmUp(e.getValue(), label(mix, e.getKey()), oo, servers.get(e.getKey()), progress);
                    }
                    ArrivalResult capacity = runs.get("off").run(label(mix, "off") + " capacity", "gzip", 0,
                            oo.peerConcurrency, warmupMs(oo), oo.seconds, servers.get("off"));
                    progress.report(describe(capacity));
                    results.add(capacity);
                    double c = capacity.servedPerSecond();
                    capacities.put(mix, c);
                    if (!(c > 0)) {
                        progress.report("overload suite: no capacity measured for " + mix + " (" + capacity.firstError()
                                + "); its open-model steps are skipped");
                        continue;
                    }
                    for (double m : oo.multipliers) {
                        for (String s : settings) {
                            ArrivalResult r = runs.get(s).run(label(mix, s) + " x" + m, "gzip", m * c, oo.connections,
                                    warmupMs(oo), oo.seconds, servers.get(s));
                            progress.report(describe(r));
                            results.add(r);
                        }
                    }
                }
            } finally {
                for (ServerProcess p : servers.values()) {
                    p.close();
                }
            }
        }
        new OverloadReport(results, capacities, settings, supported, pinning, oo).write(ctx.out(), ctx.md());
        return FILES;
    }

    static String label(String mix, String setting) {
        return mix + " adaptive=" + setting;
    }

    static long warmupMs(OverloadOptions oo) {
        return oo.quick ? 200 : 1000;
    }

    /** Lets the server JIT-compile its paths before anything is recorded. */
    static void warmUp(ArrivalRun run, String label, OverloadOptions oo, ServerProcess server, Progress progress)
            throws InterruptedException {
        ArrivalResult r = run.run(label + " warm-up", "gzip", 0, 4, 0, oo.quick ? 0.5 : 3, server);
        progress.report(String.format(Locale.ROOT, "warm-up %s: %,.0f req/s, %d error(s)%s", label, r.servedPerSecond(),
                r.errors(), r.firstError() == null ? "" : " (" + r.firstError() + ")"));
    }

    /** A server child to start: its kind, extra JVM options and log file name. */
    record ServerToStart(String kind, List<String> extraJvmOptions, String log) {
    }

    /**
     * Starts the servers at the same time (a JVM start is mostly single-threaded), putting each that
     * started into {@code started} in the order of {@code wanted}; returns why the others did not.
     */
    static Map<String, IOException> startAll(Map<String, ServerToStart> wanted, CpuPinning pin, SuiteContext ctx,
            Map<String, ServerProcess> started) throws InterruptedException {
        Map<String, CompletableFuture<ServerProcess>> futures = new LinkedHashMap<>();
        // A thread per server: the common pool has a single thread on a 2-core machine.
        ExecutorService starter = Executors.newFixedThreadPool(
                Math.max(1, wanted.size()));
        wanted.forEach((key, w) -> futures.put(key, CompletableFuture.supplyAsync(() -> {
            try {
                return start(w.kind(), w.extraJvmOptions(), pin, ctx, w.log());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }, starter)));
        starter.shutdown();
        Map<String, IOException> failed = new LinkedHashMap<>();
        for (var e : futures.entrySet()) {
            try {
                started.put(e.getKey(), e.getValue().get());
            } catch (ExecutionException ex) {
                Throwable cause = ex.getCause();
                failed.put(e.getKey(), cause instanceof UncheckedIOException u ? u.getCause()
                        : new IOException(String.valueOf(cause), cause));
            }
        }
        return failed;
    }

    /** Starts one server child of {@code kind} on the server core. */
    static ServerProcess start(String kind, List<String> extraJvmOptions, CpuPinning pin, SuiteContext ctx, String log)
            throws IOException, InterruptedException {
        List<String> jvm = new ArrayList<>(ServerProcess.defaultJvmOptions());
        jvm.addAll(PeerClassPath.jvmOptions(kind));
        jvm.addAll(extraJvmOptions);
        Path logFile = ctx.out().resolve(log);
        ServerProcess p = ServerProcess.start(new ServerProcess.Spec(pin.serverPrefix(), jvm, PeerClassPath.first(kind),
                kind, "127.0.0.1", ctx.corpus(), logFile));
        ctx.progress().report(kind + " server JVM " + String.join(" ", extraJvmOptions) + " listening on 127.0.0.1:"
                + p.port() + " (log: " + log + ")");
        return p;
    }

    static String describe(ArrivalResult r) {
        return String.format(Locale.ROOT, "%-34s offered %,8.0f/s served %,8.0f +- %,5.0f/s p50 %,9.0f p99 %,9.0f "
                        + "p99.9 %,9.0f us %,7.0f B/resp srv %,5.0f us/req err %d/%d/%d late %d/%d unsent %d%s",
                r.label(), r.offeredPerSecond(), r.servedPerSecond(), r.servedPerSecondError(), r.p50Us(), r.p99Us(),
                r.p999Us(), r.wireBytesPerResponse(), r.serverCpuUsPerRequest(), r.non2xx(), r.timeouts(),
                r.otherErrors(), r.lateBusy(), r.lateWake(), r.unsent(),
                r.firstError() == null ? "" : " first: " + r.firstError());
    }
}
