package dev.restcompress.bench.sweep;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Progress;
import dev.restcompress.bench.core.ResponseBody;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.load.LoadGenerator;
import dev.restcompress.bench.load.LoadStep;
import dev.restcompress.bench.load.Payloads;
import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.bench.server.CacheServer;
import dev.restcompress.bench.server.ServerProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The HTTP load suite: this library's {@link CacheServer} in its own JVM on 127.0.0.1, and a
 * closed-model load generator ({@link LoadGenerator}) in this JVM sweeping concurrency for every coding
 * and endpoint ({@link #ENDPOINTS}: the {@code @LZF @FastGzip} file without the encoded-variant cache,
 * with it, and with a body that differs every time; identity only uncached, where the cache has nothing
 * to do). Steps interleave the codings and endpoints at each concurrency, so a drift in machine load
 * hits each alike. Writes {@code load.csv}, {@code load-latency.png}, {@code load-throughput.png} and a
 * report section.
 */
public final class LoadBench {
    /** The files {@link #run} creates. */
    public static final List<String> FILES = List.of("load.csv", "load-latency.png", "load-throughput.png");
    /** The endpoints by the name of their rows. */
    static final Map<String, String> ENDPOINTS = new LinkedHashMap<>();

    static {
        ENDPOINTS.put("uncached", Payloads.STATIC);
        ENDPOINTS.put("cached", Payloads.CACHED);
        ENDPOINTS.put("miss", Payloads.UNIQUE);
    }

    private LoadBench() {
    }

    /** Runs the sweep with the options in {@code lo}. */
    public static List<String> run(SuiteContext ctx, LoadOptions lo) throws IOException, InterruptedException {
        Path corpus = ctx.corpus();
        Progress progress = ctx.progress();
        String file = lo.file != null ? lo.file : ResponseBody.pick(corpus);
        byte[] expected = Corpus.read(corpus, file);
        List<String[]> pairs = new ArrayList<>(); // endpoint, coding
        for (String endpoint : lo.endpoints) {
            for (String coding : lo.codings) {
                if (endpoint.equals("uncached") || !coding.equals("identity")) {
                    pairs.add(new String[] {endpoint, coding});
                }
            }
        }
        int steps = pairs.size() * lo.concurrency.size();
        progress.report(String.format(Locale.ROOT, "load suite: %s (%,d B) over HTTP on 127.0.0.1, %s x codings %s x "
                + "concurrency %s = %d steps of %.1f s + %d ms warm-up (about %.0f s)", file, expected.length,
                lo.endpoints, lo.codings, lo.concurrency, steps, lo.seconds, lo.warmupMs,
                steps * (lo.seconds + lo.warmupMs / 1000.0) + warmUpSeconds(lo) * pairs.size() + 3));
        List<LoadStep> results = new ArrayList<>();
        try (ServerProcess server = ServerProcess.start(new ServerProcess.Spec(List.of(), ServerProcess.defaultJvmOptions(),
                List.of(), BenchServerMain.OURS_CACHE, "127.0.0.1", corpus, ctx.out().resolve("load-server.log")))) {
            progress.report("ours-cache server JVM listening on 127.0.0.1:" + server.port() + " (log: load-server.log)");
            Map<String, LoadGenerator> runs = new LinkedHashMap<>();
            for (String endpoint : lo.endpoints) {
                runs.put(endpoint, new LoadGenerator(server, List.of(Payloads.payload(corpus, file, ENDPOINTS.get(endpoint))), 1));
            }
            for (String[] p : pairs) {
                progress.report(runs.get(p[0]).run("warm-up " + p[0] + " " + p[1], p[1], 0, 4, 0, warmUpSeconds(lo), server)
                        .describeWarmUp());
            }
            for (int c : lo.concurrency) {
                for (String[] p : pairs) {
                    LoadStep r = runs.get(p[0]).run(p[0], p[1], 0, c, lo.warmupMs, lo.seconds, server);
                    progress.report(r.describe());
                    results.add(r);
                }
            }
        }
        new LoadReport(file, expected.length, dev.restcompress.codec.CodingProviders.get("gzip").description(), results).write(ctx.out(), ctx.md());
        return FILES;
    }

    /** Lets the server JIT-compile every coding's path before anything is recorded. */
    static void warmUp(LoadOptions lo, LoadGenerator run, ServerProcess server, Progress progress) throws InterruptedException {
        double s = warmUpSeconds(lo);
        for (String coding : lo.codings) {
            progress.report(run.run("warm-up " + coding, coding, 0, 4, 0, s, server).describeWarmUp());
        }
    }

    private static double warmUpSeconds(LoadOptions lo) {
        return lo.quick ? 1 : 3;
    }
}
