package dev.restcompress.bench.small;

import dev.restcompress.bench.codec.BenchCodec;
import dev.restcompress.bench.core.JmhRunner;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.dictionary.JsonRecordSets;
import dev.restcompress.config.DictionarySettings;
import java.util.List;
import org.openjdk.jmh.runner.RunnerException;

/**
 * The small-payload suite: {@link SmallPayloadBench} for every codec at every size, then
 * {@link SmallPayloadReport}'s table, chart and break-even verdict on the reference link; then the
 * dictionary rows ({@link DictionaryPayloadBench}) and the break-even of dictionary
 * compression on held-out JSON records ({@link DictionaryRecordBench}, {@link DictionaryBreakEven}).
 */
public final class SmallPayloadSuite {
    /** The files {@link #run} creates. */
    public static final List<String> FILES = java.util.stream.Stream.of(SmallPayloadReport.FILES,
            DictionaryPayloadReport.FILES, List.of("dictionary-break-even.csv")).flatMap(List::stream).toList();
    /** Dictionary size of the break-even rows (the trainer's default). */
    static final int BREAK_EVEN_DICTIONARY_KIB = 64;

    private SmallPayloadSuite() {
    }

    /**
     * Runs the suite; {@code linkMbps} is the reference link of the verdict. {@code quick} measures
     * the dictionary rows at three sizes and the break-even rows of the default dcz level at two.
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

        // The dictionary break-even: held-out records of the corpus' JSON files, each with its own API's dictionary.
        try {
            JsonRecordSets.load(List.of(ctx.corpus()));
        } catch (IllegalStateException e) {
            ctx.md().paragraph("Dictionary break-even rows skipped: " + e.getMessage());
            return FILES;
        }
        int level = DictionarySettings.DEFAULT_DCZ_LEVEL;
        // Quick (the build's smoke run): the default level at two sizes only.
        String[] recordCodecs = quick ? new String[] {"dcz-" + level} : new String[] {"dcz-3", "zstd-" + level, "dcz-" + level};
        String[] recordSizes = quick ? new String[] {"256", "0"} : new String[] {"128", "256", "384", "512", "1024", "0"};
        ctx.progress().report("small-payload suite, break-even rows: " + recordCodecs.length + " codecs x "
                + recordSizes.length + " sizes x 2 ops" + jmh.estimate(recordCodecs.length * recordSizes.length * 2));
        List<java.nio.file.Path> folders = List.of(ctx.corpus());
        var recordOptions = jmh.options(DictionaryRecordBench.class).param("codec", recordCodecs)
                .param("size", recordSizes).param("dictKib", Integer.toString(BREAK_EVEN_DICTIONARY_KIB))
                .param("folders", JsonRecordSets.propertyValue(folders));
        List<Measurement> records = jmh.run("small-dictionary-records", recordOptions);
        try {
            DictionaryBreakEven.write(records, BREAK_EVEN_DICTIONARY_KIB, folders, linkMbps, ctx.out(), ctx.md());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return FILES;
    }
}
