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
    private SmallPayloadSuite() {}

    /** Returns the files written; {@code quick}: the dictionary rows at three sizes, the break-even rows at two. */
    public static List<String> run(SuiteContext ctx, JmhRunner jmh, List<BenchCodec> codecs, double linkMbps,
                                   boolean quick) throws RunnerException {
        String[] ids = codecs.stream().map(BenchCodec::id).toArray(String[]::new);
        ctx.progress().report("small-payload suite: " + ids.length + " codec(s) x 7 sizes x 2 ops"
                + jmh.estimate(ids.length * 14));
        var small = jmh.run("small", jmh.options(SmallPayloadBench.class).param("codec", ids));
        SmallPayloadBench.write(ctx.corpus(), small, linkMbps, ctx.out(), ctx.md());

        var dictionaryOptions = jmh.options(DictionaryPayloadBench.class);
        if (quick) {
            dictionaryOptions.param("size", "256", "1024", "4096");
        }
        ctx.progress().report("small-payload suite, dictionary rows: 3 codings x " + (quick ? 3 : 7)
                + " sizes x 2 ops" + jmh.estimate(3 * (quick ? 3 : 7) * 2));
        DictionaryPayloadBench.write(ctx.corpus(), jmh.run("small-dictionary", dictionaryOptions), ctx.out(), ctx.md());

        List<String> files = new ArrayList<>(List.of("small-payload.csv", "small-payload.png", "small-dictionary.csv"));
        try {
            DictionaryRecordBench.apis(ctx.corpus());
        } catch (IllegalStateException e) {
            ctx.md().paragraph("Dictionary break-even rows skipped: " + e.getMessage());
            return files;
        }
        int dcz = DictionarySettings.DEFAULT_DCZ_LEVEL;
        String[] codings = quick ? new String[] {"dcz-" + dcz} : new String[] {"dcz-3", "zstd-" + dcz, "dcz-" + dcz};
        String[] sizes = quick ? new String[] {"256", "0"} : new String[] {"128", "256", "384", "512", "1024", "0"};
        ctx.progress().report("small-payload suite, break-even rows: " + codings.length + " codecs x "
                + sizes.length + " sizes x 2 ops" + jmh.estimate(codings.length * sizes.length * 2));
        DictionaryRecordBench.run(jmh, ctx.corpus(), codings, sizes, linkMbps, ctx.md());
        files.add("dictionary-break-even.csv");
        return files;
    }
}
