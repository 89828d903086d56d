package dev.restcompress.bench.codec;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.core.JmhRunner;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.Table;
import dev.restcompress.bench.report.XyChart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;
import org.openjdk.jmh.runner.RunnerException;

/**
 * Runs and reports {@link CodecBench}. JMH varies the alphabetically last parameter ({@code path}) fastest, so a
 * codec's raw and SPI rows of one file run back to back and load from other processes hits both alike. The harmonic
 * mean over files weights every file equally in time per byte.
 */
public final class CodecSuite {
    public static final List<String> FILES = List.of("codec-files.csv", "codec-summary.csv", "roundtrip-vs-size.png");

    private record FileRow(String codec, String path, String file, long bytes, long compressedBytes,
                           Map<String, Measurement> byOp) {
        double get(String op, ToDoubleFunction<Measurement> value) {
            Measurement m = byOp.get(op);
            return m == null ? Double.NaN : value.applyAsDouble(m);
        }

        double mbps(String op) {
            return get(op, m -> CodecSuite.mbps(bytes, m.nsPerOp()));
        }

        double ratio() {
            return (double) compressedBytes / bytes;
        }
    }

    private final Map<String, List<FileRow>> rows = new LinkedHashMap<>();
    private final List<CodecSummary> summaries = new ArrayList<>();

    private CodecSuite(Path corpus, List<Measurement> measurements) {
        Map<String, Map<String, Map<String, Measurement>>> grouped = new LinkedHashMap<>();
        for (Measurement m : measurements) {
            grouped.computeIfAbsent(m.param("codec") + "/" + m.param("path"), k -> new LinkedHashMap<>())
                    .computeIfAbsent(m.param("file"), k -> new LinkedHashMap<>()).put(m.method(), m);
        }
        grouped.forEach((key, files) -> {
            String[] cp = key.split("/", 2);
            Engine engine = BenchCodecs.byId(cp[0]).engine(cp[1]);
            List<FileRow> list = new ArrayList<>();
            files.forEach((file, byOp) -> {
                byte[] data = Corpus.read(corpus, file); // sizes outside JMH: compression is deterministic
                list.add(new FileRow(cp[0], cp[1], file, data.length, engine.compressedSize(data), byOp));
            });
            rows.put(key, list);
            summaries.add(summarize(cp[0], cp[1], list));
        });
    }

    /** Runs the suite and returns its per-codec summaries, which the native-floor suite compares with C. */
    public static List<CodecSummary> run(SuiteContext ctx, JmhRunner jmh, List<BenchCodec> codecs, List<String> files)
            throws RunnerException {
        List<Measurement> results = new ArrayList<>();
        for (boolean raw : new boolean[] {true, false}) { // two runs: JMH parameters form a full cross product
            String[] ids = codecs.stream().filter(c -> c.hasRaw() == raw).map(BenchCodec::id).toArray(String[]::new);
            String[] paths = raw ? new String[] {"raw", "spi"} : new String[] {"spi"};
            if (ids.length > 0) {
                ctx.progress().report("codec suite, " + (raw ? "raw and SPI paths side by side" : "SPI only") + ": "
                        + ids.length + " codec(s) x " + files.size() + " file(s) x " + paths.length + " path(s) x 3 ops"
                        + jmh.estimate(ids.length * files.size() * paths.length * 3));
                results.addAll(jmh.run(raw ? "codec" : "codec-spi", jmh.options(CodecBench.class).param("codec", ids)
                        .param("path", paths).param("file", files.toArray(String[]::new))));
            }
        }
        // The report keeps this order: every SPI row, then every raw row (a stable sort).
        results.sort(Comparator.comparing((Measurement m) -> "raw".equals(m.param("path"))));
        CodecSuite report = new CodecSuite(ctx.corpus(), results);
        report.write(ctx.out(), ctx.md());
        return report.summaries;
    }

    /** Decimal MB of uncompressed data per second, for every operation alike, as in the 2014 table. */
    private static double mbps(long bytes, double ns) {
        return bytes * 1000.0 / ns;
    }

    private static CodecSummary summarize(String codec, String path, List<FileRow> files) {
        Map<String, double[]> hmean = new LinkedHashMap<>();
        Map<String, Double> alloc = new LinkedHashMap<>();
        for (String op : CodecSummary.OPS) {
            List<FileRow> measured = files.stream().filter(r -> r.byOp().containsKey(op)).toList();
            // Each file at the fast and the slow edge of its interval (never below 0.1% of its mean time);
            // an unknown error (NaN) makes the mean's error unknown.
            double fast = hmean(measured, op, m -> Math.max(m.nsPerOp() - m.nsError(), m.nsPerOp() * 1e-3));
            double slow = hmean(measured, op, m -> m.nsPerOp() + m.nsError());
            hmean.put(op, new double[] {hmean(measured, op, Measurement::nsPerOp), (fast - slow) / 2});
            alloc.put(op, measured.stream().mapToDouble(r -> r.get(op, Measurement::bytesPerOp))
                    .reduce(0, Double::sum) / measured.size());
        }
        return new CodecSummary(codec, path, files.size(), files.stream().mapToLong(FileRow::bytes).sum(),
                files.stream().mapToLong(FileRow::compressedBytes).sum(),
                files.stream().mapToDouble(FileRow::ratio).reduce(0, Double::sum) / files.size(), hmean, alloc);
    }

    /** Harmonic-mean MB/s of {@code op} over {@code files} with the time {@code ns} of each; NaN for none. */
    private static double hmean(List<FileRow> files, String op, ToDoubleFunction<Measurement> ns) {
        return files.size() / files.stream().mapToDouble(r -> 1 / mbps(r.bytes(), ns.applyAsDouble(r.byOp().get(op))))
                .reduce(0, Double::sum);
    }

    private void write(Path dir, Markdown md) {
        List<FileRow> all = rows.values().stream().flatMap(List::stream).toList();
        Table<FileRow> perFile = new Table<FileRow>().csvOnly("codec", FileRow::codec)
                .csvOnly("coding", r -> BenchCodecs.byId(r.codec()).coding()).csvOnly("path", FileRow::path)
                .csvOnly("file", FileRow::file).csvOnly("bytes", FileRow::bytes)
                .csvOnly("compressed_bytes", FileRow::compressedBytes).csvOnly("ratio", FileRow::ratio);
        for (String op : CodecSummary.OPS) {
            String name = op.toLowerCase(Locale.ROOT);
            perFile.csvOnly(name + "_ns", r -> r.get(op, Measurement::nsPerOp))
                    .csvOnly(name + "_ns_err", r -> r.get(op, Measurement::nsError))
                    .csvOnly(name + "_mb_s", r -> r.mbps(op))
                    .csvOnly(name + "_alloc_b_op", r -> r.get(op, Measurement::bytesPerOp));
        }
        perFile.writeCsv(all, dir.resolve("codec-files.csv"));
        md.heading(2, "Codec throughput and size");
        CodecSummary baseline = find("gzip-jdk-6", "raw");
        md.paragraph("Single thread, " + (summaries.isEmpty() ? 0 : summaries.get(0).files())
                + " files. MB/s = 10^6 bytes of uncompressed data per second, harmonic mean over files "
                + "(± from each file's 99.9% confidence interval). Size: aggregate = total compressed / "
                + "total original; mean = mean of per-file ratios. B/op: mean over files of "
                + "`gc.alloc.rate.norm`. `spi` runs through the project's `Codec`; `raw` calls the "
                + "library directly" + (baseline == null ? "." : "; \"vs 2014\" is round-trip speed "
                + "relative to raw JDK gzip level 6 (`GZIPOutputStream`/`GZIPInputStream`)."));
        Table<CodecSummary> summary = new Table<CodecSummary>().text("codec", "codec", CodecSummary::codec)
                .text("path", "path", CodecSummary::path).csvOnly("files", CodecSummary::files)
                .csvOnly("bytes", CodecSummary::bytes).csvOnly("compressed_bytes", CodecSummary::compressedBytes)
                .column("aggregate_ratio", "size (aggregate)", CodecSummary::aggregateRatio,
                        s -> Markdown.num(100 * s.aggregateRatio(), 1) + "%")
                .column("mean_ratio", "size (mean)", CodecSummary::meanRatio,
                        s -> Markdown.num(100 * s.meanRatio(), 1) + "%");
        for (String op : CodecSummary.OPS) {
            summary.column(op.toLowerCase(Locale.ROOT) + "_hmean_mb_s", (op.equals("roundTrip") ? "round trip" : op)
                    + " MB/s", s -> s.mbps(op), s -> Markdown.withError(s.mbps(op), s.mbpsError(op), 1))
                    .csvOnly(op.toLowerCase(Locale.ROOT) + "_err", s -> s.mbpsError(op));
        }
        summary.shownOnly("vs 2014", s -> baseline == null ? ""
                : Markdown.num(s.mbps("roundTrip") / baseline.mbps("roundTrip"), 2) + "x");
        for (String op : CodecSummary.OPS) {
            String header = op.equals("roundTrip") ? null : op + " B/op"; // the round trip's: CSV only
            summary.column(op.toLowerCase(Locale.ROOT) + "_alloc_b_op_mean", header, s -> s.meanAlloc().get(op),
                    s -> Markdown.num(s.meanAlloc().get(op), 0));
        }
        summary.writeCsv(summaries, dir.resolve("codec-summary.csv"));
        summary.markdown(md, summaries);
        writeCost(md);
        md.paragraph("![round trip speed vs size](roundtrip-vs-size.png)");
        md.paragraph("Per file: round trip MB/s (compressed size). Compress and decompress per file are in "
                + "`codec-files.csv`.");
        Table<String> perFileMd = new Table<String>().shownOnly("file", file -> file).shownOnly("bytes",
                file -> roundTrips(all, file).findFirst().map(r -> Markdown.num(r.bytes(), 0)).orElse(""));
        rows.forEach((key, list) -> perFileMd.shownOnly(key.replace('/', ' '), file -> roundTrips(list, file)
                .map(r -> Markdown.num(r.mbps("roundTrip"), 1) + " ("
                        + Markdown.num(100.0 * r.compressedBytes() / r.bytes(), 1) + "%)")
                .reduce((first, last) -> last).orElse("")));
        perFileMd.markdown(md, all.stream().map(FileRow::file).distinct().toList());
        XyChart chart = new XyChart("Round trip speed vs compressed size (harmonic mean over files)",
                "compressed size, % of original (aggregate)", "round trip MB/s (log scale)", false, true);
        List<String> codecs = summaries.stream().map(CodecSummary::codec).distinct().toList();
        for (CodecSummary s : summaries) {
            XyChart.Point p = new XyChart.Point(100 * s.aggregateRatio(), s.mbps("roundTrip"),
                    s.mbpsError("roundTrip"), s.codec() + " " + s.path());
            chart.add(new XyChart.Series(s.codec() + " (" + s.path() + ")", List.of(p), false,
                    s.path().equals("raw")), codecs.indexOf(s.codec()));
        }
        chart.writePng(dir.resolve("roundtrip-vs-size.png"));
    }

    private static Stream<FileRow> roundTrips(List<FileRow> rows, String file) {
        return rows.stream().filter(r -> r.file().equals(file) && r.byOp().containsKey("roundTrip"));
    }

    /** What the SPI costs against the raw call, for every codec measured both ways. */
    private void writeCost(Markdown md) {
        List<CodecSummary> both = summaries.stream()
                .filter(s -> s.path().equals("spi") && find(s.codec(), "raw") != null).toList();
        if (both.isEmpty()) {
            return;
        }
        md.paragraph("What the SPI costs: extra time per operation through the SPI relative to the raw "
                + "call (positive = SPI slower; negative = the SPI is faster, e.g. because it pools what "
                + "the raw call allocates), and the difference in B/op of a round trip.");
        Table<CodecSummary> cost = new Table<CodecSummary>().shownOnly("codec", CodecSummary::codec);
        for (String op : CodecSummary.OPS) {
            cost.shownOnly(op.equals("roundTrip") ? "round trip" : op,
                    s -> Markdown.num(100 * (find(s.codec(), "raw").mbps(op) / s.mbps(op) - 1), 1) + "%");
        }
        cost.shownOnly("round trip ΔB/op", s -> Markdown.num(s.meanAlloc().get("roundTrip")
                - find(s.codec(), "raw").meanAlloc().get("roundTrip"), 0))
                .shownOnly("raw path", s -> BenchCodecs.byId(s.codec()).rawDescription()).markdown(md, both);
    }

    private CodecSummary find(String codec, String path) {
        return summaries.stream().filter(s -> s.codec().equals(codec) && s.path().equals(path)).findFirst()
                .orElse(null);
    }
}
