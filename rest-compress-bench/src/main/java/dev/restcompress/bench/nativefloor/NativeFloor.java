package dev.restcompress.bench.nativefloor;

import dev.restcompress.bench.codec.CodecSummary;
import dev.restcompress.bench.core.ExternalCommand;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Runs the C harness ({@code src/main/c/libdeflate_harness.c}) on the codec suite's files and sets its MB/s next to
 * the same run's {@code gzip-libdeflate-N} Java paths: the JNI binding should cost little next to the C it calls.
 */
public final class NativeFloor {
    static final int[] LEVELS = {1, 6, 9};
    /** Java at no less than this fraction of C. */
    static final double TARGET = 0.90;

    /** One level and operation: C's harmonic mean, the Java paths' ({@code gzip-libdeflate-N}; NaN without). */
    private record Comparison(int level, String op, double c, long cCompressed, double spi, double raw,
                              double spiCompressed) {
    }

    private static final Table<Comparison> TABLE = new Table<Comparison>()
            .text("level", "level", Comparison::level).text("op", "op", Comparison::op)
            .number("c_hmean_mb_s", "C MB/s", Comparison::c, 1).csvOnly("c_compressed_bytes", Comparison::cCompressed)
            .number("java_spi_mb_s", "Java spi MB/s", Comparison::spi, 1)
            .column("java_spi_vs_c", "spi / C", r -> r.spi() / r.c(), r -> verdict(r.spi() / r.c()))
            .number("java_raw_mb_s", "Java raw MB/s", Comparison::raw, 1)
            .column("java_raw_vs_c", "raw / C", r -> r.raw() / r.c(), r -> verdict(r.raw() / r.c()))
            .csvOnly("java_compressed_bytes", Comparison::spiCompressed);

    private NativeFloor() {}

    /** Runs the suite, or says in the report why it cannot; {@code java}: the codec suite's summaries, if run. */
    public static List<String> run(SuiteContext ctx, Path harness, boolean quick, List<String> files,
            List<CodecSummary> java) throws IOException, InterruptedException {
        Markdown md = ctx.md();
        md.heading(2, "Native floor: the Java gzip path against libdeflate called from C");
        if (harness == null || !Files.isExecutable(harness)) {
            String why = harness == null ? "no --native-harness given (scripts/bench.sh compiles it with gcc)"
                    : harness + " is not an executable file";
            ctx.progress().report("skipping the native-floor suite: " + why);
            md.paragraph("Not run: " + why + ".");
            return List.of();
        }
        double seconds = quick ? 0.1 : 0.5;
        ctx.progress().report(String.format(Locale.ROOT, "native-floor suite: %s on %d file(s) x levels 1,6,9, %.1f s "
                + "per operation (about %.0f s)", harness.getFileName(), files.size(), seconds,
                files.size() * LEVELS.length * 2 * seconds * 1.2));
        List<String> cmd = new ArrayList<>(List.of(harness.toString(), "-t", Double.toString(seconds), "-l", "1,6,9",
                ctx.corpus().toString()));
        cmd.addAll(files);
        // The harness prints its progress on stderr: let it through to ours.
        String csv = ExternalCommand.run(cmd, false, (long) (files.size() * LEVELS.length * 2 * (seconds + 1) + 60));
        Files.writeString(ctx.out().resolve("native-harness.csv"), csv);
        // The harness's harmonic-mean row per level: level,(hmean),bytes,compressed_bytes,MB/s per op in OPS' order.
        Map<Integer, String[]> hmeans = new HashMap<>();
        csv.lines().map(line -> line.split(",")).filter(f -> f.length == 7 && f[1].equals("(hmean)"))
                .forEach(f -> hmeans.put(Integer.parseInt(f[0]), f));
        Map<String, CodecSummary> byPath = java.stream().collect(Collectors.toMap(s -> s.codec() + " " + s.path(),
                s -> s));
        List<Comparison> table = new ArrayList<>();
        boolean anyJava = false;
        for (int level : LEVELS) {
            String[] c = hmeans.get(level);
            if (c != null) {
                CodecSummary spi = byPath.get("gzip-libdeflate-" + level + " spi");
                CodecSummary raw = byPath.get("gzip-libdeflate-" + level + " raw");
                anyJava |= spi != null || raw != null;
                for (String op : CodecSummary.OPS) {
                    table.add(new Comparison(level, op, Double.parseDouble(c[4 + CodecSummary.OPS.indexOf(op)]),
                            Long.parseLong(c[3]), spi == null ? Double.NaN : spi.mbps(op),
                            raw == null ? Double.NaN : raw.mbps(op), spi == null ? Double.NaN : spi.compressedBytes()));
                }
            }
        }
        TABLE.writeCsv(table, ctx.out().resolve("native-floor.csv"));
        md.paragraph("`libdeflate_harness` (C, `dlopen(\"libdeflate.so.0\")`, one compressor per level and one "
                + "decompressor, one-shot gzip calls, each timed for at least " + seconds + " s per file after a "
                + "warm-up call) on the same " + files.size() + " file(s) as the codec suite; harmonic mean of MB/s of "
                + "uncompressed data over the files, round trip = compress + decompress time. Java columns: "
                + "`gzip-libdeflate-N` from the codec suite (JMH) of this run. Target: Java >= "
                + Math.round(TARGET * 100) + "% of C. The SPI's decompress reads a bounded stream "
                + "(as request bodies of unknown length do), so it is not expected to reach the one-shot C decode.");
        TABLE.markdown(md, table);
        if (!anyJava) {
            md.paragraph("No Java figures: run the codec suite in the same run (`--suites codec,native`) with the "
                    + "gzip-libdeflate codecs to fill the Java columns.");
        }
        return List.of("native-harness.csv", "native-floor.csv");
    }

    private static String verdict(double ratio) {
        return Double.isNaN(ratio) ? "n/a"
                : Markdown.num(100 * ratio, 0) + "% " + (ratio >= TARGET ? "(meets)" : "(below)");
    }

    /** Compiles the harness with gcc as scripts/bench.sh does, for the quick integration test. */
    public static Path compile(Path source, Path outDir) throws IOException, InterruptedException {
        Files.createDirectories(outDir);
        Path exe = outDir.resolve("libdeflate_harness");
        ExternalCommand.run(List.of("gcc", "-O2", "-Wall", "-std=c11", "-o", exe.toString(), source.toString(), "-ldl"),
                true, 120);
        return exe;
    }
}
