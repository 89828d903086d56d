package dev.restcompress.bench.overload;

import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.bench.server.CpuPinning;
import dev.restcompress.bench.server.OurVariants;
import dev.restcompress.bench.server.PeerClassPath;
import dev.restcompress.bench.server.ServerProcess;
import dev.restcompress.codec.Levels;
import dev.restcompress.config.AdaptiveSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The server children of the overload and peers suites, started once for both, all at once (a JVM start is mostly
 * single-threaded), on the server core ({@code CpuPinning}): the demo with {@code rest-compress.adaptive=off} (also
 * the peers' {@code ours}) and {@code on}, the demo fixed at the adaptive policy's cheapest gzip level, and each peer.
 * Each child logs to {@code server-<key>.log}; {@link #close} stops them and gives the generator its cores back.
 */
public final class OpenModelServers implements AutoCloseable {
    private static final String CHEAPEST_STEP = "gzip level " + OverloadBench.CHEAPEST_LEVEL;
    private final CpuPinning pin;
    private final boolean quick;
    /** The adaptive settings started, {@code off} first. */
    final List<String> settings;
    private final Map<String, ServerProcess> started = new LinkedHashMap<>();
    private final Map<String, String> skipped = new LinkedHashMap<>();

    private OpenModelServers(CpuPinning pin, boolean quick, List<String> settings) {
        this.pin = pin;
        this.quick = quick;
        this.settings = settings;
    }

    private record ServerToStart(String kind, List<String> extraJvmOptions) {}

    public static OpenModelServers start(SuiteContext ctx, OverloadOptions oo, boolean overload, boolean peers)
            throws InterruptedException {
        boolean supported = OverloadBench.adaptiveSupported();
        boolean on = overload && oo.adaptive.contains("on");
        List<String> settings = on && supported ? List.of("off", "on") : List.of("off"); // capacity: the fixed level's
        if (on && !supported) {
            ctx.progress().report("overload suite: skipping adaptive=on: this build of the library has no "
                    + AdaptiveSettings.ADAPTIVE + " setting (only the fixed level is measured)");
        }
        Map<String, ServerToStart> wanted = new LinkedHashMap<>();
        for (String setting : settings) { // without the setting in this build, only "off" is here
            List<String> jvm = new ArrayList<>(List.of("-D" + AdaptiveSettings.ADAPTIVE + "=" + setting));
            jvm.addAll(setting.equals("on") ? oo.onSettings : List.of());
            wanted.put("adaptive=" + setting, new ServerToStart(BenchServerMain.OURS, supported ? jvm : List.of()));
        }
        if (settings.contains("on")) {
            // adaptive=on is held at 4x to this fixed level's capacity (adaptive off, as in every child)
            wanted.put(CHEAPEST_STEP, new ServerToStart(BenchServerMain.OURS,
                    List.of("-D" + Levels.levelKey("gzip") + "=" + OverloadBench.CHEAPEST_LEVEL)));
        }
        for (String row : peers ? oo.peers : List.<String>of()) {
            String kind = OurVariants.server(row);
            if (OurVariants.ownJvm(kind)) {
                // adaptive off, as in every child (ServerProcess.defaultJvmOptions)
                wanted.put(kind, new ServerToStart(BenchServerMain.OURS, OurVariants.jvmOptions(kind, ctx.out())));
            } else if (!key(kind).equals("adaptive=off")) { // ours and ours-identity are the adaptive=off demo
                wanted.put(key(kind), new ServerToStart(key(kind), List.of()));
            }
        }
        var s = new OpenModelServers(CpuPinning.apply(oo.pin.equals("on")), oo.quick, settings);
        // A thread per server: the common pool has a single thread on a 2-core machine.
        ExecutorService starter = Executors.newFixedThreadPool(Math.max(1, wanted.size()));
        Map<String, Future<ServerProcess>> futures = new LinkedHashMap<>();
        wanted.forEach((key, w) -> futures.put(key, starter.submit(() -> s.start(key, w, ctx))));
        starter.shutdown();
        for (var e : futures.entrySet()) {
            try {
                s.started.put(e.getKey(), e.getValue().get());
            } catch (ExecutionException ex) {
                String why = String.valueOf(ex.getCause().getMessage()).lines().findFirst().orElse(ex.getCause().toString());
                s.skipped.put(e.getKey(), why);
                ctx.progress().report("could not start the " + e.getKey() + " server: " + why);
            }
        }
        return s;
    }

    private ServerProcess start(String key, ServerToStart w, SuiteContext ctx) throws IOException, InterruptedException {
        List<String> jvm = new ArrayList<>(ServerProcess.defaultJvmOptions());
        if (quick) {
            // The smoke run measures nothing: the C1 compiler alone starts five JVMs sooner.
            jvm.add("-XX:TieredStopAtLevel=1");
        }
        jvm.addAll(PeerClassPath.jvmOptions(w.kind()));
        jvm.addAll(w.extraJvmOptions());
        String log = "server-" + key.replace('=', '-').replace(' ', '-') + ".log";
        ServerProcess p = ServerProcess.start(new ServerProcess.Spec(pin.serverPrefix(), jvm,
                PeerClassPath.first(w.kind()), w.kind(), "127.0.0.1", ctx.corpus(), ctx.out().resolve(log)));
        ctx.progress().report(w.kind() + " server JVM " + String.join(" ", w.extraJvmOptions())
                + " listening on 127.0.0.1:" + p.port() + " (log: " + log + ")");
        return p;
    }

    public String pinning() {
        return pin.describe();
    }

    /** The demo server with {@code rest-compress.adaptive=setting}. */
    public ServerProcess adaptive(String setting) throws IOException {
        ServerProcess p = started.get("adaptive=" + setting);
        if (p == null) {
            throw new IOException("the adaptive=" + setting + " server did not start: " + skipped.get("adaptive=" + setting));
        }
        return p;
    }

    /** Null when not started (or adaptive=on not run). */
    public ServerProcess cheapestStep() {
        return started.get(CHEAPEST_STEP);
    }

    /** A peer's server ({@code ours} and {@code ours-identity}: the adaptive=off demo), or null if it did not start. */
    public ServerProcess peer(String kind) {
        return started.get(key(kind));
    }

    public String whyNot(String kind) {
        return skipped.get(key(kind));
    }

    /**
     * The cache rows share one server, as do {@code ours-jersey} and its identity row; {@code ours} and its identity row
     * run on the adaptive=off demo; a same-origin row on its server's ({@link OurVariants#server}).
     */
    private static String key(String row) {
        String kind = OurVariants.server(row);
        if (OurVariants.CACHE_ROWS.contains(kind)) {
            return BenchServerMain.OURS_CACHE;
        }
        if (kind.equals(OurVariants.JERSEY_IDENTITY)) {
            return BenchServerMain.OURS_JERSEY;
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
