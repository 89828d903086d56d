package dev.restcompress.bench.small;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.dictionary.BenchDictionary;
import dev.restcompress.config.DictionarySettings;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The small-payload bodies of {@link SmallPayloadBench} (the same bytes) with an RFC 9842 shared
 * dictionary ({@link BenchDictionary}): the library's {@code dcz} and {@code dcb} codecs, next to its
 * zstd at the same level without a dictionary, all through the SPI, so "what does the dictionary
 * cost to encode" is a ratio of two rows of one run.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DictionaryPayloadBench {
    /** The library's default levels, and zstd at dcz's level for the encode-cost ratio. */
    @Param({"zstd-" + DictionarySettings.DEFAULT_DCZ_LEVEL, "dcz-" + DictionarySettings.DEFAULT_DCZ_LEVEL,
        "dcb-" + DictionarySettings.DEFAULT_DCB_LEVEL})
    public String codec;

    @Param({"128", "256", "512", "1024", "2048", "4096", "8192"})
    public int size;

    private Engine engine;
    private byte[][] payloads;
    private byte[][] compressed;
    private int[] compressedLength;
    private byte[] scratch;
    private byte[] decoded;
    private int next;

    @Setup
    public void setUp() throws IOException {
        engine = BenchDictionary.engine(codec, BenchDictionary.forCorpus(Corpus.dir()));
        List<byte[]> slices = Corpus.prefixes(Corpus.dir(), size, SmallPayloadBench.SLICES);
        payloads = slices.toArray(new byte[0][]);
        compressed = new byte[payloads.length][];
        compressedLength = new int[payloads.length];
        for (int i = 0; i < payloads.length; i++) {
            compressed[i] = new byte[engine.maxCompressedLength(size)];
            compressedLength[i] = engine.compress(payloads[i], size, compressed[i]);
        }
        scratch = new byte[engine.maxCompressedLength(size)];
        decoded = new byte[size + 1];
    }

    private int nextIndex() {
        int i = next;
        next = i + 1 == payloads.length ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public int compress() throws IOException {
        return engine.compress(payloads[nextIndex()], size, scratch);
    }

    @Benchmark
    public int decompress() throws IOException {
        int i = nextIndex();
        return engine.decompress(compressed[i], compressedLength[i], decoded);
    }
}
