package dev.restcompress.bench.sweep;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.ResponseBody;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.load.LoadGenerator;
import dev.restcompress.bench.load.LoadStep;
import dev.restcompress.bench.load.Payloads;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.Table;
import dev.restcompress.bench.report.XyChart;
import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.bench.server.ServerProcess;
import dev.restcompress.codec.CodingProviders;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.Map;

/**
 * The HTTP load suite (README "HTTP load and bandwidth"): a closed-model concurrency sweep of every coding and
 * {@link #ENDPOINTS endpoint} of {@code CacheServer} in its own JVM on 127.0.0.1, interleaved at each concurrency.
 */
public final class LoadBench {
    public static final List<String> FILES = List.of("load.csv", "load-latency.png", "load-throughput.png");
    /** The endpoints by the name of their rows; {@link #PATHS} in the same order. */
    static final List<String> ENDPOINTS = List.of("uncached", "cached", "miss");
    private static final List<String> PATHS = List.of(Payloads.STATIC, Payloads.CACHED, Payloads.UNIQUE);

    private LoadBench() {}

    public static List<String> run(SuiteContext ctx, LoadOptions lo) throws IOException, InterruptedException {
        Path corpus = ctx.corpus();
        String file = lo.file != null ? lo.file : ResponseBody.pick(corpus);
        byte[] expected = Corpus.read(corpus, file);
        // Endpoint and coding; identity only uncached, where the cache has nothing to do.
        List<String[]> pairs = lo.endpoints.stream().flatMap(e -> lo.codings.stream()
                .filter(c -> e.equals("uncached") || !c.equals("identity")).map(c -> new String[] {e, c})).toList();
        int steps = pairs.size() * lo.concurrency.size();
        ctx.progress().report(String.format(Locale.ROOT, "load suite: %s (%,d B) over HTTP on 127.0.0.1, %s x codings "
                + "%s x concurrency %s = %d steps of %.1f s + %d ms warm-up (about %.0f s)", file, expected.length,
                lo.endpoints, lo.codings, lo.concurrency, steps, lo.seconds, lo.warmupMs,
                steps * (lo.seconds + lo.warmupMs / 1000.0) + lo.warmUpSeconds * pairs.size() + 3));
        List<LoadStep> results = new ArrayList<>();
        try (ServerProcess server = ServerProcess.start(new ServerProcess.Spec(List.of(), ServerProcess.defaultJvmOptions(),
                List.of(), BenchServerMain.OURS_CACHE, "127.0.0.1", corpus, ctx.out().resolve("load-server.log")))) {
            ctx.progress().report("ours-cache server JVM listening on 127.0.0.1:" + server.port()
                    + " (log: load-server.log)");
            Map<String, LoadGenerator> runs = lo.endpoints.stream().distinct().collect(Collectors.toMap(e -> e,
                    e -> new LoadGenerator(server, List.of(Payloads.payload(corpus, file,
                            PATHS.get(ENDPOINTS.indexOf(e)))), 1)));
            for (String[] p : pairs) {
                ctx.progress().report(runs.get(p[0]).run("warm-up " + p[0] + " " + p[1], p[1], 0, 4, 0,
                        lo.warmUpSeconds, server).describeWarmUp());
            }
            for (int c : lo.concurrency) {
                for (String[] p : pairs) {
                    LoadStep r = runs.get(p[0]).run(p[0], p[1], 0, c, lo.warmupMs, lo.seconds, server);
                    ctx.progress().report(r.describe());
                    results.add(r);
                }
            }
        }
        write(ctx, file, expected.length, results);
        return FILES;
    }

    /** The columns of the load and bandwidth suites' steps; {@code all}: p90 and CPU in the markdown table too. */
    static Table<LoadStep> columns(String label, boolean all) {
        return new Table<LoadStep>()
                .text(label, label, LoadStep::label)
                .text("coding", "coding", LoadStep::coding)
                .text("concurrency", "concurrency", LoadStep::connections)
                .csvOnly("seconds", LoadStep::seconds)
                .csvOnly("requests", LoadStep::completed)
                .withError("requests_per_s", "req/s", LoadStep::servedPerSecond, LoadStep::servedPerSecondError, 0)
                .text("errors", "errors", LoadStep::errors)
                .number("p50_us", "p50 µs", LoadStep::p50Us, 0)
                .number("p90_us", all ? "p90 µs" : null, LoadStep::p90Us, 0)
                .number("p99_us", "p99 µs", LoadStep::p99Us, 0)
                .csvOnly("max_us", LoadStep::maxUs)
                .number("wire_bytes_per_response", "wire B/resp", LoadStep::wireBytesPerResponse, 0)
                .csvOnly("body_bytes_per_response", LoadStep::bodyBytesPerResponse)
                .number("wire_mbit_s", "wire Mbit/s", LoadStep::wireMbps, 1)
                .number("server_cpu_us_per_request", all ? "server CPU µs/req" : null, LoadStep::serverCpuUsPerRequest, 0)
                .number("client_cpu_us_per_request", all ? "client CPU µs/req" : null, LoadStep::clientCpuUsPerRequest, 0)
                .csvOnly("first_error", LoadStep::firstError);
    }

    private static void write(SuiteContext ctx, String file, int fileBytes, List<LoadStep> results) {
        Table<LoadStep> table = columns("endpoint", true);
        table.writeCsv(results, ctx.out().resolve("load.csv"));
        Markdown md = ctx.md();
        md.heading(2, "HTTP load: concurrency sweep on loopback");
        md.paragraph("`GET /rest/{static,cached,unique}/" + file + "` (" + Markdown.num(fileBytes, 0) + " B, `@LZF "
                + "@FastGzip`) against this library on RESTEasy + Undertow (the bench's `ours-cache` server) in its own "
                + "JVM on 127.0.0.1. Endpoint *uncached*: no cache, every response compressed; *cached*: "
                + "`@CacheEncoded`, the same bytes every time; *miss*: `@CacheEncoded` with a counter stamped into "
                + "every body, so every request misses the cache (the lookup's price; after 1,024 misses the method is in "
                + "pass mode and looks up one response in 17); identity only uncached. Gzip "
                + "engine " + CodingProviders.get("gzip").description() + ", level 6. The load generator is a closed "
                + "loop in the bench JVM: c connections (HTTP/1.1 keep-alive, one request in flight each), raw sockets "
                + "so every received byte is counted. Latency runs from sending the request to having the body "
                + "decoded by the project's codecs and compared with the file (the stamp aside); a wrong status, "
                + "coding or body counts as an error. Client and server share this machine's "
                + Runtime.getRuntime().availableProcessors() + " cores, so at high concurrency the client's own "
                + "decoding competes with the server. CPU columns: process CPU time per response (server JVM; "
                + "load-generator JVM). Wire bytes are the bytes received per response (status line, headers, "
                + "framing, body). req/s ± is the 95% interval from the rate's spread over " + LoadGenerator.SLICES
                + " equal slices of each step.");
        table.markdown(md, results);
        long errors = results.stream().mapToLong(LoadStep::errors).sum();
        md.paragraph(errors == 0 ? "No errors: every response had the requested coding and decoded to the file."
                : "**" + errors + " error(s)**; first: `" + results.stream().filter(r -> r.firstError() != null)
                        .findFirst().map(LoadStep::firstError).orElse("?") + "`.");
        md.paragraph("![latency vs concurrency](load-latency.png) ![requests/s vs concurrency](load-throughput.png)");
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
        latency.writePng(ctx.out().resolve("load-latency.png"));
        throughput.writePng(ctx.out().resolve("load-throughput.png"));
    }
}
