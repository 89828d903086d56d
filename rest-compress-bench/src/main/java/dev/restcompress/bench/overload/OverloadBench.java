package dev.restcompress.bench.overload;

import dev.restcompress.bench.core.Progress;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.load.LoadGenerator;
import dev.restcompress.bench.load.LoadStep;
import dev.restcompress.bench.load.Payloads;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.StepTable;
import dev.restcompress.bench.report.XyChart;
import dev.restcompress.bench.server.ServerProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * The overload suite (rest-compress-bench/README.md): the closed-model gzip capacity of the fixed level, then the
 * open model at multiples of it, to {@code rest-compress.adaptive=off} and {@code on} in turn, step by step (both
 * servers run throughout on the same core, so a drift in machine load hits both alike).
 */
public final class OverloadBench {
    /** The adaptive policy's cheapest step for a gzip-only client (step 2 and 3: gzip's streaming level). */
    public static final int CHEAPEST_LEVEL = 1;

    private final SuiteContext ctx;
    private final OverloadOptions oo;
    private final OpenModelServers servers;
    private final List<LoadStep> results = new ArrayList<>();
    /** Per mix: the capacity of the fixed level, and of the demo fixed at the cheapest step. */
    private final Map<String, Double> capacities = new LinkedHashMap<>();
    private final Map<String, Double> cheapestCapacities = new LinkedHashMap<>();
    private final Map<String, StepTrace.Summary> traces = new LinkedHashMap<>();

    private OverloadBench(SuiteContext ctx, OverloadOptions oo, OpenModelServers servers) {
        this.ctx = ctx;
        this.oo = oo;
        this.servers = servers;
    }

    public static boolean adaptiveSupported() {
        return ServerProcess.knowsAdaptive();
    }

    public static List<String> run(SuiteContext ctx, OverloadOptions oo, OpenModelServers servers)
            throws IOException, InterruptedException {
        OverloadBench b = new OverloadBench(ctx, oo, servers);
        b.run();
        b.write(ctx.out(), ctx.md());
        return List.of("overload.csv", "overload-served.png", "overload-latency.png");
    }

    private void run() throws IOException, InterruptedException {
        Progress progress = ctx.progress();
        List<String> settings = servers.settings;
        progress.report("overload suite: " + servers.pinning() + "; settings " + settings + ", mixes " + oo.mixes
                + ", multipliers " + oo.multipliers + ", " + oo.seconds + " s per step");
        for (String mix : oo.mixes) {
            List<LoadGenerator.Payload> payloads = Payloads.mix(ctx.corpus(), mix, Payloads.STATIC);
            Map<String, LoadGenerator> runs = new LinkedHashMap<>();
            for (String s : settings) {
                ServerProcess p = servers.adaptive(s);
                runs.put(s, new LoadGenerator(p, payloads, oo.verifyEvery));
                warmUp(runs.get(s), label(mix, s), oo, p, progress);
            }
            LoadStep capacity = capacity(runs.get("off"), label(mix, "off"), servers.adaptive("off"));
            results.add(capacity);
            double c = capacities.compute(mix, (k, v) -> capacity.servedPerSecond());
            if (!(c > 0)) {
                progress.report("overload suite: no capacity measured for " + mix + " (" + capacity.firstError()
                        + "); its open-model steps are skipped");
                continue;
            }
            ServerProcess cheapest = servers.cheapestStep();
            if (cheapest != null) {
                LoadGenerator cheapestRun = new LoadGenerator(cheapest, payloads, oo.verifyEvery);
                warmUp(cheapestRun, mix + " gzip level " + CHEAPEST_LEVEL, oo, cheapest, progress);
                results.add(capacity(cheapestRun, mix + " gzip level " + CHEAPEST_LEVEL, cheapest));
                cheapestCapacities.put(mix, results.get(results.size() - 1).servedPerSecond());
            }
            for (String s : settings) {
                openModelWarmUp(runs.get(s), label(mix, s), c, servers.adaptive(s));
            }
            Map<Double, Integer> repeats = new LinkedHashMap<>();
            for (double m : oo.multipliers) {
                // A repeated multiplier gets its own label ("x0.5 (2)"): the report pairs on and off steps
                // and keys the traces by label, so equal labels would pair one run's on with another's off.
                int repeat = repeats.merge(m, 1, Integer::sum);
                String step = " x" + m + (repeat > 1 ? " (" + repeat + ")" : "");
                for (String s : settings) {
                    ServerProcess p = servers.adaptive(s);
                    try (StepTrace trace = StepTrace.start(p.host(), p.port())) {
                        LoadStep r = runs.get(s).run(label(mix, s) + step, "gzip", m * c, oo.connections,
                                warmupMs(oo), oo.seconds, p);
                        StepTrace.Summary summary = trace == null ? null : trace.finish();
                        if (summary != null) {
                            traces.put(r.label(), summary);
                            progress.report(r.label() + ": " + describe(summary));
                        }
                        progress.report(r.describe());
                        results.add(r);
                    }
                }
            }
        }
    }

    private static String label(String mix, String setting) {
        return mix + " adaptive=" + setting;
    }

    public static long warmupMs(OverloadOptions oo) {
        return oo.quick ? 200 : 1000;
    }

    /**
     * JIT and heap sizing at the measured concurrency before anything is recorded. 15 s, not 3: after 3 s the peers
     * suite's A/A twin still gained 20% over five rounds, and every peer ratio carried that difference.
     */
    public static void warmUp(LoadGenerator run, String label, OverloadOptions oo, ServerProcess server, Progress progress)
            throws InterruptedException {
        LoadStep r = run.run(label + " warm-up", "gzip", 0, oo.peerConcurrency, 0, oo.quick ? 0.5 : 15, server);
        progress.report(r.describeWarmUp());
    }

    /** The closed model at saturation, at the peers' concurrency. */
    private LoadStep capacity(LoadGenerator run, String label, ServerProcess server) throws InterruptedException {
        LoadStep r = run.run(label + " capacity", "gzip", 0, oo.peerConcurrency, warmupMs(oo), oo.seconds, server);
        ctx.progress().report(r.describe());
        return r;
    }

    /**
     * 15 s at half the capacity, traced, for the paths the closed model leaves cold (parking per request, the trace's
     * polls): without it three 5 s steps at 0.5x cost the fixed server 615, 484, then 246 us of CPU per request,
     * and the adaptive server served the first mostly at gzip level 1.
     */
    private void openModelWarmUp(LoadGenerator run, String label, double capacity, ServerProcess server)
            throws InterruptedException {
        LoadStep r;
        try (StepTrace trace = StepTrace.start(server.host(), server.port())) {
            r = run.run(label + " open-model warm-up", "gzip", capacity / 2, oo.connections, 0,
                    oo.quick ? 0.5 : 15, server);
        }
        ctx.progress().report(String.format(Locale.ROOT, "open-model warm-up %s: %,.0f of %,.0f req/s, %,.0f us CPU/req",
                label, r.servedPerSecond(), capacity / 2, r.serverCpuUsPerRequest()));
    }

    private void write(Path dir, Markdown md) {
        StepTable.writeCsv(results, dir.resolve("overload.csv"));
        md.heading(2, "HTTP overload: open model against the gzip capacity");
        md.paragraph("The demo server (`@FastGzip`, level 6, `Accept-Encoding: gzip`) in its own JVM; " + servers.pinning()
                + ". Capacity: the closed model at saturation (" + oo.peerConcurrency + " connections) against "
                + "`rest-compress.adaptive=off`" + (adaptiveSupported() ? "" : " (this build has no adaptive setting: "
                + "the fixed level, and `adaptive=on` was skipped)") + "; then a constant arrival rate of "
                + oo.multipliers + " x capacity for " + oo.seconds + " s each, " + oo.connections
                + " connections, settings " + servers.settings + " in turn"
                + (oo.onSettings.isEmpty() ? "" : " (adaptive=on with `" + String.join(" ", oo.onSettings) + "`)")
                + ". Capacities: " + capacities + " req/s"
                + (cheapestCapacities.isEmpty() ? "" : "; the same closed model against the demo fixed at gzip level "
                        + CHEAPEST_LEVEL + " (the adaptive policy's cheapest step for a gzip-only client): "
                        + cheapestCapacities + " req/s") + ". "
                + StepTable.method() + " The machine's " + Runtime.getRuntime().availableProcessors()
                + " cores may be shared with other work; read ratios, not absolute figures.");
        StepTable.table(md, results);
        writeComparison(md);
        writeTraces(md);
        md.paragraph("![served vs offered](overload-served.png) ![p99 vs offered](overload-latency.png)");
        writeCharts(dir);
    }

    /** adaptive=on against off at each offered load: the adaptive goals in one table. */
    private void writeComparison(Markdown md) {
        var byLabel = results.stream().collect(Collectors.toMap(LoadStep::label, r -> r, (a, b) -> b));
        List<List<String>> rows = new ArrayList<>();
        for (LoadStep on : results) {
            int at = on.label().indexOf(" adaptive=on x");
            LoadStep off = at < 0 ? null : byLabel.get(on.label().replace(" adaptive=on x", " adaptive=off x"));
            if (off == null) {
                continue;
            }
            double served = on.servedPerSecond() / off.servedPerSecond();
            double servedError = served * Math.hypot(on.servedPerSecondError() / on.servedPerSecond(),
                    off.servedPerSecondError() / off.servedPerSecond());
            String mix = on.label().substring(0, at);
            Double cheapest = cheapestCapacities.get(mix);
            double light = lightLoadP99Us(mix);
            double bound = LATENCY_BOUND * light;
            rows.add(List.of(mix + " x" + on.label().substring(at + 14),
                    Markdown.withError(served, servedError, 2) + "x",
                    Markdown.num(on.wireBytesPerResponse() / off.wireBytesPerResponse(), 4) + "x",
                    Markdown.num(on.serverCpuUsPerRequest() / off.serverCpuUsPerRequest(), 3) + "x",
                    Markdown.num(on.p99Us() / off.p99Us(), 2) + "x",
                    Markdown.num(on.p99Us() / light, 1) + "x",
                    inTime(on.answeredWithinPerSecond(bound), off.answeredWithinPerSecond(bound)),
                    cheapest == null ? "n/a" : Markdown.num(on.servedPerSecond() / cheapest, 2) + "x"));
        }
        if (rows.isEmpty()) {
            return;
        }
        md.paragraph("**adaptive=on / off** at each offered load (the goals: at 0.5x bytes per response "
                + "within 1% and server CPU per request < 1% extra; at 2x served >= 2.5x with p99 below "
                + LATENCY_BOUND + "x the light-load p99; at 4x served >= 90% of the cheapest step's capacity). "
                + "Light-load p99: adaptive=off's at the lowest offered load. *Answered in time*: correct "
                + "responses per second that came within " + LATENCY_BOUND + "x the light-load p99 of their due "
                + "time (goodput: served counts late answers too, and at most what was offered, so a served "
                + "ratio at 2x cannot pass 2). Served: ± from the two "
                + "steps' slice errors; bytes and CPU per request are one window's totals (no error bar; the "
                + "off/on windows are interleaved on the same core, so repeat the run to see their spread).");
        md.table(List.of("step", "served on / off", "bytes/resp on / off", "server CPU/req on / off",
                "p99 on / off", "p99 on / light-load p99", "answered in time on / off (req/s)",
                "served on / gzip level " + CHEAPEST_LEVEL + " capacity"), rows);
    }

    /** "on / off = ratio", or "on / 0" when the fixed level answered nothing in time (no ratio). */
    private static String inTime(double on, double off) {
        String both = Markdown.num(on, 0) + " / " + Markdown.num(off, 0);
        return off > 0 ? both + " = " + Markdown.num(on / off, 2) + "x" : both;
    }

    /** The latency bound of "answered in time", in multiples of the light-load p99 (the 2x goal's). */
    static final int LATENCY_BOUND = 10;

    /** adaptive=off's p99 at the lowest offered load of {@code mix}, NaN without one. */
    private double lightLoadP99Us(String mix) {
        return results.stream().filter(r -> r.offeredPerSecond() > 0 && r.label().startsWith(mix + " adaptive=off x"))
                .min(Comparator.comparingDouble(LoadStep::offeredPerSecond))
                .map(LoadStep::p99Us).orElse(Double.NaN);
    }

    private void writeTraces(Markdown md) {
        if (traces.isEmpty()) {
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        traces.forEach((label, t) -> rows.add(List.of(label, Integer.toString(t.samples()),
                Markdown.num(100 * t.shareAt(0), 0) + "%", Markdown.num(100 * t.shareAt(1), 0) + "%",
                Markdown.num(100 * t.shareAt(2), 0) + "%", Markdown.num(100 * t.shareAt(3), 0) + "%",
                Integer.toString(t.moves()), loads(t.loadsAtDown()), t.bodiesByLevel().toString())));
        md.paragraph("**Adaptive steps seen** (`GET /rest/metrics` of each server every " + StepTrace.PERIOD_MS
                + " ms during the step, its warm-up second included): share of polls at each step, moves between "
                + "polls, the server's last CPU sample at each poll that found the step lower (the sample that "
                + "moved it or the next: at or above the saturation mark, or a run of pressure), bodies per "
                + "coding/level encoded during the step.");
        md.table(List.of("step", "polls", "at 0", "at 1", "at 2", "at 3", "moves", "load at moves down",
                "bodies by level"), rows);
    }

    private static String loads(List<Double> loads) {
        return loads.isEmpty() ? "-" : loads.stream().map(l -> Markdown.num(l, 2))
                .collect(Collectors.joining(", "));
    }

    static String describe(StepTrace.Summary t) {
        return String.format(Locale.ROOT, "adaptive step 0/1/2/3 in %.0f/%.0f/%.0f/%.0f%% of %d polls, "
                + "%d moves (load at moves down: %s), bodies %s", 100 * t.shareAt(0), 100 * t.shareAt(1),
                100 * t.shareAt(2), 100 * t.shareAt(3), t.samples(), t.moves(), loads(t.loadsAtDown()),
                t.bodiesByLevel());
    }

    private void writeCharts(Path dir) {
        XyChart served = new XyChart("Served vs offered load (x capacity)", "offered load, x capacity",
                "served requests/s", false, false);
        XyChart latency = new XyChart("p99 latency vs offered load (from the due time)", "offered load, x capacity",
                "p99 latency, µs (log scale)", false, true);
        List<LoadStep> open = results.stream().filter(r -> r.offeredPerSecond() > 0).toList();
        int colour = 0;
        for (var e : XyChart.groups(open, r -> r.label().substring(0, r.label().lastIndexOf(" x"))).entrySet()) {
            double capacity = capacities.getOrDefault(e.getKey().substring(0, e.getKey().indexOf(' ')), Double.NaN);
            ToDoubleFunction<LoadStep> x = r -> r.offeredPerSecond() / capacity;
            served.line(e.getKey(), e.getValue(), x, LoadStep::servedPerSecond, LoadStep::servedPerSecondError, false,
                    colour);
            latency.line(e.getKey(), e.getValue().stream().filter(r -> r.p99Us() > 0).toList(), x, LoadStep::p99Us,
                    XyChart::noError, false, colour++);
        }
        served.writePng(dir.resolve("overload-served.png"));
        latency.writePng(dir.resolve("overload-latency.png"));
    }
}
