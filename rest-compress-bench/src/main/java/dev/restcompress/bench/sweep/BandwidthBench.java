package dev.restcompress.bench.sweep;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.ExternalCommand;
import dev.restcompress.bench.core.Progress;
import dev.restcompress.bench.core.ResponseBody;
import dev.restcompress.bench.core.SpiEngine;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.load.LoadGenerator;
import dev.restcompress.bench.load.LoadStep;
import dev.restcompress.bench.load.Payloads;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.Table;
import dev.restcompress.bench.report.XyChart;
import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.bench.server.ServerProcess;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bandwidth suite: the load suite's closed-model steps through a tc {@code tbf}-limited veth link between the
 * network namespaces scripts/bench.sh creates (README: "Bandwidth mode"), next to each coding's break-even rate.
 */
public final class BandwidthBench {
    public static final List<String> FILES = List.of("bandwidth.csv", "bandwidth.png");
    /** The address netns-link.sh gives the server end of the veth pair (inside its namespace). */
    private static final String SERVER_HOST = "10.213.0.2";
    private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)(kbit|mbit|gbit)");

    private final List<LoadStep> results = new ArrayList<>();
    private final Map<String, BreakEven> breakEven = new LinkedHashMap<>();

    private BandwidthBench() {}

    public static List<String> run(SuiteContext ctx, LoadOptions lo) throws IOException, InterruptedException {
        Path corpus = ctx.corpus();
        Progress progress = ctx.progress();
        String file = lo.file != null ? lo.file : ResponseBody.pick(corpus);
        byte[] expected = Corpus.read(corpus, file);
        BandwidthBench b = new BandwidthBench();
        List<String> rates = lo.bandwidths.stream().map(s -> s.trim().toLowerCase(Locale.ROOT)).toList();
        progress.report(String.format(Locale.ROOT, "bandwidth suite: %s (%,d B), links %s, codings %s at concurrency "
                + "%d: %d steps of %.1f s + %d ms warm-up", file, expected.length, lo.bandwidths, lo.codings,
                lo.bandwidthConcurrency, rates.size() * lo.codings.size(), lo.seconds, lo.warmupMs));
        for (String coding : lo.codings) {
            if (!coding.equals("identity")) {
                b.breakEven.put(coding, BreakEven.measure(CodecRegistry.defaults().forCoding(coding), expected,
                        lo.quick ? 200 : 1000));
            }
        }
        setRate(lo, "none", progress);
        try (ServerProcess server = ServerProcess.start(new ServerProcess.Spec(List.of("ip", "netns", "exec", "rcb-srv-"
                + lo.netnsId), ServerProcess.defaultJvmOptions(), List.of(), BenchServerMain.OURS, SERVER_HOST, corpus,
                ctx.out().resolve("bandwidth-server.log")))) {
            progress.report("demo server JVM listening on " + server.host() + ":" + server.port()
                    + " inside namespace rcb-srv-" + lo.netnsId);
            LoadGenerator run = new LoadGenerator(server, List.of(Payloads.payload(corpus, file, Payloads.STATIC)), 1);
            for (String coding : lo.codings) {
                progress.report(run.run("warm-up " + coding, coding, 0, 4, 0, lo.warmUpSeconds, server).describeWarmUp());
            }
            for (String rate : rates) {
                setRate(lo, rate, progress);
                for (String coding : lo.codings) {
                    LoadStep r = run.run(rate, coding, 0, lo.bandwidthConcurrency, lo.warmupMs, lo.seconds, server);
                    progress.report(r.describe());
                    b.results.add(r);
                }
            }
        } finally {
            setRate(lo, "none", progress);
        }
        b.write(ctx.out(), ctx.md(), file, expected.length);
        return FILES;
    }

    /** Runs {@code netns-link.sh rate ID RATE}; fails the suite if it fails (the numbers would lie). */
    private static void setRate(LoadOptions lo, String rate, Progress progress) throws IOException, InterruptedException {
        String output = ExternalCommand.run(List.of(lo.linkScript.toString(), "rate", lo.netnsId, rate), true, 30).trim();
        progress.report("link: " + (output.isEmpty() ? rate : output));
    }

    /** Mbit/s of a link rate in tc's notation; {@code none} (the veth pair without a limit): infinite. */
    static double mbps(String rate) {
        String t = rate.trim().toLowerCase(Locale.ROOT);
        Matcher m = RATE.matcher(t);
        if (t.equals("none")) {
            return Double.POSITIVE_INFINITY;
        } else if (!m.matches()) {
            throw new IllegalArgumentException("bad link rate '" + rate + "': use e.g. 100mbit, 1gbit, 500kbit or none");
        }
        double v = Double.parseDouble(m.group(1));
        v = m.group(2).equals("kbit") ? v / 1000 : m.group(2).equals("gbit") ? v * 1000 : v;
        if (v < 0.1 || v > 100_000) {
            throw new IllegalArgumentException("link rate " + rate + " is outside 100kbit..100gbit");
        }
        return v;
    }

    /** Bytes one response of {@code coding} saves on the wire against identity (no identity run: the bodies'). */
    private double saved(String coding) {
        ToDoubleFunction<String> lastWire = c -> results.stream().filter(r -> r.completed() > 0 && r.coding().equals(c))
                .reduce((a, b) -> b).map(LoadStep::wireBytesPerResponse).orElse(Double.NaN);
        double measured = lastWire.applyAsDouble("identity") - lastWire.applyAsDouble(coding);
        BreakEven b = breakEven.get(coding);
        return !Double.isNaN(measured) ? measured : b == null ? Double.NaN : b.bytes() - b.compressedBytes();
    }

    private double vsIdentity(LoadStep r) {
        return results.stream().filter(s -> s.label().equals(r.label()) && s.coding().equals("identity")).findFirst()
                .filter(id -> id.completed() > 0).map(id -> r.servedPerSecond() / id.servedPerSecond()).orElse(Double.NaN);
    }

    private void write(Path dir, Markdown md, String file, int fileBytes) {
        Table<LoadStep> table = LoadBench.columns("link", false)
                .csvOnly("link_mbit_s", r -> mbps(r.label()))
                .number("link_limit_req_per_s", "link limit req/s", r -> mbps(r.label()) * 1e6 / 8 / r.wireBytesPerResponse(), 0)
                .column("vs_identity", "vs identity", this::vsIdentity, r -> Markdown.num(vsIdentity(r), 2) + "x");
        table.writeCsv(results, dir.resolve("bandwidth.csv"));
        md.heading(2, "HTTP load through a limited link: where each coding pays off");
        md.paragraph("The same `GET /rest/static/" + file + "` (" + Markdown.num(fileBytes, 0) + " B), with the server "
                + "in its own network namespace behind a veth pair whose both ends carry a tc token-bucket filter "
                + "(`tbf`) at the given rate; the load generator runs in a second namespace. \"link limit\" is the "
                + "most responses per second the rate can carry at the measured wire bytes per response; "
                + "\"vs identity\" is requests/s relative to identity at the same rate.");
        table.markdown(md, results);
        md.paragraph("Break-even link rate per coding, from the codec figures on this payload (same codec and level "
                + "as the server, one thread: one-shot compress + bounded stream decompress) and the bytes saved "
                + "per response on the wire (identity minus coding, headers included): below this rate one "
                + "response arrives sooner compressed than not. Under load the measured columns above are "
                + "the better guide, because compression CPU and the link are both shared.");
        md.table(List.of("coding", "body B", "saved B/resp", "compress µs", "decompress µs", "break-even Mbit/s"),
                breakEven.values().stream().map(b -> List.of(b.coding(), Markdown.num(b.compressedBytes(), 0),
                        Markdown.num(saved(b.coding()), 0), Markdown.num(b.compressNs() / 1e3, 1),
                        Markdown.num(b.decompressNs() / 1e3, 1), Markdown.num(b.mbps(saved(b.coding())), 0))).toList());
        md.paragraph("![requests/s vs link rate](bandwidth.png)");
        XyChart chart = new XyChart("Requests/s vs link rate (tbf; vertical lines: break-even rates)",
                "link rate, Mbit/s (log scale)", "requests/s (log scale)", true, true);
        DoubleSummaryStatistics served = results.stream().filter(r -> r.completed() > 0)
                .mapToDouble(LoadStep::servedPerSecond).summaryStatistics();
        int colour = 0;
        for (var e : XyChart.groups(results, LoadStep::coding).entrySet()) {
            chart.line(e.getKey(), e.getValue().stream().filter(r -> r.completed() > 0).toList(), r -> mbps(r.label()),
                    LoadStep::servedPerSecond, LoadStep::servedPerSecondError, false, colour);
            double x = breakEven.containsKey(e.getKey()) ? breakEven.get(e.getKey()).mbps(saved(e.getKey())) : Double.NaN;
            if (x > 0 && Double.isFinite(x) && served.getMax() > 0) {
                chart.line(e.getKey() + " break-even " + Markdown.num(x, 0) + " Mbit/s",
                        List.of(served.getMin(), served.getMax()), y -> x, y -> y, XyChart::noError, true, colour);
            }
            colour++;
        }
        chart.writePng(dir.resolve("bandwidth.png"));
    }

    /**
     * The codec figures behind the break-even line (README): one-shot compress (server) plus bounded stream
     * decompress (client) of the server's payload, same codec and level, one thread.
     */
    record BreakEven(String coding, double compressNs, double decompressNs, int bytes, int compressedBytes) {
        static BreakEven measure(Codec codec, byte[] data, long millis) throws IOException {
            SpiEngine engine = new SpiEngine(codec);
            byte[] packed = new byte[engine.maxCompressedLength(data.length)];
            byte[] unpacked = new byte[data.length + 1];
            int size = engine.compress(data, data.length, packed);
            double c = time(millis, () -> engine.compress(data, data.length, packed));
            double d = time(millis, () -> engine.decompress(packed, size, unpacked));
            return new BreakEven(codec.coding(), c, d, data.length, size);
        }

        /** The link rate in Mbit/s below which this coding lowers one response's latency. */
        double mbps(double savedBytes) {
            return savedBytes <= 0 ? 0 : savedBytes * 8 / (compressNs + decompressNs) * 1000;
        }

        private interface Op {
            int run() throws IOException;
        }

        /** Mean ns per call: a warm-up of the same length first, then whole calls until the time is up. */
        private static double time(long millis, Op op) throws IOException {
            long sink = 0;
            double ns = Double.NaN;
            for (int pass = 0; pass < 2; pass++) {
                long start = System.nanoTime();
                long n = 0;
                long now;
                do {
                    sink += op.run();
                    n++;
                    now = System.nanoTime();
                } while (now < start + millis * 1_000_000 && n < 100_000_000L);
                ns = (now - start) / (double) n;
            }
            return ns + (sink == 42 ? 1e-9 : 0); // the sink folded in, so the JIT cannot drop the calls
        }
    }
}
