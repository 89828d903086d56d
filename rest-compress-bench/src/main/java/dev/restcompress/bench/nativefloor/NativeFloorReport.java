package dev.restcompress.bench.nativefloor;

import dev.restcompress.bench.codec.CodecSummary;
import dev.restcompress.bench.report.Csv;
import dev.restcompress.bench.report.Markdown;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The native-floor comparison: per level and operation, the C harness's harmonic-mean MB/s next to
 * the Java paths' ({@code gzip-libdeflate-N}, spi and raw, from the codec suite of the same run) and
 * their ratio against the 90% target.
 */
record NativeFloorReport(List<NativeFloor.Row> rows, List<CodecSummary> java, int files, double seconds) {
    private NativeFloor.Row hmean(int level) {
        return rows.stream().filter(r -> r.level() == level && r.file().equals("(hmean)")).findFirst().orElse(null);
    }

    private CodecSummary summary(int level, String path) {
        String id = "gzip-libdeflate-" + level;
        return java.stream().filter(s -> s.codec().equals(id) && s.path().equals(path)).findFirst().orElse(null);
    }

    void write(Path dir, Markdown md) {
        Csv csv = new Csv("level", "op", "c_hmean_mb_s", "c_compressed_bytes", "java_spi_mb_s", "java_spi_vs_c",
                "java_raw_mb_s", "java_raw_vs_c", "java_compressed_bytes");
        List<List<String>> table = new ArrayList<>();
        boolean anyJava = false;
        for (int level : NativeFloor.LEVELS) {
            NativeFloor.Row c = hmean(level);
            if (c == null) {
                continue;
            }
            CodecSummary spi = summary(level, "spi");
            CodecSummary raw = summary(level, "raw");
            anyJava |= spi != null || raw != null;
            for (String op : CodecSummary.OPS) {
                double spiMbps = spi == null ? Double.NaN : spi.mbps(op);
                double rawMbps = raw == null ? Double.NaN : raw.mbps(op);
                csv.row(level, op, c.mbps(op), c.compressedBytes(), spiMbps, spiMbps / c.mbps(op), rawMbps,
                        rawMbps / c.mbps(op), spi == null ? Double.NaN : (double) spi.compressedBytes());
                table.add(List.of(Integer.toString(level), op, Markdown.num(c.mbps(op), 1),
                        Markdown.num(spiMbps, 1), verdict(spiMbps / c.mbps(op)),
                        Markdown.num(rawMbps, 1), verdict(rawMbps / c.mbps(op))));
            }
        }
        csv.write(dir.resolve("native-floor.csv"));
        md.paragraph("`libdeflate_harness` (C, `dlopen(\"libdeflate.so.0\")`, one compressor per level and one "
                + "decompressor, one-shot gzip calls, each timed for at least " + seconds + " s per file after a "
                + "warm-up call) on the same " + files + " file(s) as the codec suite; harmonic mean of MB/s of "
                + "uncompressed data over the files, round trip = compress + decompress time. Java columns: "
                + "`gzip-libdeflate-N` from the codec suite (JMH) of this run. Target: Java >= "
                + Math.round(NativeFloor.TARGET * 100) + "% of C. The SPI's decompress reads a bounded stream "
                + "(as request bodies of unknown length do), so it is not expected to reach the one-shot C decode.");
        md.table(List.of("level", "op", "C MB/s", "Java spi MB/s", "spi / C", "Java raw MB/s", "raw / C"), table);
        if (!anyJava) {
            md.paragraph("No Java figures: run the codec suite in the same run (`--suites codec,native`) with the "
                    + "gzip-libdeflate codecs to fill the Java columns.");
        }
    }

    private static String verdict(double ratio) {
        if (Double.isNaN(ratio)) {
            return "n/a";
        }
        return Markdown.num(100 * ratio, 0) + "% " + (ratio >= NativeFloor.TARGET ? "(meets)" : "(below)");
    }
}
