package dev.restcompress.bench.sweep;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Progress;
import dev.restcompress.bench.core.ResponseBody;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.load.LoadGenerator;
import dev.restcompress.bench.load.LoadStep;
import dev.restcompress.bench.load.Payloads;
import dev.restcompress.bench.server.ServerProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The HTTP load suite: the demo server in its own JVM on 127.0.0.1, and a closed-model
 * load generator ({@link LoadGenerator}) in this JVM sweeping concurrency for every coding against
 * {@code /rest/static/<file>} (the {@code @LZF @FastGzip} endpoint). Steps interleave the codings at
 * each concurrency, so a drift in machine load hits every coding alike. Writes {@code load.csv},
 * {@code load-latency.png}, {@code load-throughput.png} and a report section.
 */
public final class LoadBench {
    /** The files {@link #run} creates. */
    public static final List<String> FILES = List.of("load.csv", "load-latency.png", "load-throughput.png");

    private LoadBench() {
    }

    /** Runs the sweep with the options in {@code lo}. */
    public static List<String> run(SuiteContext ctx, LoadOptions lo) throws IOException, InterruptedException {
        Path corpus = ctx.corpus();
        Progress progress = ctx.progress();
        String file = lo.file != null ? lo.file : ResponseBody.pick(corpus);
        byte[] expected = Corpus.read(corpus, file);
        int steps = lo.codings.size() * lo.concurrency.size();
        progress.report(String.format(Locale.ROOT, "load suite: %s (%,d B) over HTTP on 127.0.0.1, codings %s x "
                + "concurrency %s = %d steps of %.1f s + %d ms warm-up (about %.0f s)", file, expected.length,
                lo.codings, lo.concurrency, steps, lo.seconds, lo.warmupMs,
                steps * (lo.seconds + lo.warmupMs / 1000.0) + warmUpSeconds(lo) * lo.codings.size() + 3));
        List<LoadStep> results = new ArrayList<>();
        try (ServerProcess server = ServerProcess.start(ServerProcess.Spec.demo("127.0.0.1", corpus, ctx.out().resolve("load-server.log")))) {
            progress.report("demo server JVM listening on 127.0.0.1:" + server.port() + " (log: load-server.log)");
            LoadGenerator run = new LoadGenerator(server, List.of(Payloads.payload(corpus, file)), 1);
            warmUp(lo, run, server, progress);
            for (int c : lo.concurrency) {
                for (String coding : lo.codings) {
                    LoadStep r = run.run("loopback", coding, 0, c, lo.warmupMs, lo.seconds, server);
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
