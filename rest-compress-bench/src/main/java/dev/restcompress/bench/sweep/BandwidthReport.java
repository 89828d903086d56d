package dev.restcompress.bench.sweep;

import dev.restcompress.bench.load.LoadStep;
import dev.restcompress.bench.report.Csv;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.XyChart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes the bandwidth suite's results: {@code bandwidth.csv}, a markdown table with each coding's
 * requests/s relative to identity at every link rate, the break-even rates, and
 * {@code bandwidth.png} (requests/s against link rate, with each coding's break-even rate as a
 * vertical line).
 */
record BandwidthReport(String file, int fileBytes, List<LinkRate> rates, List<LoadStep> results,
        Map<String, BreakEven> breakEven) {
    private LoadStep find(String link, String coding) {
        return results.stream().filter(r -> r.label().equals(link) && r.coding().equals(coding)).findFirst().orElse(null);
    }

    /** Bytes one response of {@code coding} saves on the wire against identity, measured; NaN if unknown. */
    private double saved(String coding) {
        double identity = Double.NaN;
        double coded = Double.NaN;
        for (LoadStep r : results) {
            if (r.completed() > 0 && r.coding().equals("identity")) {
                identity = r.wireBytesPerResponse();
            } else if (r.completed() > 0 && r.coding().equals(coding)) {
                coded = r.wireBytesPerResponse();
            }
        }
        if (Double.isNaN(identity) || Double.isNaN(coded)) {
            // No identity run: fall back to the body sizes (headers left out).
            BreakEven b = breakEven.get(coding);
            return b == null ? Double.NaN : fileBytes - b.compressedBytes();
        }
        return identity - coded;
    }

    void write(Path dir, Markdown md) {
        Csv csv = LoadReport.csv("link", "link_mbit_s", "link_limit_req_per_s", "vs_identity");
        for (LoadStep r : results) {
            List<Object> cells = LoadReport.cells(r);
            double mbps = mbps(r.label());
            cells.add(mbps);
            cells.add(mbps * 1e6 / 8 / r.wireBytesPerResponse());
            cells.add(vsIdentity(r));
            csv.row(cells.toArray());
        }
        csv.write(dir.resolve("bandwidth.csv"));

        md.heading(2, "HTTP load through a limited link: where each coding pays off");
        md.paragraph("The same `GET /rest/static/" + file + "` (" + Markdown.num(fileBytes, 0) + " B), with the server "
                + "in its own network namespace behind a veth pair whose both ends carry a tc token-bucket filter "
                + "(`tbf`) at the given rate; the load generator runs in a second namespace. \"link limit\" is the "
                + "most responses per second the rate can carry at the measured wire bytes per response; "
                + "\"vs identity\" is requests/s relative to identity at the same rate.");
        List<List<String>> rows = new ArrayList<>();
        for (LoadStep r : results) {
            double mbps = mbps(r.label());
            rows.add(List.of(r.label(), r.coding(), Integer.toString(r.connections()),
                    Markdown.withError(r.servedPerSecond(), r.servedPerSecondError(), 0),
                    Markdown.num(mbps * 1e6 / 8 / r.wireBytesPerResponse(), 0), Markdown.num(vsIdentity(r), 2) + "x",
                    Markdown.num(r.p50Us(), 0), Markdown.num(r.p99Us(), 0), Markdown.num(r.wireBytesPerResponse(), 0),
                    Markdown.num(r.wireMbps(), 1), Long.toString(r.errors())));
        }
        md.table(List.of("link", "coding", "concurrency", "req/s", "link limit req/s", "vs identity", "p50 µs",
                "p99 µs", "wire B/resp", "wire Mbit/s", "errors"), rows);

        List<List<String>> be = new ArrayList<>();
        for (BreakEven b : breakEven.values()) {
            double saved = saved(b.coding());
            be.add(List.of(b.coding(), Markdown.num(b.compressedBytes(), 0), Markdown.num(saved, 0),
                    Markdown.num(b.compressNs() / 1e3, 1), Markdown.num(b.decompressNs() / 1e3, 1),
                    Markdown.num(b.mbps(saved), 0)));
        }
        md.paragraph("Break-even link rate per coding, from the codec figures on this payload (same codec and level "
                + "as the server, one thread: one-shot compress + bounded stream decompress) and the bytes saved "
                + "per response on the wire (identity minus coding, headers included): below this rate one "
                + "response arrives sooner compressed than not. Under load the measured columns above are "
                + "the better guide, because compression CPU and the link are both shared.");
        md.table(List.of("coding", "body B", "saved B/resp", "compress µs", "decompress µs", "break-even Mbit/s"), be);
        md.paragraph("![requests/s vs link rate](bandwidth.png)");
        writeChart(dir.resolve("bandwidth.png"));
    }

    private double vsIdentity(LoadStep r) {
        LoadStep id = find(r.label(), "identity");
        return id == null || id.completed() == 0 ? Double.NaN : r.servedPerSecond() / id.servedPerSecond();
    }

    private double mbps(String link) {
        return rates.stream().filter(r -> r.label().equals(link)).mapToDouble(LinkRate::mbps).findFirst().orElse(Double.NaN);
    }

    private void writeChart(Path png) {
        XyChart chart = new XyChart("Requests/s vs link rate (tbf; vertical lines: break-even rates)",
                "link rate, Mbit/s (log scale)", "requests/s (log scale)", true, true);
        List<LoadStep> done = results.stream().filter(r -> r.completed() > 0).toList();
        double lo = done.stream().mapToDouble(LoadStep::servedPerSecond).min().orElse(Double.POSITIVE_INFINITY);
        double hi = done.stream().mapToDouble(LoadStep::servedPerSecond).max().orElse(0);
        int colour = 0;
        for (var e : XyChart.groups(results, LoadStep::coding).entrySet()) {
            chart.line(e.getKey(), e.getValue().stream().filter(r -> r.completed() > 0).toList(), r -> mbps(r.label()),
                    LoadStep::servedPerSecond, LoadStep::servedPerSecondError, false, colour);
            BreakEven b = breakEven.get(e.getKey());
            double x = b == null ? Double.NaN : b.mbps(saved(e.getKey()));
            if (x > 0 && Double.isFinite(x) && hi > 0) {
                chart.line(e.getKey() + " break-even " + Markdown.num(x, 0) + " Mbit/s", List.of(lo, hi), y -> x,
                        y -> y, XyChart::noError, true, colour);
            }
            colour++;
        }
        chart.writePng(png);
    }
}
