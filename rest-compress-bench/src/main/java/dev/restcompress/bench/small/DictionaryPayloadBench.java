package dev.restcompress.bench.small;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.dictionary.BenchDictionary;
import dev.restcompress.config.DictionarySettings;
import org.openjdk.jmh.annotations.Param;

/** The bodies of {@link SmallPayloadBench} with the corpus' shared dictionary ({@link BenchDictionary#forCorpus}). */
public class DictionaryPayloadBench extends PrefixPayloadBench {
    /** The library's default levels, and zstd at dcz's level without a dictionary for the encode-cost ratio. */
    @Param({"zstd-" + DictionarySettings.DEFAULT_DCZ_LEVEL, "dcz-" + DictionarySettings.DEFAULT_DCZ_LEVEL,
        "dcb-" + DictionarySettings.DEFAULT_DCB_LEVEL})
    public String codec;

    @Override
    Engine engine() {
        return BenchDictionary.engine(codec, BenchDictionary.forCorpus(Corpus.dir()));
    }
}
