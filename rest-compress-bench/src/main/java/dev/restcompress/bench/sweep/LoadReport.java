package dev.restcompress.bench.sweep;

import dev.restcompress.bench.load.LoadGenerator;
import dev.restcompress.bench.load.LoadStep;
import dev.restcompress.bench.report.Csv;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.XyChart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the load suite's results: {@code load.csv} (one row per step), a markdown table, and two
 * charts: latency (p50 filled, p99 hollow) and requests/s against concurrency, one colour per coding.
 */
record LoadReport(String file, int fileBytes, String gzipEngine, List<LoadStep> results) {
    /** The CSV of any list of steps (the bandwidth suite adds its own columns after these). */
    static Csv csv(String labelColumn, String... extraHeader) {
        List<String> header = new ArrayList<>(List.of(labelColumn, "coding", "concurrency", "seconds", "requests",
                "requests_per_s", "requests_per_s_err", "errors", "p50_us", "p90_us", "p99_us", "max_us", "wire_bytes_per_response",
                "body_bytes_per_response", "wire_mbit_s", "server_cpu_us_per_request", "client_cpu_us_per_request",
                "first_error"));
        header.addAll(List.of(extraHeader));
        return new Csv(header.toArray(String[]::new));
    }

    static List<Object> cells(LoadStep r) {
        return new ArrayList<>(List.of(r.label(), r.coding(), r.connections(), r.seconds(), r.completed(),
                r.servedPerSecond(), r.servedPerSecondError(), r.errors(), r.p50Us(), r.p90Us(), r.p99Us(), r.maxUs(),
                r.wireBytesPerResponse(), r.bodyBytesPerResponse(), r.wireMbps(), r.serverCpuUsPerRequest(),
                r.clientCpuUsPerRequest(), r.firstError() == null ? "" : r.firstError()));
    }

    void write(Path dir, Markdown md) {
        Csv csv = csv("endpoint");
        results.forEach(r -> csv.row(cells(r).toArray()));
        csv.write(dir.resolve("load.csv"));

        md.heading(2, "HTTP load: concurrency sweep on loopback");
        md.paragraph("`GET /rest/{static,cached,unique}/" + file + "` (" + Markdown.num(fileBytes, 0) + " B, `@LZF "
                + "@FastGzip`) against this library on RESTEasy + Undertow (the bench's `ours-cache` server) in its own "
                + "JVM on 127.0.0.1. Endpoint *uncached*: no cache, every response compressed; *cached*: "
                + "`@CacheEncoded`, the same bytes every time; *miss*: `@CacheEncoded` with a counter stamped into "
                + "every body, so every request misses the cache (the lookup's price); identity only uncached. Gzip engine "
                + gzipEngine + ", level 6. The load generator is a closed loop in the bench JVM: c connections "
                + "(HTTP/1.1 keep-alive, one request in flight each), raw sockets so every received byte is counted. "
                + "Latency runs from sending the request to having the body decoded by the project's codecs and "
                + "compared with the file (the stamp aside); a wrong status, coding or body counts as an error. Client and server "
                + "share this machine's " + Runtime.getRuntime().availableProcessors() + " cores, so at high "
                + "concurrency the client's own decoding competes with the server. CPU columns: process CPU time "
                + "per response (server JVM; load-generator JVM). Wire bytes are the bytes received per "
                + "response (status line, headers, framing, body). req/s ± is the 95% interval from the rate's "
                + "spread over " + LoadGenerator.SLICES + " equal slices of each step.");
        List<List<String>> rows = new ArrayList<>();
        for (LoadStep r : results) {
            rows.add(List.of(r.label(), r.coding(), Integer.toString(r.connections()),
                    Markdown.withError(r.servedPerSecond(), r.servedPerSecondError(), 0),
                    Markdown.num(r.p50Us(), 0), Markdown.num(r.p90Us(), 0), Markdown.num(r.p99Us(), 0),
                    Long.toString(r.errors()), Markdown.num(r.wireBytesPerResponse(), 0),
                    Markdown.num(r.wireMbps(), 1), Markdown.num(r.serverCpuUsPerRequest(), 0),
                    Markdown.num(r.clientCpuUsPerRequest(), 0)));
        }
        md.table(List.of("endpoint", "coding", "concurrency", "req/s", "p50 µs", "p90 µs", "p99 µs", "errors", "wire B/resp",
                "wire Mbit/s", "server CPU µs/req", "client CPU µs/req"), rows);
        long errors = results.stream().mapToLong(LoadStep::errors).sum();
        md.paragraph(errors == 0 ? "No errors: every response had the requested coding and decoded to the file."
                : "**" + errors + " error(s)**; first: `" + results.stream().filter(r -> r.firstError() != null)
                        .findFirst().map(LoadStep::firstError).orElse("?") + "`.");
        md.paragraph("![latency vs concurrency](load-latency.png) ![requests/s vs concurrency](load-throughput.png)");
        writeCharts(dir);
    }

    private void writeCharts(Path dir) {
        XyChart latency = new XyChart("Latency vs concurrency (loopback; filled p50, hollow p99)",
                "concurrent connections (log scale)", "latency, µs (log scale)", true, true);
        XyChart throughput = new XyChart("Requests/s vs concurrency (loopback)",
                "concurrent connections (log scale)", "requests/s", true, false);
        int colour = 0;
        for (var e : XyChart.groups(results, r -> r.coding() + " " + r.label()).entrySet()) {
            List<LoadStep> done = e.getValue().stream().filter(r -> r.completed() > 0).toList();
            latency.line(e.getKey() + " p50", done, LoadStep::connections, LoadStep::p50Us, XyChart::noError, false, colour);
            latency.line(e.getKey() + " p99", done, LoadStep::connections, LoadStep::p99Us, XyChart::noError, true, colour);
            throughput.line(e.getKey(), e.getValue(), LoadStep::connections, LoadStep::servedPerSecond,
                    LoadStep::servedPerSecondError, false, colour++);
        }
        latency.writePng(dir.resolve("load-latency.png"));
        throughput.writePng(dir.resolve("load-throughput.png"));
    }
}
