package dev.restcompress.bench.codec;

import dev.restcompress.bench.core.JmhRunner;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.core.SuiteContext;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.runner.RunnerException;

/**
 * The codec suite: {@link CodecBench} over every codec and file through the SPI, then again through
 * the raw library calls for the codecs that have one, and {@link CodecReport} over both. Two JMH
 * runs rather than one, because {@code path=raw} exists only for some codecs and JMH parameters
 * form a full cross product.
 */
public final class CodecSuite {
    /** The files {@link #run} creates. */
    public static final List<String> FILES = CodecReport.FILES;

    private CodecSuite() {
    }

    /** Runs the suite and returns its per-codec summaries, which the native-floor suite compares with C. */
    public static List<CodecSummary> run(SuiteContext ctx, JmhRunner jmh, List<BenchCodec> codecs, List<String> files)
            throws RunnerException {
        String[] ids = codecs.stream().map(BenchCodec::id).toArray(String[]::new);
        String[] rawIds = codecs.stream().filter(BenchCodec::hasRaw).map(BenchCodec::id).toArray(String[]::new);
        String[] names = files.toArray(String[]::new);
        ctx.progress().report("codec suite, SPI path: " + ids.length + " codec(s) x " + names.length
                + " file(s) x 3 ops" + jmh.estimate(ids.length * names.length * 3));
        List<Measurement> results = new ArrayList<>(jmh.run("codec-spi", jmh.options(CodecBench.class)
                .param("codec", ids).param("path", "spi").param("file", names)));
        if (rawIds.length > 0) {
            ctx.progress().report("codec suite, raw path: " + rawIds.length + " codec(s) x " + names.length
                    + " file(s) x 3 ops" + jmh.estimate(rawIds.length * names.length * 3));
            results.addAll(jmh.run("codec-raw", jmh.options(CodecBench.class)
                    .param("codec", rawIds).param("path", "raw").param("file", names)));
        }
        CodecReport report = new CodecReport(ctx.corpus(), results);
        report.write(ctx.out(), ctx.md());
        return report.summaries();
    }
}
