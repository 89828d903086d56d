package dev.restcompress.bench.small;

import dev.restcompress.bench.codec.BenchCodec;
import dev.restcompress.bench.core.JmhRunner;
import dev.restcompress.bench.core.SuiteContext;
import java.util.List;
import org.openjdk.jmh.runner.RunnerException;

/**
 * The small-payload suite: {@link SmallPayloadBench} for every codec at every size, then
 * {@link SmallPayloadReport}'s table, chart and break-even verdict on the reference link.
 */
public final class SmallPayloadSuite {
    /** The files {@link #run} creates. */
    public static final List<String> FILES = java.util.stream.Stream.concat(SmallPayloadReport.FILES.stream(),
            DictionaryPayloadReport.FILES.stream()).toList();

    private SmallPayloadSuite() {
    }

    /**
     * Runs the suite; {@code linkMbps} is the reference link of the verdict. {@code quick} measures
     * the dictionary rows at three sizes only.
     */
    public static List<String> run(SuiteContext ctx, JmhRunner jmh, List<BenchCodec> codecs, double linkMbps,
                                   boolean quick) throws RunnerException {
        String[] ids = codecs.stream().map(BenchCodec::id).toArray(String[]::new);
        ctx.progress().report("small-payload suite: " + ids.length + " codec(s) x 7 sizes x 2 ops"
                + jmh.estimate(ids.length * 14));
        new SmallPayloadReport(ctx.corpus(), jmh.run("small", jmh.options(SmallPayloadBench.class).param("codec", ids)),
                linkMbps).write(ctx.out(), ctx.md());

        var dictionaryOptions = jmh.options(DictionaryPayloadBench.class);
        int sizes = 7;
        if (quick) {
            dictionaryOptions.param("size", "256", "1024", "4096");
            sizes = 3;
        }
        ctx.progress().report("small-payload suite, dictionary rows: 3 codings x " + sizes + " sizes x 2 ops"
                + jmh.estimate(3 * sizes * 2));
        new DictionaryPayloadReport(ctx.corpus(), jmh.run("small-dictionary", dictionaryOptions))
                .write(ctx.out(), ctx.md());
        return FILES;
    }
}
