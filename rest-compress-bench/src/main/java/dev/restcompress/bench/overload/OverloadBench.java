package dev.restcompress.bench.overload;

import dev.restcompress.bench.core.Progress;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.load.LoadGenerator;
import dev.restcompress.bench.load.LoadStep;
import dev.restcompress.bench.load.Payloads;
import dev.restcompress.bench.server.ServerProcess;
import dev.restcompress.codec.Levels;
import dev.restcompress.config.AdaptiveSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The overload suite: what happens when more gzip requests arrive than the server can compress.
 * First the capacity: the closed model at saturation against the fixed level (gzip level 6, the
 * {@code @FastGzip} default, {@code rest-compress.adaptive=off}). Then the open model offers 0.5x,
 * 1x, 2x and 4x of it, to a server with {@code rest-compress.adaptive=off} and one with {@code on},
 * step by step in turn (both servers run throughout, on the same core, so a drift in machine load
 * hits both alike). Each payload mix is measured on its own. Where the library has no adaptive
 * setting yet, {@code on} is skipped with a line saying so, and {@code off} is the plain server
 * ({@link OpenModelServers} starts them, with the peers' servers, once for both suites).
 * Writes {@code overload.csv}, {@code overload-served.png}, {@code overload-latency.png} and a report
 * section.
 */
public final class OverloadBench {
    /** The files {@link #run} creates. */
    public static final List<String> FILES = List.of("overload.csv", "overload-served.png", "overload-latency.png");
    /** The library's setting the suite compares. */
    public static final String ADAPTIVE_KEY = AdaptiveSettings.ADAPTIVE;
    /** The adaptive policy's cheapest step for a gzip-only client (step 2 and 3: gzip's streaming level). */
    public static final int CHEAPEST_LEVEL = 1;
    public static final String CHEAPEST_LEVEL_KEY = Levels.levelKey("gzip");

    private OverloadBench() {
    }

    /** Whether this build of the library knows {@value #ADAPTIVE_KEY}. */
    public static boolean adaptiveSupported() {
        return ServerProcess.knowsAdaptive();
    }

    /** Runs the suite against the adaptive=off (and on) servers of {@code servers}. */
    public static List<String> run(SuiteContext ctx, OverloadOptions oo, OpenModelServers servers)
            throws IOException, InterruptedException {
        Progress progress = ctx.progress();
        List<String> settings = servers.settings();
        List<LoadStep> results = new ArrayList<>();
        Map<String, Double> capacities = new LinkedHashMap<>();
        Map<String, Double> cheapestCapacities = new LinkedHashMap<>();
        Map<String, StepTrace.Summary> traces = new LinkedHashMap<>();
        progress.report("overload suite: " + servers.pinning() + "; settings " + settings + ", mixes " + oo.mixes
                + ", multipliers " + oo.multipliers + ", " + oo.seconds + " s per step");
        for (String mix : oo.mixes) {
            List<LoadGenerator.Payload> payloads = Payloads.mix(ctx.corpus(), mix, oo.file);
            Map<String, LoadGenerator> runs = new LinkedHashMap<>();
            for (String s : settings) {
                ServerProcess p = servers.adaptive(s);
                runs.put(s, new LoadGenerator(p, payloads, oo.verifyEvery));
                warmUp(runs.get(s), label(mix, s), oo, p, progress);
            }
            LoadStep capacity = capacity(runs.get("off"), label(mix, "off"), oo, servers.adaptive("off"), progress);
            results.add(capacity);
            double c = capacity.servedPerSecond();
            capacities.put(mix, c);
            if (!(c > 0)) {
                progress.report("overload suite: no capacity measured for " + mix + " (" + capacity.firstError()
                        + "); its open-model steps are skipped");
                continue;
            }
            ServerProcess cheapest = servers.cheapestStep();
            if (cheapest != null) {
                LoadGenerator cheapestRun = new LoadGenerator(cheapest, payloads, oo.verifyEvery);
                String label = mix + " gzip level " + CHEAPEST_LEVEL;
                warmUp(cheapestRun, label, oo, cheapest, progress);
                LoadStep r = capacity(cheapestRun, label, oo, cheapest, progress);
                results.add(r);
                cheapestCapacities.put(mix, r.servedPerSecond());
            }
            for (String s : settings) {
                openModelWarmUp(runs.get(s), label(mix, s), c, oo, servers.adaptive(s), progress);
            }
            Map<Double, Integer> repeats = new LinkedHashMap<>();
            for (double m : oo.multipliers) {
                // A repeated multiplier gets its own label ("x0.5 (2)"): the report pairs on and off steps
                // and keys the traces by label, so equal labels would pair one run's on with another's off.
                int repeat = repeats.merge(m, 1, Integer::sum);
                String step = " x" + m + (repeat > 1 ? " (" + repeat + ")" : "");
                for (String s : settings) {
                    ServerProcess p = servers.adaptive(s);
                    StepTrace trace = StepTrace.start(p.host(), p.port());
                    LoadStep r;
                    try {
                        r = runs.get(s).run(label(mix, s) + step, "gzip", m * c, oo.connections, warmupMs(oo),
                                oo.seconds, p);
                        StepTrace.Summary summary = trace == null ? null : trace.finish();
                        if (summary != null) {
                            traces.put(r.label(), summary);
                            progress.report(r.label() + ": " + OverloadReport.describe(summary));
                        }
                    } finally {
                        if (trace != null) {
                            trace.close();
                        }
                    }
                    progress.report(r.describe());
                    results.add(r);
                }
            }
        }
        new OverloadReport(results, capacities, cheapestCapacities, settings, servers.adaptiveSupported(),
                servers.pinning(), oo, traces).write(ctx.out(), ctx.md());
        return FILES;
    }

    public static String label(String mix, String setting) {
        return mix + " adaptive=" + setting;
    }

    public static long warmupMs(OverloadOptions oo) {
        return oo.quick ? 200 : 1000;
    }

    /**
     * Lets the server JIT-compile its paths and size its heap before anything is recorded, at the
     * measured concurrency. 15 s, not 3: with 3 s an identical twin of our server (the peers suite's
     * A/A control) still gained 20% over the next five rounds while the server that had already run
     * the overload suite did not, so every peer ratio carried that warm-up difference.
     */
    public static void warmUp(LoadGenerator run, String label, OverloadOptions oo, ServerProcess server, Progress progress)
            throws InterruptedException {
        LoadStep r = run.run(label + " warm-up", "gzip", 0, oo.peerConcurrency, 0, oo.quick ? 0.5 : 15, server);
        progress.report(r.describeWarmUp());
    }

    /** The closed-model capacity: saturation at the peers' concurrency, labelled {@code "<label> capacity"}. */
    private static LoadStep capacity(LoadGenerator run, String label, OverloadOptions oo, ServerProcess server,
            Progress progress) throws InterruptedException {
        LoadStep r = run.run(label + " capacity", "gzip", 0, oo.peerConcurrency, warmupMs(oo), oo.seconds, server);
        progress.report(r.describe());
        return r;
    }

    /**
     * The closed-model warm-up leaves two paths of the measured steps cold: spread-out arrivals
     * (threads parking and waking per request) and the step trace's {@code /rest/metrics} polls (about
     * 5 ms of CPU per scrape once compiled, much more before). Three back-to-back 5 s steps at 0.5x
     * capacity measured the fixed server at 615, 484, then 246 us of CPU per request, and the adaptive
     * server, seeing that work as load, served the first of them mostly at gzip level 1. So each server
     * also runs 15 s at half the capacity, traced as the steps are, before the first measured step.
     */
    private static void openModelWarmUp(LoadGenerator run, String label, double capacity, OverloadOptions oo,
            ServerProcess server, Progress progress) throws InterruptedException {
        LoadStep r;
        try (StepTrace trace = StepTrace.start(server.host(), server.port())) {
            r = run.run(label + " open-model warm-up", "gzip", capacity / 2, oo.connections, 0,
                    oo.quick ? 0.5 : 15, server);
        }
        progress.report(String.format(Locale.ROOT, "open-model warm-up %s: %,.0f of %,.0f req/s, %,.0f us CPU/req",
                label, r.servedPerSecond(), capacity / 2, r.serverCpuUsPerRequest()));
    }
}
