package dev.restcompress.bench.codec;

import dev.restcompress.bench.core.JmhRunner;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.core.SuiteContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.openjdk.jmh.runner.RunnerException;

/**
 * The codec suite: {@link CodecBench} over every codec and file through the SPI and through the raw
 * library calls, and {@link CodecReport} over both. The codecs that have a raw path run in one JMH
 * run with {@code path=raw,spi}: JMH varies the alphabetically last parameter ({@code path})
 * fastest, so the two rows of one codec and file are measured one right after the other, and load
 * from other processes on a shared machine hits both alike. Codecs without a raw path run in a
 * second JMH run, because JMH parameters form a full cross product.
 */
public final class CodecSuite {
    /** The files {@link #run} creates. */
    public static final List<String> FILES = CodecReport.FILES;

    private CodecSuite() {
    }

    /** Runs the suite and returns its per-codec summaries, which the native-floor suite compares with C. */
    public static List<CodecSummary> run(SuiteContext ctx, JmhRunner jmh, List<BenchCodec> codecs, List<String> files)
            throws RunnerException {
        String[] rawIds = codecs.stream().filter(BenchCodec::hasRaw).map(BenchCodec::id).toArray(String[]::new);
        String[] spiOnlyIds = codecs.stream().filter(c -> !c.hasRaw()).map(BenchCodec::id).toArray(String[]::new);
        String[] names = files.toArray(String[]::new);
        List<Measurement> results = new ArrayList<>();
        if (rawIds.length > 0) {
            ctx.progress().report("codec suite, raw and SPI paths side by side: " + rawIds.length + " codec(s) x "
                    + names.length + " file(s) x 2 paths x 3 ops" + jmh.estimate(rawIds.length * names.length * 6));
            results.addAll(jmh.run("codec", jmh.options(CodecBench.class)
                    .param("codec", rawIds).param("path", "raw", "spi").param("file", names)));
        }
        if (spiOnlyIds.length > 0) {
            ctx.progress().report("codec suite, SPI only (no raw path): " + spiOnlyIds.length + " codec(s) x "
                    + names.length + " file(s) x 3 ops" + jmh.estimate(spiOnlyIds.length * names.length * 3));
            results.addAll(jmh.run("codec-spi", jmh.options(CodecBench.class)
                    .param("codec", spiOnlyIds).param("path", "spi").param("file", names)));
        }
        // The report lists rows in this order: every SPI row, then every raw row (a stable sort).
        results.sort(Comparator.comparing((Measurement m) -> "raw".equals(m.param("path"))));
        CodecReport report = new CodecReport(ctx.corpus(), results);
        report.write(ctx.out(), ctx.md());
        return report.summaries();
    }
}
