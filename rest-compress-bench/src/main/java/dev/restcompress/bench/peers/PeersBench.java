package dev.restcompress.bench.peers;

import dev.restcompress.bench.core.CodecCpuTime;
import dev.restcompress.bench.core.Progress;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.load.LoadGenerator;
import dev.restcompress.bench.load.LoadStep;
import dev.restcompress.bench.load.Payloads;
import dev.restcompress.bench.overload.OpenModelServers;
import dev.restcompress.bench.overload.OverloadBench;
import dev.restcompress.bench.overload.OverloadOptions;
import dev.restcompress.bench.overload.StepTrace;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.StepTable;
import dev.restcompress.bench.report.XyChart;
import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.bench.server.OurVariants;
import dev.restcompress.bench.server.ServerProcess;
import dev.restcompress.codec.CodecRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleBiFunction;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The peers suite: every server in its own JVM ({@link OpenModelServers}; {@code ours} is the overload suite's
 * adaptive=off demo), each measured in turn within a round at saturation so that a drift in machine load hits
 * all of them alike; ratios to {@code ours} are taken per round, their error bars from the spread over rounds.
 */
public final class PeersBench {
    public static final List<String> FILES = List.of("peers.csv", "peers.png");
    private static final ToDoubleBiFunction<LoadStep, LoadStep> SERVED =
            (a, b) -> a.servedPerSecond() / b.servedPerSecond();
    private static final ToDoubleBiFunction<LoadStep, LoadStep> CPU =
            (a, b) -> a.serverCpuUsPerRequest() / b.serverCpuUsPerRequest();
    /** The compression-over-HTTP figure's runtimes: the gzip row, the same server asked for identity, a name. */
    private static final List<List<String>> HTTP_COST_RUNTIMES = List.of(
            List.of(BenchServerMain.OURS, OurVariants.IDENTITY, "RESTEasy + Undertow (the demo)"),
            List.of(OurVariants.JERSEY, OurVariants.JERSEY_IDENTITY, "Jersey + JDK HTTP server"));

    private final OverloadOptions oo;
    private final OpenModelServers servers;
    private final String payload;
    private final Map<String, List<LoadStep>> byServer = new LinkedHashMap<>();
    private final Map<String, String> skipped = new LinkedHashMap<>();
    /** Per round, with an identity row ({@link #HTTP_COST_RUNTIMES}): CPU ns per body of the gzip codec alone. */
    private final List<Double> codecNanos = new ArrayList<>();
    /** Per round: wall ns per gzip body inside the codec call in the {@code ours} server (its statistics). */
    private final List<Double> serverCodecNanos = new ArrayList<>();

    private PeersBench(OverloadOptions oo, OpenModelServers servers, String payload) {
        this.oo = oo;
        this.servers = servers;
        this.payload = payload;
    }

    public static List<String> run(SuiteContext ctx, OverloadOptions oo, OpenModelServers servers)
            throws IOException, InterruptedException {
        Progress progress = ctx.progress();
        List<LoadGenerator.Payload> payloads = Payloads.mix(ctx.corpus(), "large", Payloads.STATIC);
        PeersBench b = new PeersBench(oo, servers, Payloads.describe(payloads));
        progress.report("peers suite: " + b.payload + ", servers " + oo.peers + ", " + oo.rounds
                + " round(s) of " + oo.peerSeconds + " s each at " + oo.peerConcurrency + " connections; "
                + servers.pinning());
        Map<String, LoadGenerator> runs = new LinkedHashMap<>();
        for (String kind : oo.peers) {
            ServerProcess p = servers.peer(kind);
            if (p == null) {
                b.skipped.put(kind, servers.whyNot(kind));
                progress.report("peers suite: leaving out " + kind + ": " + servers.whyNot(kind));
                continue;
            }
            runs.put(kind, new LoadGenerator(p.host(), p.port(), LoadGenerator.payloads(Payloads.mix(ctx.corpus(), "large",
                    OurVariants.endpoint(kind)), oo.verifyEvery, OurVariants.headers(kind)), LoadGenerator.TIMEOUT_MS));
            OverloadBench.warmUp(runs.get(kind), kind, oo, p, progress);
        }
        boolean httpCost = HTTP_COST_RUNTIMES.stream().anyMatch(r -> runs.containsKey(r.get(0)) && runs.containsKey(r.get(1)));
        for (int round = 1; round <= oo.rounds; round++) {
            for (var e : runs.entrySet()) {
                ServerProcess server = servers.peer(e.getKey());
                boolean traced = httpCost && e.getKey().equals(BenchServerMain.OURS);
                double[] before = traced ? StepTrace.encodedTotals(server.host(), server.port(), "gzip") : null;
                LoadStep r = e.getValue().run(e.getKey(), OurVariants.coding(e.getKey()), 0, oo.peerConcurrency,
                        OverloadBench.warmupMs(oo), oo.peerSeconds, server);
                progress.report("round " + round + ": " + r.describe());
                b.byServer.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(r);
                double[] after = before == null ? null : StepTrace.encodedTotals(server.host(), server.port(), "gzip");
                if (after != null && after[0] > before[0]) {
                    // the codec's own time inside the server (statistics: wall time around the codec call)
                    b.serverCodecNanos.add((after[1] - before[1]) * 1e9 / (after[0] - before[0]));
                }
            }
            if (httpCost) {
                // the codec alone on the same bytes, once per round (the generator's core; thread CPU time)
                double ns = CodecCpuTime.nanosPerBody(CodecRegistry.defaults().forCoding("gzip"), payloads.get(0).expected(),
                        Math.min(2, oo.peerSeconds));
                b.codecNanos.add(ns);
                progress.report("round " + round + ": gzip codec alone on " + payloads.get(0).name() + ": "
                        + Math.round(ns / 1000) + " us CPU per body");
            }
        }
        b.write(ctx.out(), ctx.md());
        return FILES;
    }

    private void write(Path dir, Markdown md) {
        List<LoadStep> all = byServer.values().stream().flatMap(List::stream).toList();
        StepTable.writeCsv(all, dir.resolve("peers.csv"));
        md.heading(2, "HTTP peers: this library's gzip against the runtimes' own");
        md.paragraph("`GET /rest/static/...` serving " + payload + " with `Accept-Encoding: gzip`, the closed model at "
                + "saturation (" + oo.peerConcurrency + " connections), " + oo.rounds + " round(s) of " + oo.peerSeconds
                + " s per server, servers in turn within each round; " + servers.pinning() + ". Servers: `ours` = the demo "
                + "(`@FastGzip`, level 6, RESTEasy + Undertow); `resteasy-gzip` = RESTEasy's `@GZIP` + "
                + "`GZIPEncodingInterceptor` on the same embedded server; `jersey-gzip` = Jersey 3.1.11 "
                + "`EncodingFilter` + `GZipEncoder` on its JDK HTTP server (`sun.net.httpserver.nodelay=true`); "
                + "`undertow-gzip` = a bare Undertow handler behind `EncodingHandler` + `GzipEncodingProvider` "
                + "(no JAX-RS). The peers compress with the JDK's zlib at its default level 6. Ratio: ours / peer "
                + "req/s per round, mean ± 95% interval over the rounds (none with one round); the same for server CPU "
                + "time per request (peer / ours), which other work on a shared machine disturbs less than req/s. "
                + StepTable.method());
        List<LoadStep> ours = byServer.get(BenchServerMain.OURS);
        List<List<String>> rows = new ArrayList<>();
        byServer.forEach((kind, steps) -> {
            boolean peer = ours != null && !kind.equals(BenchServerMain.OURS);
            rows.add(List.of(kind, Markdown.mean(steps.stream().map(LoadStep::servedPerSecond).toList(), 0),
                    peer ? perRound(ours, steps, SERVED) : "n/a",
                    average(steps, LoadStep::serverCpuUsPerRequest), peer ? perRound(steps, ours, CPU) : "n/a",
                    average(steps, LoadStep::wireBytesPerResponse),
                    Long.toString(steps.stream().mapToLong(LoadStep::errors).sum())));
        });
        md.table(List.of("server", "req/s (mean over rounds)", "req/s ours / this", "server CPU µs/req",
                "CPU/req this / ours", "wire B/resp", "errors"), rows);
        skipped.forEach((k, why) -> md.paragraph("**" + k + " left out:** " + why));
        writeHttpCost(md);
        writeBreach(md);
        writeCache(md);
        StepTable.table(md, all);
        md.paragraph("![req/s per server](peers.png)");
        XyChart chart = new XyChart("Requests/s at saturation per round (gzip)", "round", "requests/s", false, false);
        int colour = 0;
        for (var e : byServer.entrySet()) {
            List<LoadStep> r = e.getValue();
            chart.line(e.getKey(), IntStream.range(0, r.size()).boxed().toList(), i -> i + 1,
                    i -> r.get(i).servedPerSecond(), i -> r.get(i).servedPerSecondError(), false, colour++);
        }
        chart.writePng(dir.resolve("peers.png"));
    }

    private static String average(List<LoadStep> steps, ToDoubleFunction<LoadStep> f) {
        return Markdown.num(steps.stream().mapToDouble(f).average().orElse(Double.NaN), 0);
    }

    /** Mean ± 95% interval over the rounds of {@code f(a's round, b's round)}, as "1.23 ± 0.04x". */
    private static String perRound(List<LoadStep> a, List<LoadStep> b, ToDoubleBiFunction<LoadStep, LoadStep> f) {
        return Markdown.mean(IntStream.range(0, Math.min(a.size(), b.size()))
                .mapToObj(i -> f.applyAsDouble(a.get(i), b.get(i))).toList(), 2) + "x";
    }

    /**
     * The default BREACH rule's cost against {@code off}, per round, where both rows of a pair ran: for requests
     * without credentials ({@code ours} / {@code ours-breach-off}) and for a signed-in browser on its own site (the
     * same-origin rows), beside the A/A control ({@code ours-twin} / {@code ours}).
     */
    private void writeBreach(Markdown md) {
        List<List<String>> rows = new ArrayList<>();
        for (String[] pair : new String[][] {{BenchServerMain.OURS, OurVariants.BREACH_OFF, "without credentials"},
                {OurVariants.SAME_ORIGIN, OurVariants.BREACH_OFF_SAME_ORIGIN, "cookie + Sec-Fetch-Site: same-origin"},
                {OurVariants.TWIN, BenchServerMain.OURS, "A/A: two identical JVMs"}}) {
            List<LoadStep> a = byServer.get(pair[0]);
            List<LoadStep> b = byServer.get(pair[1]);
            if (a != null && b != null) {
                rows.add(List.of(pair[2], "`" + pair[0] + "` / `" + pair[1] + "`", perRound(a, b, CPU),
                        average(a, LoadStep::wireBytesPerResponse) + " / " + average(b, LoadStep::wireBytesPerResponse)));
            }
        }
        if (!rows.isEmpty()) {
            md.paragraph("**The default BREACH rule (`credentialed`) against `off`**, server CPU per request per round "
                    + "(mean ± 95%), and wire bytes per response (headers included: a guarded answer adds `Sec-Fetch-Site` "
                    + "to `Vary`):");
            md.table(List.of("traffic", "rows", "CPU/req ratio", "wire B/resp"), rows);
        }
    }

    /** The encoded-variant cache's figures against issue 23's goals, where its rows were measured. */
    private void writeCache(Markdown md) {
        List<LoadStep> cached = byServer.get(OurVariants.CACHED);
        if (cached == null) {
            return;
        }
        md.paragraph("**Encoded-variant cache** (`@CacheEncoded`): one server (`ours-cache`: this library, "
                + "`@LZF @FastGzip`, RESTEasy + Undertow) serving the same file at `/rest/static` (no cache: "
                + "`ours-uncached`), `/rest/cached` (the same bytes every time: `ours-cached`; with identity: "
                + "`ours-cache-identity`) and `/rest/unique` (a counter stamped into every body, so every request "
                + "misses, and after 1,024 the method is in pass mode, looking up one response in 17: `ours-cache-miss`). "
                + "Ratios per round, mean ± 95% interval over the rounds; goals: "
                + "cached ≥ 0.7x identity, ≥ 4x each peer; a miss ≤ 1.03x the uncached server CPU per request.");
        List<List<String>> rows = new ArrayList<>();
        Stream.concat(Stream.of(OurVariants.CACHE_IDENTITY, OurVariants.UNCACHED), BenchServerMain.KINDS.stream())
                .filter(byServer::containsKey)
                .forEach(o -> rows.add(List.of("req/s " + OurVariants.CACHED + " / " + o,
                        perRound(cached, byServer.get(o), SERVED))));
        List<LoadStep> miss = byServer.get(OurVariants.CACHE_MISS);
        List<LoadStep> uncached = byServer.get(OurVariants.UNCACHED);
        if (miss != null && uncached != null) {
            rows.add(List.of("server CPU/req " + OurVariants.CACHE_MISS + " / " + OurVariants.UNCACHED,
                    perRound(miss, uncached, CPU)));
        }
        md.table(List.of("ratio", "value"), rows);
    }

    /**
     * Compression's cost over HTTP (server CPU per request, gzip minus identity) against the codec alone, per runtime
     * with both rows.
     */
    private void writeHttpCost(Markdown md) {
        List<List<String>> rows = new ArrayList<>();
        for (List<String> runtime : HTTP_COST_RUNTIMES) {
            List<LoadStep> gzip = byServer.get(runtime.get(0));
            List<LoadStep> identity = byServer.get(runtime.get(1));
            if (gzip != null && identity != null && !codecNanos.isEmpty()) {
                rows.add(httpCostRow(runtime, gzip, identity));
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        md.paragraph("**Compression over HTTP vs the codec alone** (issue 32's goal: HTTP / codec ≤ 1.15x): server CPU "
                + "per request with gzip minus the same server asked for identity (`ours` - `ours-identity`, "
                + "`ours-jersey` - `ours-jersey-identity`), per round, against the gzip codec of "
                + "`CodecRegistry.defaults()` (level 6, the servers') compressing the same bytes in the generator's JVM "
                + "(thread CPU time, after 1 s of warm-up), per round; mean ± 95% interval over the rounds. Codec in "
                + "the server (the demo only): the server's own statistics (`/rest/metrics`: wall time around the codec "
                + "call per gzip body) over the `ours` rounds; if it is near the HTTP figure the difference is inside "
                + "the codec call (caches, pooled contexts, preemption on the shared core), if near the codec alone it "
                + "is around it (copies, buffering). *Without the I/O threads*: the same difference leaving out the "
                + "server's XNIO I/O threads (Undertow; the JDK HTTP server has none by that name), where no "
                + "compression runs but which spin on one pinned core while a task thread holding the connection's "
                + "request state is descheduled (see the CPU columns below and docs/runtimes.md).");
        md.table(List.of("runtime", "gzip over HTTP µs/req", "codec alone µs/body", "HTTP / codec",
                "codec in the server µs/body", "without the I/O threads µs/req", "without I/O / codec"), rows);
    }

    private List<String> httpCostRow(List<String> runtime, List<LoadStep> gzipRounds, List<LoadStep> identityRounds) {
        // per round: over HTTP, codec alone, HTTP / codec, without the I/O threads, that / codec (µs)
        List<double[]> rounds = IntStream.range(0, Math.min(Math.min(gzipRounds.size(), identityRounds.size()),
                codecNanos.size())).mapToObj(i -> {
                    LoadStep gzip = gzipRounds.get(i);
                    LoadStep plain = identityRounds.get(i);
                    double us = gzip.serverCpuUsPerRequest() - plain.serverCpuUsPerRequest();
                    double task = us - (gzip.serverIoCpuUsPerRequest() - plain.serverIoCpuUsPerRequest());
                    double codec = codecNanos.get(i) / 1000;
                    return new double[] {us, codec, us / codec, task, task / codec};
                }).toList();
        boolean demo = runtime.get(0).equals(BenchServerMain.OURS);
        return List.of(runtime.get(2), mean(rounds, 0, 0), mean(rounds, 1, 0), mean(rounds, 2, 2) + "x",
                demo ? Markdown.mean(serverCodecNanos.stream().map(ns -> ns / 1000).toList(), 0) : "n/a",
                mean(rounds, 3, 0), mean(rounds, 4, 2) + "x");
    }

    private static String mean(List<double[]> rounds, int column, int digits) {
        return Markdown.mean(rounds.stream().map(r -> r[column]).toList(), digits);
    }
}
