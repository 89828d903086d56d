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
import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.bench.server.OurVariants;
import dev.restcompress.bench.server.ServerProcess;
import dev.restcompress.codec.CodecRegistry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The peers suite: this library's gzip against what a user would otherwise use, same payload, same
 * generator, same run. Each server ({@link BenchServerMain#KINDS}) runs in its own JVM on the server
 * core, all at once ({@link OpenModelServers}; {@code ours} is the overload suite's adaptive=off demo); every round measures each in turn with the closed model at saturation (so a
 * drift in machine load hits all of them within a round), and the ratio ours / peer is taken per
 * round, its error bar from the spread over rounds. A peer that cannot start (its jars missing) is
 * left out with a line saying why. Writes {@code peers.csv}, {@code peers.png} and a report section.
 */
public final class PeersBench {
    /** The files {@link #run} creates. */
    public static final List<String> FILES = List.of("peers.csv", "peers.png");

    private PeersBench() {
    }

    /** Runs the suite against the servers of {@code servers}. */
    public static List<String> run(SuiteContext ctx, OverloadOptions oo, OpenModelServers servers)
            throws IOException, InterruptedException {
        Progress progress = ctx.progress();
        List<LoadGenerator.Payload> payloads = Payloads.mix(ctx.corpus(), "large", oo.file);
        Map<String, List<LoadStep>> byServer = new LinkedHashMap<>();
        Map<String, String> skipped = new LinkedHashMap<>();
        progress.report("peers suite: " + Payloads.describe(payloads) + ", servers " + oo.peers + ", " + oo.rounds
                + " round(s) of " + oo.peerSeconds + " s each at " + oo.peerConcurrency + " connections; "
                + servers.pinning());
        Map<String, LoadGenerator> runs = new LinkedHashMap<>();
        List<Double> codecNanos = new ArrayList<>();
        List<Double> serverCodecNanos = new ArrayList<>();
        for (String kind : oo.peers) {
            ServerProcess p = servers.peer(kind);
            if (p == null) {
                skipped.put(kind, servers.whyNot(kind));
                progress.report("peers suite: leaving out " + kind + ": " + servers.whyNot(kind));
                continue;
            }
            LoadGenerator run = new LoadGenerator(p, Payloads.mix(ctx.corpus(), "large", oo.file,
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
                    serverCodecNanos.add((after[1] - before[1]) * 1e9 / (after[0] - before[0]));
                }
            }
            if (runs.containsKey(OurVariants.IDENTITY) && runs.containsKey(BenchServerMain.OURS)) {
                // the codec alone on the same bytes, once per round (the generator's core; thread CPU time)
                byte[] body = payloads.get(0).expected();
                double ns = OurVariants.codecCpuNanos(CodecRegistry.defaults().forCoding("gzip"), body,
                        Math.min(2, oo.peerSeconds));
                codecNanos.add(ns);
                progress.report("round " + round + ": gzip codec alone on " + payloads.get(0).name() + ": "
                        + Math.round(ns / 1000) + " us CPU per body");
            }
        }
        new PeersReport(Payloads.describe(payloads), byServer, skipped, servers.pinning(), oo, codecNanos, serverCodecNanos)
                .write(ctx.out(), ctx.md());
        return FILES;
    }
}
