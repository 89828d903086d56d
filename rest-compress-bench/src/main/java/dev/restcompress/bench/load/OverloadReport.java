package dev.restcompress.bench.load;

import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.XyChart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the overload suite's results: {@code overload.csv}, a markdown table, and two charts against
 * the offered load (as a multiple of the capacity): served requests/s, and p99 latency (log scale),
 * one colour per payload mix and setting.
 */
final class OverloadReport {
    private final List<ArrivalResult> results;
    private final Map<String, Double> capacities;
    private final List<String> settings;
    private final boolean adaptiveSupported;
    private final String pinning;
    private final OverloadOptions oo;

    OverloadReport(List<ArrivalResult> results, Map<String, Double> capacities, List<String> settings,
            boolean adaptiveSupported, String pinning, OverloadOptions oo) {
        this.results = results;
        this.capacities = capacities;
        this.settings = settings;
        this.adaptiveSupported = adaptiveSupported;
        this.pinning = pinning;
        this.oo = oo;
    }

    void write(Path dir, Markdown md) {
        ArrivalTable.writeCsv(results, dir.resolve("overload.csv"));
        md.heading(2, "HTTP overload: open model against the gzip capacity");
        md.paragraph("The demo server (`@FastGzip`, level 6, `Accept-Encoding: gzip`) in its own JVM; " + pinning
                + ". Capacity: the closed model at saturation (" + oo.peerConcurrency + " connections) against "
                + "`rest-compress.adaptive=off`" + (adaptiveSupported ? "" : " (this build has no adaptive setting: "
                + "the fixed level, and `adaptive=on` was skipped)") + "; then a constant arrival rate of "
                + oo.multipliers + " x capacity for " + oo.seconds + " s each, " + oo.connections
                + " connections, settings " + settings + " in turn. Capacities: " + capacities + " req/s. "
                + ArrivalTable.method() + " The machine's " + Runtime.getRuntime().availableProcessors()
                + " cores may be shared with other work; read ratios, not absolute figures.");
        ArrivalTable.table(md, results);
        md.paragraph("![served vs offered](overload-served.png) ![p99 vs offered](overload-latency.png)");
        writeCharts(dir);
    }

    private void writeCharts(Path dir) {
        XyChart served = new XyChart("Served vs offered load (x capacity)", "offered load, x capacity",
                "served requests/s", false, false);
        XyChart latency = new XyChart("p99 latency vs offered load (from the due time)", "offered load, x capacity",
                "p99 latency, µs (log scale)", false, true);
        Map<String, List<ArrivalResult>> bySeries = new LinkedHashMap<>();
        for (ArrivalResult r : results) {
            if (r.offeredPerSecond() > 0) {
                String key = r.label().substring(0, r.label().lastIndexOf(" x"));
                bySeries.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
            }
        }
        int colour = 0;
        for (var e : bySeries.entrySet()) {
            String mix = e.getKey().substring(0, e.getKey().indexOf(' '));
            double capacity = capacities.getOrDefault(mix, Double.NaN);
            List<XyChart.Point> s = new ArrayList<>();
            List<XyChart.Point> p99 = new ArrayList<>();
            for (ArrivalResult r : e.getValue()) {
                double x = r.offeredPerSecond() / capacity;
                s.add(new XyChart.Point(x, r.servedPerSecond(), r.servedPerSecondError(), null));
                if (r.p99Us() > 0) {
                    p99.add(new XyChart.Point(x, r.p99Us(), Double.NaN, null));
                }
            }
            served.add(new XyChart.Series(e.getKey(), s, true, false), colour);
            latency.add(new XyChart.Series(e.getKey(), p99, true, false), colour);
            colour++;
        }
        served.writePng(dir.resolve("overload-served.png"));
        latency.writePng(dir.resolve("overload-latency.png"));
    }
}
