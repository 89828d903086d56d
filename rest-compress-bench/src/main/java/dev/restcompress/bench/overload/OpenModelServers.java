package dev.restcompress.bench.overload;

import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.bench.server.OurVariants;
import dev.restcompress.bench.server.PeerClassPath;
import dev.restcompress.bench.server.ServerProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The server children of the overload and peers suites, started once for both, all at the same time
 * (a JVM start is mostly single-threaded, and starting them one after another was most of the smoke
 * run's time), on the server core ({@link CpuPinning}): this library's demo with
 * {@code rest-compress.adaptive=off} (also the peers suite's {@code ours}) and {@code on}, the demo
 * fixed at gzip level 1 (with {@code on}: the adaptive policy's cheapest step), and each peer. Where
 * the library has no adaptive setting, {@code on} is left out with a line saying so.
 * {@link #close} stops every child this object started and gives the generator its cores back.
 */
public final class OpenModelServers implements AutoCloseable {
    private static final String CHEAPEST_STEP = "gzip level " + OverloadBench.CHEAPEST_LEVEL;
    private final CpuPinning pin;
    private final boolean quick;
    private final boolean adaptiveSupported;
    private final List<String> settings;
    private final Map<String, ServerProcess> started = new LinkedHashMap<>();
    private final Map<String, String> skipped = new LinkedHashMap<>();

    private OpenModelServers(CpuPinning pin, boolean quick, boolean adaptiveSupported, List<String> settings) {
        this.pin = pin;
        this.quick = quick;
        this.adaptiveSupported = adaptiveSupported;
        this.settings = settings;
    }

    /** A server child to start: its kind, extra JVM options and log file name. */
    private record ServerToStart(String kind, List<String> extraJvmOptions, String log) {
    }

    /**
     * Starts what the requested suites need: the adaptive settings' servers (for {@code overload}, and
     * {@code off} as {@code ours} for {@code peers}) and the peers' servers.
     */
    public static OpenModelServers start(SuiteContext ctx, OverloadOptions oo, boolean overload, boolean peers)
            throws InterruptedException {
        boolean supported = OverloadBench.adaptiveSupported();
        List<String> settings = new ArrayList<>(List.of("off")); // the capacity is always the fixed level's
        if (overload && oo.adaptive.contains("on")) {
            if (supported) {
                settings.add("on");
            } else {
                ctx.progress().report("overload suite: skipping adaptive=on: this build of the library has no "
                        + OverloadBench.ADAPTIVE_KEY + " setting (only the fixed level is measured)");
            }
        }
        OpenModelServers s = new OpenModelServers(CpuPinning.apply(oo.pin.equals("on")), oo.quick, supported,
                List.copyOf(settings));
        Map<String, ServerToStart> wanted = new LinkedHashMap<>();
        for (String setting : settings) {
            List<String> jvm = new ArrayList<>();
            if (supported) {
                jvm.add("-D" + OverloadBench.ADAPTIVE_KEY + "=" + setting);
                if (setting.equals("on")) {
                    jvm.addAll(oo.onSettings);
                }
            }
            wanted.put("adaptive=" + setting, new ServerToStart(BenchServerMain.OURS, jvm,
                    "server-adaptive-" + setting + ".log"));
        }
        if (overload && settings.contains("on")) {
            // The adaptive server's cheapest step for a gzip-only client, as a fixed level (adaptive off,
            // as in every child: ServerProcess.defaultJvmOptions): its capacity is what adaptive=on is held to at 4x.
            wanted.put(CHEAPEST_STEP, new ServerToStart(BenchServerMain.OURS,
                    List.of("-D" + OverloadBench.CHEAPEST_LEVEL_KEY + "=" + OverloadBench.CHEAPEST_LEVEL),
                    "server-gzip-level-" + OverloadBench.CHEAPEST_LEVEL + ".log"));
        }
        if (peers) {
            for (String kind : oo.peers) {
                if (OurVariants.ownJvm(kind)) {
                    // adaptive off, as in every child (ServerProcess.defaultJvmOptions)
                    wanted.put(kind, new ServerToStart(BenchServerMain.OURS, OurVariants.jvmOptions(kind, ctx.out()),
                            "server-" + kind + ".log"));
                } else if (OurVariants.CACHE_ROWS.contains(kind)) {
                    wanted.put(BenchServerMain.OURS_CACHE, new ServerToStart(BenchServerMain.OURS_CACHE, List.of(),
                            "server-" + BenchServerMain.OURS_CACHE + ".log"));
                } else if (!kind.equals(BenchServerMain.OURS) && !kind.equals(OurVariants.IDENTITY)) {
                    wanted.put(kind, new ServerToStart(kind, List.of(), "server-" + kind + ".log"));
                }
            }
        }
        s.startAll(wanted, ctx);
        return s;
    }

    private void startAll(Map<String, ServerToStart> wanted, SuiteContext ctx) throws InterruptedException {
        Map<String, CompletableFuture<ServerProcess>> futures = new LinkedHashMap<>();
        // A thread per server: the common pool has a single thread on a 2-core machine.
        ExecutorService starter = Executors.newFixedThreadPool(Math.max(1, wanted.size()));
        wanted.forEach((key, w) -> futures.put(key, CompletableFuture.supplyAsync(() -> {
            try {
                return start(w, ctx);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }, starter)));
        starter.shutdown();
        for (var e : futures.entrySet()) {
            try {
                started.put(e.getKey(), e.getValue().get());
            } catch (ExecutionException ex) {
                Throwable cause = ex.getCause() instanceof UncheckedIOException u ? u.getCause() : ex.getCause();
                String why = String.valueOf(cause.getMessage()).lines().findFirst().orElse(cause.toString());
                skipped.put(e.getKey(), why);
                ctx.progress().report("could not start the " + e.getKey() + " server: " + why);
            }
        }
    }

    private ServerProcess start(ServerToStart w, SuiteContext ctx) throws IOException, InterruptedException {
        List<String> jvm = new ArrayList<>(ServerProcess.defaultJvmOptions());
        if (quick) {
            // The smoke run measures nothing: the C1 compiler alone starts five JVMs sooner.
            jvm.add("-XX:TieredStopAtLevel=1");
        }
        jvm.addAll(PeerClassPath.jvmOptions(w.kind()));
        jvm.addAll(w.extraJvmOptions());
        Path logFile = ctx.out().resolve(w.log());
        ServerProcess p = ServerProcess.start(new ServerProcess.Spec(pin.serverPrefix(), jvm,
                PeerClassPath.first(w.kind()), w.kind(), "127.0.0.1", ctx.corpus(), logFile));
        ctx.progress().report(w.kind() + " server JVM " + String.join(" ", w.extraJvmOptions())
                + " listening on 127.0.0.1:" + p.port() + " (log: " + w.log() + ")");
        return p;
    }

    /** The adaptive settings started, {@code off} first. */
    public List<String> settings() {
        return settings;
    }

    public boolean adaptiveSupported() {
        return adaptiveSupported;
    }

    public String pinning() {
        return pin.describe();
    }

    /** The demo server with {@code rest-compress.adaptive=setting}. */
    public ServerProcess adaptive(String setting) throws IOException {
        ServerProcess p = started.get("adaptive=" + setting);
        if (p == null) {
            throw new IOException("the adaptive=" + setting + " server did not start: "
                    + skipped.get("adaptive=" + setting));
        }
        return p;
    }

    /** The demo fixed at the adaptive policy's cheapest gzip level, or null (not started, or adaptive=on not run). */
    public ServerProcess cheapestStep() {
        return started.get(CHEAPEST_STEP);
    }

    /** A peer's server ({@code ours} and {@code ours-identity}: the adaptive=off demo), or null if it did not start. */
    public ServerProcess peer(String kind) {
        return started.get(key(kind));
    }

    /** Why a peer did not start, or null. */
    public String whyNot(String kind) {
        return skipped.get(key(kind));
    }

    private static String key(String kind) {
        if (OurVariants.CACHE_ROWS.contains(kind)) {
            return BenchServerMain.OURS_CACHE;
        }
        return kind.equals(BenchServerMain.OURS) || kind.equals(OurVariants.IDENTITY) ? "adaptive=off" : kind;
    }

    @Override
    public void close() throws InterruptedException {
        try {
            for (ServerProcess p : started.values()) {
                p.close();
            }
        } finally {
            pin.close();
        }
    }
}
