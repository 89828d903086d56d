package dev.restcompress.bench.codec;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.report.Csv;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.XyChart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns {@link CodecBench} results into {@code codec-files.csv} (one row per codec, path and file),
 * {@code codec-summary.csv} (harmonic means over files, sizes), a markdown section and the chart
 * {@code roundtrip-vs-size.png}.
 *
 * <p>MB/s are decimal megabytes of <em>uncompressed</em> data per second, for compress, decompress
 * and round trip alike, as in the 2014 table. The harmonic mean over files weights every file
 * equally in time per byte; its error bar comes from recomputing it with every file at the edges
 * of its 99.9% confidence interval. Compressed sizes are computed here, outside JMH (compression is
 * deterministic).
 */
final class CodecReport {
    /** The files {@link #write} creates. */
    static final List<String> FILES = List.of("codec-files.csv", "codec-summary.csv", "roundtrip-vs-size.png");

    /** Per-file numbers of one codec and path. */
    private record FileRow(String file, long bytes, long compressedBytes, Map<String, Measurement> byOp) {
    }

    private final Path corpus;
    private final List<Measurement> measurements;
    private final Map<String, List<FileRow>> rows = new LinkedHashMap<>();
    private final List<CodecSummary> summaries = new ArrayList<>();

    CodecReport(Path corpus, List<Measurement> measurements) {
        this.corpus = corpus;
        this.measurements = measurements;
        build();
    }

    List<CodecSummary> summaries() {
        return summaries;
    }

    private void build() {
        Map<String, Map<String, Map<String, Measurement>>> grouped = new LinkedHashMap<>();
        for (Measurement m : measurements) {
            if (!m.benchmark().equals("CodecBench")) {
                continue;
            }
            grouped.computeIfAbsent(m.param("codec") + "/" + m.param("path"), k -> new LinkedHashMap<>())
                    .computeIfAbsent(m.param("file"), k -> new LinkedHashMap<>())
                    .put(m.method(), m);
        }
        for (var e : grouped.entrySet()) {
            String[] key = e.getKey().split("/", 2);
            Engine engine = BenchCodecs.byId(key[0]).engine(key[1]);
            List<FileRow> list = new ArrayList<>();
            for (var f : e.getValue().entrySet()) {
                byte[] data = Corpus.read(corpus, f.getKey());
                list.add(new FileRow(f.getKey(), data.length, engine.compressedSize(data), f.getValue()));
            }
            rows.put(e.getKey(), list);
            summaries.add(summarize(key[0], key[1], list));
        }
    }

    private static double mbps(long bytes, double ns) {
        return bytes * 1000.0 / ns;
    }

    private static CodecSummary summarize(String codec, String path, List<FileRow> files) {
        long bytes = 0;
        long compressed = 0;
        double ratioSum = 0;
        for (FileRow r : files) {
            bytes += r.bytes();
            compressed += r.compressedBytes();
            ratioSum += (double) r.compressedBytes() / r.bytes();
        }
        Map<String, double[]> hmean = new LinkedHashMap<>();
        Map<String, Double> alloc = new LinkedHashMap<>();
        for (String op : CodecSummary.OPS) {
            double inv = 0;
            double invFast = 0;
            double invSlow = 0;
            double allocSum = 0;
            int n = 0;
            boolean errorKnown = true;
            for (FileRow r : files) {
                Measurement m = r.byOp().get(op);
                if (m == null) {
                    continue;
                }
                n++;
                inv += 1 / mbps(r.bytes(), m.nsPerOp());
                if (Double.isNaN(m.nsError())) {
                    errorKnown = false;
                } else {
                    invFast += 1 / mbps(r.bytes(), Math.max(m.nsPerOp() - m.nsError(), m.nsPerOp() * 1e-3));
                    invSlow += 1 / mbps(r.bytes(), m.nsPerOp() + m.nsError());
                }
                allocSum += m.bytesPerOp();
            }
            double h = n == 0 ? Double.NaN : n / inv;
            double err = n == 0 || !errorKnown ? Double.NaN : (n / invFast - n / invSlow) / 2;
            hmean.put(op, new double[] {h, err});
            alloc.put(op, n == 0 ? Double.NaN : allocSum / n);
        }
        return new CodecSummary(codec, path, files.size(), bytes, compressed, ratioSum / files.size(), hmean, alloc);
    }

    void write(Path dir, Markdown md) {
        Csv perFile = new Csv("codec", "coding", "path", "file", "bytes", "compressed_bytes", "ratio",
                "compress_ns", "compress_ns_err", "compress_mb_s", "compress_alloc_b_op",
                "decompress_ns", "decompress_ns_err", "decompress_mb_s", "decompress_alloc_b_op",
                "roundtrip_ns", "roundtrip_ns_err", "roundtrip_mb_s", "roundtrip_alloc_b_op");
        for (var e : rows.entrySet()) {
            String[] key = e.getKey().split("/", 2);
            for (FileRow r : e.getValue()) {
                List<Object> cells = new ArrayList<>(List.of(key[0], BenchCodecs.byId(key[0]).coding(), key[1],
                        r.file(), r.bytes(), r.compressedBytes(), (double) r.compressedBytes() / r.bytes()));
                for (String op : CodecSummary.OPS) {
                    Measurement m = r.byOp().get(op);
                    cells.add(m == null ? Double.NaN : m.nsPerOp());
                    cells.add(m == null ? Double.NaN : m.nsError());
                    cells.add(m == null ? Double.NaN : mbps(r.bytes(), m.nsPerOp()));
                    cells.add(m == null ? Double.NaN : m.bytesPerOp());
                }
                perFile.row(cells.toArray());
            }
        }
        perFile.write(dir.resolve("codec-files.csv"));

        Csv summary = new Csv("codec", "path", "files", "bytes", "compressed_bytes", "aggregate_ratio",
                "mean_ratio", "compress_hmean_mb_s", "compress_err", "decompress_hmean_mb_s", "decompress_err",
                "roundtrip_hmean_mb_s", "roundtrip_err", "compress_alloc_b_op_mean", "decompress_alloc_b_op_mean",
                "roundtrip_alloc_b_op_mean");
        for (CodecSummary s : summaries) {
            summary.row(s.codec(), s.path(), s.files(), s.bytes(), s.compressedBytes(), s.aggregateRatio(),
                    s.meanRatio(), s.mbps("compress"), s.mbpsError("compress"), s.mbps("decompress"),
                    s.mbpsError("decompress"), s.mbps("roundTrip"), s.mbpsError("roundTrip"),
                    s.meanAlloc().get("compress"), s.meanAlloc().get("decompress"), s.meanAlloc().get("roundTrip"));
        }
        summary.write(dir.resolve("codec-summary.csv"));

        writeMarkdown(md);
        writeChart(dir.resolve("roundtrip-vs-size.png"));
    }

    private void writeMarkdown(Markdown md) {
        md.heading(2, "Codec throughput and size");
        CodecSummary baseline = find("gzip-jdk-6", "raw");
        md.paragraph("Single thread, " + (summaries.isEmpty() ? 0 : summaries.get(0).files())
                + " files. MB/s = 10^6 bytes of uncompressed data per second, harmonic mean over files "
                + "(± from each file's 99.9% confidence interval). Size: aggregate = total compressed / "
                + "total original; mean = mean of per-file ratios. B/op: mean over files of "
                + "`gc.alloc.rate.norm`. `spi` runs through the project's `Codec`; `raw` calls the "
                + "library directly" + (baseline == null ? "." : "; \"vs 2014\" is round-trip speed "
                + "relative to raw JDK gzip level 6 (`GZIPOutputStream`/`GZIPInputStream`)."));
        List<List<String>> table = new ArrayList<>();
        for (CodecSummary s : summaries) {
            table.add(List.of(s.codec(), s.path(),
                    Markdown.num(100 * s.aggregateRatio(), 1) + "%", Markdown.num(100 * s.meanRatio(), 1) + "%",
                    Markdown.withError(s.mbps("compress"), s.mbpsError("compress"), 1),
                    Markdown.withError(s.mbps("decompress"), s.mbpsError("decompress"), 1),
                    Markdown.withError(s.mbps("roundTrip"), s.mbpsError("roundTrip"), 1),
                    baseline == null ? "" : Markdown.num(s.mbps("roundTrip") / baseline.mbps("roundTrip"), 2) + "x",
                    Markdown.num(s.meanAlloc().get("compress"), 0),
                    Markdown.num(s.meanAlloc().get("decompress"), 0)));
        }
        md.table(List.of("codec", "path", "size (aggregate)", "size (mean)", "compress MB/s", "decompress MB/s",
                "round trip MB/s", "vs 2014", "compress B/op", "decompress B/op"), table);

        List<List<String>> cost = new ArrayList<>();
        for (CodecSummary spi : summaries) {
            CodecSummary raw = find(spi.codec(), "raw");
            if (!spi.path().equals("spi") || raw == null) {
                continue;
            }
            List<String> r = new ArrayList<>(List.of(spi.codec()));
            for (String op : CodecSummary.OPS) {
                r.add(Markdown.num(100 * (raw.mbps(op) / spi.mbps(op) - 1), 1) + "%");
            }
            r.add(Markdown.num(spi.meanAlloc().get("roundTrip") - raw.meanAlloc().get("roundTrip"), 0));
            r.add(BenchCodecs.byId(spi.codec()).rawDescription());
            cost.add(r);
        }
        if (!cost.isEmpty()) {
            md.paragraph("What the SPI costs: extra time per operation through the SPI relative to the raw "
                    + "call (positive = SPI slower; negative = the SPI is faster, e.g. because it pools what "
                    + "the raw call allocates), and the difference in B/op of a round trip.");
            md.table(List.of("codec", "compress", "decompress", "round trip", "round trip ΔB/op", "raw path"), cost);
        }
        md.paragraph("![round trip speed vs size](roundtrip-vs-size.png)");
        perFileTable(md);
    }

    /** Round trip MB/s and size per file: one row per file, one column per codec and path. */
    private void perFileTable(Markdown md) {
        List<String> header = new ArrayList<>(List.of("file", "bytes"));
        List<String> files = new ArrayList<>();
        for (var e : rows.entrySet()) {
            header.add(e.getKey().replace('/', ' '));
            e.getValue().forEach(r -> {
                if (!files.contains(r.file())) {
                    files.add(r.file());
                }
            });
        }
        List<List<String>> table = new ArrayList<>();
        for (String file : files) {
            List<String> row = new ArrayList<>(List.of(file, ""));
            for (List<FileRow> list : rows.values()) {
                String cell = "";
                for (FileRow r : list) {
                    Measurement m = r.byOp().get("roundTrip");
                    if (r.file().equals(file) && m != null) {
                        row.set(1, Markdown.num(r.bytes(), 0));
                        cell = Markdown.num(mbps(r.bytes(), m.nsPerOp()), 1) + " ("
                                + Markdown.num(100.0 * r.compressedBytes() / r.bytes(), 1) + "%)";
                    }
                }
                row.add(cell);
            }
            table.add(row);
        }
        md.paragraph("Per file: round trip MB/s (compressed size). Compress and decompress per file are in "
                + "`codec-files.csv`.");
        md.table(header, table);
    }

    private CodecSummary find(String codec, String path) {
        return summaries.stream().filter(s -> s.codec().equals(codec) && s.path().equals(path)).findFirst().orElse(null);
    }

    private void writeChart(Path png) {
        XyChart chart = new XyChart("Round trip speed vs compressed size (harmonic mean over files)",
                "compressed size, % of original (aggregate)", "round trip MB/s (log scale)", false, true);
        List<String> codecs = new ArrayList<>();
        for (CodecSummary s : summaries) {
            if (!codecs.contains(s.codec())) {
                codecs.add(s.codec());
            }
            XyChart.Point p = new XyChart.Point(100 * s.aggregateRatio(), s.mbps("roundTrip"),
                    s.mbpsError("roundTrip"), s.codec() + " " + s.path());
            chart.add(new XyChart.Series(s.codec() + " (" + s.path() + ")", List.of(p), false,
                    s.path().equals("raw")), codecs.indexOf(s.codec()));
        }
        chart.writePng(png);
    }
}
