package dev.restcompress.bench.overload;

import dev.restcompress.bench.load.LoadStep;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.StepTable;
import dev.restcompress.bench.report.XyChart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * Writes the overload suite's results: {@code overload.csv}, a markdown table, and two charts against
 * the offered load (as a multiple of the capacity): served requests/s, and p99 latency (log scale),
 * one colour per payload mix and setting. {@code cheapestCapacities}: per mix, the closed-model capacity of
 * the demo fixed at the adaptive policy's cheapest gzip level.
 */
record OverloadReport(List<LoadStep> results, Map<String, Double> capacities,
        Map<String, Double> cheapestCapacities, List<String> settings, boolean adaptiveSupported, String pinning,
        OverloadOptions oo, Map<String, StepTrace.Summary> traces) {

    void write(Path dir, Markdown md) {
        StepTable.writeCsv(results, dir.resolve("overload.csv"));
        md.heading(2, "HTTP overload: open model against the gzip capacity");
        md.paragraph("The demo server (`@FastGzip`, level 6, `Accept-Encoding: gzip`) in its own JVM; " + pinning
                + ". Capacity: the closed model at saturation (" + oo.peerConcurrency + " connections) against "
                + "`rest-compress.adaptive=off`" + (adaptiveSupported ? "" : " (this build has no adaptive setting: "
                + "the fixed level, and `adaptive=on` was skipped)") + "; then a constant arrival rate of "
                + oo.multipliers + " x capacity for " + oo.seconds + " s each, " + oo.connections
                + " connections, settings " + settings + " in turn"
                + (oo.onSettings.isEmpty() ? "" : " (adaptive=on with `" + String.join(" ", oo.onSettings) + "`)")
                + ". Capacities: " + capacities + " req/s"
                + (cheapestCapacities.isEmpty() ? "" : "; the same closed model against the demo fixed at gzip level "
                        + OverloadBench.CHEAPEST_LEVEL + " (the adaptive policy's cheapest step for a gzip-only client): "
                        + cheapestCapacities + " req/s") + ". "
                + StepTable.method() + " The machine's " + Runtime.getRuntime().availableProcessors()
                + " cores may be shared with other work; read ratios, not absolute figures.");
        StepTable.table(md, results);
        writeComparison(md);
        writeTraces(md);
        md.paragraph("![served vs offered](overload-served.png) ![p99 vs offered](overload-latency.png)");
        writeCharts(dir);
    }

    /**
     * adaptive=on against off at each offered load, the adaptive goals in one place: served req/s (95%
     * error from the two slice errors), bytes per response and server CPU per request.
     */
    private void writeComparison(Markdown md) {
        Map<String, LoadStep> byLabel = new LinkedHashMap<>();
        results.forEach(r -> byLabel.put(r.label(), r));
        List<List<String>> rows = new ArrayList<>();
        for (LoadStep on : results) {
            int at = on.label().indexOf(" adaptive=on x");
            if (at < 0) {
                continue;
            }
            LoadStep off = byLabel.get(on.label().replace(" adaptive=on x", " adaptive=off x"));
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
                "served on / gzip level " + OverloadBench.CHEAPEST_LEVEL + " capacity"), rows);
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

    /** The adaptive step during each step, polled from the demo's metrics. */
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

    /** One line for the progress log. */
    static String describe(StepTrace.Summary t) {
        return String.format(java.util.Locale.ROOT, "adaptive step 0/1/2/3 in %.0f/%.0f/%.0f/%.0f%% of %d polls, "
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
