package dev.restcompress.bench.sweep;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.ExternalCommand;
import dev.restcompress.bench.core.Progress;
import dev.restcompress.bench.core.ResponseBody;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.load.LoadGenerator;
import dev.restcompress.bench.load.LoadStep;
import dev.restcompress.bench.load.Payloads;
import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.bench.server.ServerProcess;
import dev.restcompress.codec.CodecRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The bandwidth suite: the same load steps as {@link LoadBench}, but through a
 * token-bucket-limited link, to show at which link speed each coding pays off.
 *
 * <p>{@code scripts/bench.sh --bandwidth 100mbit,1gbit} (root only) creates two network namespaces
 * joined by a veth pair ({@code netns-link.sh up}) and runs this JVM inside the client namespace;
 * this class starts the demo server inside the server namespace ({@code ip netns exec}) and, before
 * each rate, asks {@code netns-link.sh rate} to put a tc {@code tbf} qdisc with that rate on both
 * ends. Nothing here touches the host's own network. The break-even line per coding comes from
 * {@link BreakEven}: codec timings on the same payload, and the bytes each coding saved on the wire.
 */
public final class BandwidthBench {
    /** The files {@link #run} creates. */
    public static final List<String> FILES = List.of("bandwidth.csv", "bandwidth.png");
    /** The address netns-link.sh gives the server end of the veth pair (inside its namespace). */
    static final String DEFAULT_SERVER_HOST = "10.213.0.2";

    private BandwidthBench() {
    }

    /** Runs the rates in {@code lo} inside the namespaces scripts/bench.sh created. */
    public static List<String> run(SuiteContext ctx, LoadOptions lo) throws IOException, InterruptedException {
        Path corpus = ctx.corpus();
        Progress progress = ctx.progress();
        List<LinkRate> rates = lo.bandwidths.stream().map(LinkRate::parse).toList();
        String file = lo.file != null ? lo.file : ResponseBody.pick(corpus);
        byte[] expected = Corpus.read(corpus, file);
        CodecRegistry codecs = CodecRegistry.defaults();
        int c = lo.bandwidthConcurrency;
        progress.report(String.format(Locale.ROOT, "bandwidth suite: %s (%,d B), links %s, codings %s at "
                        + "concurrency %d: %d steps of %.1f s + %d ms warm-up", file, expected.length, lo.bandwidths,
                lo.codings, c, rates.size() * lo.codings.size(), lo.seconds, lo.warmupMs));

        Map<String, BreakEven> breakEven = new LinkedHashMap<>();
        for (String coding : lo.codings) {
            if (!coding.equals("identity")) {
                breakEven.put(coding, BreakEven.measure(codecs.forCoding(coding), expected, lo.quick ? 200 : 1000));
            }
        }
        List<LoadStep> results = new ArrayList<>();
        List<String> prefix = List.of("ip", "netns", "exec", "rcb-srv-" + lo.netnsId);
        setRate(lo, "none", progress);
        try (ServerProcess server = ServerProcess.start(new ServerProcess.Spec(prefix, ServerProcess.defaultJvmOptions(), List.of(), BenchServerMain.OURS, lo.serverHost, corpus, ctx.out().resolve("bandwidth-server.log")))) {
            progress.report("demo server JVM listening on " + server.host() + ":" + server.port()
                    + " inside namespace rcb-srv-" + lo.netnsId);
            LoadGenerator run = new LoadGenerator(server, List.of(Payloads.payload(corpus, file)), 1);
            LoadBench.warmUp(lo, run, server, progress);
            for (LinkRate rate : rates) {
                setRate(lo, rate.label(), progress);
                for (String coding : lo.codings) {
                    LoadStep r = run.run(rate.label(), coding, 0, c, lo.warmupMs, lo.seconds, server);
                    progress.report(r.describe());
                    results.add(r);
                }
            }
        } finally {
            setRate(lo, "none", progress);
        }
        new BandwidthReport(file, expected.length, rates, results, breakEven).write(ctx.out(), ctx.md());
        return FILES;
    }

    /** Runs {@code netns-link.sh rate ID RATE}; fails the suite if it fails (the numbers would lie). */
    private static void setRate(LoadOptions lo, String rate, Progress progress) throws IOException, InterruptedException {
        String output = ExternalCommand.run(List.of(lo.linkScript.toString(), "rate", lo.netnsId, rate), true, 30).trim();
        progress.report("link: " + (output.isEmpty() ? rate : output));
    }
}
