package dev.restcompress.bench.peers;

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
import java.util.stream.IntStream;

/**
 * The peers suite: this library's gzip against what a user would otherwise use, same payload, same
 * generator, same run. Each server ({@link BenchServerMain#KINDS}) runs in its own JVM on the server
 * core, all at once ({@link OpenModelServers}; {@code ours} is the overload suite's adaptive=off demo); every round measures each in turn with the closed model at saturation (so a
 * drift in machine load hits all of them within a round), and the ratio ours / peer is taken per
 * round, its error bar from the spread over rounds. A peer that cannot start (its jars missing) is
 * left out with a line saying why. Writes {@code peers.csv} (every round of every server), a table of
 * ours / peer req/s ratios with 95% intervals over the rounds, the rounds' table, and {@code peers.png},
 * req/s per server and round.
 */
public final class PeersBench {
    /** The files {@link #run} creates. */
    public static final List<String> FILES = List.of("peers.csv", "peers.png");

    private final OverloadOptions oo;
    private final OpenModelServers servers;
    private final String payload;
    private final Map<String, List<LoadStep>> byServer = new LinkedHashMap<>();
    private final Map<String, String> skipped = new LinkedHashMap<>();
    /** CPU ns per body of the gzip codec alone, per round (empty without {@code ours-identity}). */
    private final List<Double> codecNanos = new ArrayList<>();
    /** Wall ns per gzip body inside the codec call in the {@code ours} server, per round (its statistics). */
    private final List<Double> serverCodecNanos = new ArrayList<>();

    private PeersBench(OverloadOptions oo, OpenModelServers servers, String payload) {
        this.oo = oo;
        this.servers = servers;
        this.payload = payload;
    }

    /** Runs the suite against the servers of {@code servers}. */
    public static List<String> run(SuiteContext ctx, OverloadOptions oo, OpenModelServers servers)
            throws IOException, InterruptedException {
        Progress progress = ctx.progress();
        List<LoadGenerator.Payload> payloads = Payloads.mix(ctx.corpus(), "large", Payloads.STATIC);
        PeersBench b = new PeersBench(oo, servers, Payloads.describe(payloads));
        Map<String, List<LoadStep>> byServer = b.byServer;
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
            LoadGenerator run = new LoadGenerator(p, Payloads.mix(ctx.corpus(), "large",
                    OurVariants.endpoint(kind)), oo.verifyEvery);
            runs.put(kind, run);
            OverloadBench.warmUp(run, kind, oo, p, progress);
        }
        for (int round = 1; round <= oo.rounds; round++) {
            for (var e : runs.entrySet()) {
                boolean traced = e.getKey().equals(BenchServerMain.OURS) && runs.containsKey(OurVariants.IDENTITY);
                ServerProcess server = servers.peer(e.getKey());
                double[] before = traced ? StepTrace.encodedTotals(server.host(), server.port(), "gzip") : null;
                LoadStep r = e.getValue().run(e.getKey(), OurVariants.coding(e.getKey()), 0, oo.peerConcurrency,
                        OverloadBench.warmupMs(oo), oo.peerSeconds, servers.peer(e.getKey()));
                progress.report("round " + round + ": " + r.describe());
                byServer.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(r);
                double[] after = before == null ? null : StepTrace.encodedTotals(server.host(), server.port(), "gzip");
                if (after != null && after[0] > before[0]) {
                    // the codec's own time inside the server (statistics: wall time around the codec call)
                    b.serverCodecNanos.add((after[1] - before[1]) * 1e9 / (after[0] - before[0]));
                }
            }
            if (runs.containsKey(OurVariants.IDENTITY) && runs.containsKey(BenchServerMain.OURS)) {
                // the codec alone on the same bytes, once per round (the generator's core; thread CPU time)
                byte[] body = payloads.get(0).expected();
                double ns = OurVariants.codecCpuNanos(CodecRegistry.defaults().forCoding("gzip"), body,
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
        List<LoadStep> all = new ArrayList<>();
        byServer.values().forEach(all::addAll);
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
        List<List<String>> ratioRows = new ArrayList<>();
        for (var e : byServer.entrySet()) {
            String ratio = "n/a";
            String cpuRatio = "n/a";
            if (ours != null && !e.getKey().equals(BenchServerMain.OURS)) {
                ratio = perRound(ours, e.getValue(), (a, b) -> a.servedPerSecond() / b.servedPerSecond());
                cpuRatio = perRound(ours, e.getValue(), (a, b) -> b.serverCpuUsPerRequest() / a.serverCpuUsPerRequest());
            }
            double cpu = e.getValue().stream().mapToDouble(LoadStep::serverCpuUsPerRequest).average().orElse(Double.NaN);
            double bytes = e.getValue().stream().mapToDouble(LoadStep::wireBytesPerResponse).average().orElse(Double.NaN);
            long errors = e.getValue().stream().mapToLong(LoadStep::errors).sum();
            ratioRows.add(List.of(e.getKey(), Markdown.mean(e.getValue().stream().map(LoadStep::servedPerSecond).toList(), 0),
                    ratio, Markdown.num(cpu, 0), cpuRatio, Markdown.num(bytes, 0), Long.toString(errors)));
        }
        md.table(List.of("server", "req/s (mean over rounds)", "req/s ours / this", "server CPU µs/req",
                "CPU/req this / ours", "wire B/resp", "errors"), ratioRows);
        skipped.forEach((k, why) -> md.paragraph("**" + k + " left out:** " + why));
        writeHttpCost(md, ours);
        writeCache(md);
        StepTable.table(md, all);
        md.paragraph("![req/s per server](peers.png)");
        writeChart(dir);
    }

    /** Mean ± 95% interval over the rounds of {@code f(a's round, b's round)}, as "1.23 ± 0.04x". */
    private static String perRound(List<LoadStep> a, List<LoadStep> b, ToDoubleBiFunction<LoadStep, LoadStep> f) {
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            values.add(f.applyAsDouble(a.get(i), b.get(i)));
        }
        return Markdown.mean(values, 2) + "x";
    }

    /** The encoded-variant cache's figures, against issue 23's goals, where its rows were measured. */
    private void writeCache(Markdown md) {
        List<LoadStep> cached = byServer.get(OurVariants.CACHED);
        if (cached == null) {
            return;
        }
        md.paragraph("**Encoded-variant cache** (`@CacheEncoded`): one server (`ours-cache`: this library, "
                + "`@LZF @FastGzip`, RESTEasy + Undertow) serving the same file at `/rest/static` (no cache: "
                + "`ours-uncached`), `/rest/cached` (the same bytes every time: `ours-cached`; with identity: "
                + "`ours-cache-identity`) and `/rest/unique` (a counter stamped into every body, so every request "
                + "misses: `ours-cache-miss`). Ratios per round, mean ± 95% interval over the rounds; goals: "
                + "cached ≥ 0.7x identity, ≥ 4x each peer; a miss ≤ 1.03x the uncached server CPU per request.");
        List<List<String>> rows = new ArrayList<>();
        List<String> against = new ArrayList<>(List.of(OurVariants.CACHE_IDENTITY, OurVariants.UNCACHED));
        against.addAll(BenchServerMain.KINDS);
        for (String other : against) {
            List<LoadStep> o = byServer.get(other);
            if (o != null) {
                rows.add(List.of("req/s " + OurVariants.CACHED + " / " + other,
                        perRound(cached, o, (a, b) -> a.servedPerSecond() / b.servedPerSecond())));
            }
        }
        List<LoadStep> miss = byServer.get(OurVariants.CACHE_MISS);
        List<LoadStep> uncached = byServer.get(OurVariants.UNCACHED);
        if (miss != null && uncached != null) {
            rows.add(List.of("server CPU/req " + OurVariants.CACHE_MISS + " / " + OurVariants.UNCACHED,
                    perRound(miss, uncached, (a, b) -> a.serverCpuUsPerRequest() / b.serverCpuUsPerRequest())));
        }
        md.table(List.of("ratio", "value"), rows);
    }

    /**
     * What compression costs per request over HTTP (server CPU per request with gzip minus with
     * identity, same server, same payload, same round) against the codec alone on the same bytes.
     */
    private void writeHttpCost(Markdown md, List<LoadStep> ours) {
        List<LoadStep> identity = byServer.get(OurVariants.IDENTITY);
        if (ours == null || identity == null || codecNanos.isEmpty()) {
            return;
        }
        List<Double> http = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        List<Double> tasks = new ArrayList<>();
        List<Double> taskRatios = new ArrayList<>();
        for (int i = 0; i < Math.min(Math.min(ours.size(), identity.size()), codecNanos.size()); i++) {
            LoadStep gzip = ours.get(i);
            LoadStep plain = identity.get(i);
            double codecUs = codecNanos.get(i) / 1000;
            double us = gzip.serverCpuUsPerRequest() - plain.serverCpuUsPerRequest();
            http.add(us);
            ratios.add(us / codecUs);
            double taskUs = us - (gzip.serverIoCpuUsPerRequest() - plain.serverIoCpuUsPerRequest());
            tasks.add(taskUs);
            taskRatios.add(taskUs / codecUs);
        }
        md.paragraph("**Compression over HTTP vs the codec alone** (goal: within 10%): server CPU per request "
                + "of `ours` with gzip minus `ours-identity` (the same server asked for identity), per round, against "
                + "the gzip codec of `CodecRegistry.defaults()` (level 6, the demo's) compressing the same bytes in the "
                + "generator's JVM (thread CPU time, after 1 s of warm-up), per round. Codec in the server: the "
                + "server's own statistics (`/rest/metrics`: wall time around the codec call per gzip body) over "
                + "the `ours` rounds; if it is near the HTTP figure the difference is inside the codec call "
                + "(caches, pooled contexts, preemption on the shared core), if near the codec alone it is around it "
                + "(copies, buffering). *Without the I/O threads*: the same difference leaving out the server's "
                + "XNIO I/O threads, where no compression runs but which spin on one pinned core while a task thread "
                + "holding the connection's request state is descheduled (see the CPU columns below).");
        md.table(List.of("gzip over HTTP µs/req", "codec alone µs/body", "HTTP / codec", "codec in the server µs/body",
                "without the I/O threads µs/req", "without I/O / codec"),
                List.of(List.of(Markdown.mean(http, 0), Markdown.mean(micros(codecNanos), 0), Markdown.mean(ratios, 2) + "x",
                        Markdown.mean(micros(serverCodecNanos), 0), Markdown.mean(tasks, 0),
                        Markdown.mean(taskRatios, 2) + "x")));
    }

    private static List<Double> micros(List<Double> nanos) {
        return nanos.stream().map(ns -> ns / 1000).toList();
    }

    private void writeChart(Path dir) {
        XyChart chart = new XyChart("Requests/s at saturation per round (gzip)", "round", "requests/s", false, false);
        int colour = 0;
        for (var e : byServer.entrySet()) {
            List<LoadStep> r = e.getValue();
            chart.line(e.getKey(), IntStream.range(0, r.size()).boxed().toList(), i -> i + 1,
                    i -> r.get(i).servedPerSecond(), i -> r.get(i).servedPerSecondError(), false, colour++);
        }
        chart.writePng(dir.resolve("peers.png"));
    }
}
