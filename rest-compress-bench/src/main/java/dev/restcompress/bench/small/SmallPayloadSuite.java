package dev.restcompress.bench.small;

import dev.restcompress.bench.codec.BenchCodec;
import dev.restcompress.bench.core.JmhRunner;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.config.DictionarySettings;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.runner.RunnerException;

/** The small-payload suite: every codec at every size, then the dictionary rows and the dictionary break-even. */
public final class SmallPayloadSuite {
    private SmallPayloadSuite() {
    }

    /**
     * Runs the suite and returns the files it wrote; {@code linkMbps} is the reference link of the verdicts.
     * {@code quick}: the dictionary rows at three sizes, the break-even rows of the default dcz level at two.
     */
    public static List<String> run(SuiteContext ctx, JmhRunner jmh, List<BenchCodec> codecs, double linkMbps,
                                   boolean quick) throws RunnerException {
        String[] ids = codecs.stream().map(BenchCodec::id).toArray(String[]::new);
        ctx.progress().report("small-payload suite: " + ids.length + " codec(s) x 7 sizes x 2 ops"
                + jmh.estimate(ids.length * 14));
        SmallPayloadReport.write(ctx.corpus(), jmh.run("small", jmh.options(SmallPayloadBench.class).param("codec", ids)),
                linkMbps, ctx.out(), ctx.md());

        var dictionaryOptions = jmh.options(DictionaryPayloadBench.class);
        int sizes = quick ? 3 : 7;
        if (quick) {
            dictionaryOptions.param("size", "256", "1024", "4096");
        }
        ctx.progress().report("small-payload suite, dictionary rows: 3 codings x " + sizes + " sizes x 2 ops"
                + jmh.estimate(3 * sizes * 2));
        DictionaryPayloadReport.write(ctx.corpus(), jmh.run("small-dictionary", dictionaryOptions), ctx.out(), ctx.md());

        List<String> files = new ArrayList<>(List.of("small-payload.csv", "small-payload.png", "small-dictionary.csv"));
        try {
            DictionaryRecordBench.apis(ctx.corpus());
        } catch (IllegalStateException e) {
            ctx.md().paragraph("Dictionary break-even rows skipped: " + e.getMessage());
            return files;
        }
        int level = DictionarySettings.DEFAULT_DCZ_LEVEL;
        String[] recordCodecs = quick ? new String[] {"dcz-" + level} : new String[] {"dcz-3", "zstd-" + level, "dcz-" + level};
        String[] recordSizes = quick ? new String[] {"256", "0"} : new String[] {"128", "256", "384", "512", "1024", "0"};
        ctx.progress().report("small-payload suite, break-even rows: " + recordCodecs.length + " codecs x "
                + recordSizes.length + " sizes x 2 ops" + jmh.estimate(recordCodecs.length * recordSizes.length * 2));
        DictionaryBreakEven.run(jmh, ctx.corpus(), recordCodecs, recordSizes, linkMbps, ctx.md());
        files.add("dictionary-break-even.csv");
        return files;
    }
}
