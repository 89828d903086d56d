package dev.restcompress.bench.load;

import dev.restcompress.bench.core.Progress;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.server.BenchServerMain;
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
 * core, all at once; every round measures each in turn with the closed model at saturation (so a
 * drift in machine load hits all of them within a round), and the ratio ours / peer is taken per
 * round, its error bar from the spread over rounds. A peer that cannot start (its jars missing) is
 * left out with a line saying why. Writes {@code peers.csv}, {@code peers.png} and a report section.
 */
public final class PeersBench {
    /** The files {@link #run} creates. */
    public static final List<String> FILES = List.of("peers.csv", "peers.png");

    private PeersBench() {
    }

    public static List<String> run(SuiteContext ctx, OverloadOptions oo) throws IOException, InterruptedException {
        Progress progress = ctx.progress();
        List<ArrivalRun.Payload> payloads = Payloads.mix(ctx.corpus(), "large", oo.file);
        Map<String, List<ArrivalResult>> byServer = new LinkedHashMap<>();
        Map<String, String> skipped = new LinkedHashMap<>();
        String pinning;
        try (CpuPinning pin = CpuPinning.apply(oo.pin)) {
            pinning = pin.describe();
            progress.report("peers suite: " + Payloads.describe(payloads) + ", servers " + oo.peers + ", " + oo.rounds
                    + " round(s) of " + oo.peerSeconds + " s each at " + oo.peerConcurrency + " connections; " + pinning);
            Map<String, ServerProcess> servers = new LinkedHashMap<>();
            try {
                Map<String, OverloadBench.ServerToStart> wanted = new LinkedHashMap<>();
                for (String kind : oo.peers) {
                    wanted.put(kind, new OverloadBench.ServerToStart(kind, List.of(), "peers-" + kind + ".log"));
                }
                OverloadBench.startAll(wanted, pin, ctx, servers).forEach((kind, e) -> {
                    skipped.put(kind, String.valueOf(e.getMessage()).lines().findFirst().orElse(e.toString()));
                    progress.report("peers suite: leaving out " + kind + ": " + skipped.get(kind));
                });
                Map<String, ArrivalRun> runs = new LinkedHashMap<>();
                for (var e : servers.entrySet()) {
                    ArrivalRun run = new ArrivalRun(e.getValue().host(), e.getValue().port(), payloads,
                            CodecRegistry.defaults(), oo.verifyEvery);
                    runs.put(e.getKey(), run);
                    OverloadBench.warmUp(run, e.getKey(), oo, e.getValue(), progress);
                }
                for (int round = 1; round <= oo.rounds; round++) {
                    for (var e : runs.entrySet()) {
                        ArrivalResult r = e.getValue().run(e.getKey(), "gzip", 0, oo.peerConcurrency,
                                OverloadBench.warmupMs(oo), oo.peerSeconds, servers.get(e.getKey()));
                        progress.report("round " + round + ": " + OverloadBench.describe(r));
                        byServer.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(r);
                    }
                }
            } finally {
                for (ServerProcess p : servers.values()) {
                    p.close();
                }
            }
        }
        new PeersReport(Payloads.describe(payloads), byServer, skipped, pinning, oo).write(ctx.out(), ctx.md());
        return FILES;
    }
}
