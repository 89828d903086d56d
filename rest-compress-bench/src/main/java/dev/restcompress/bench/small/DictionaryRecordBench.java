package dev.restcompress.bench.small;

import dev.restcompress.bench.dictionary.JsonRecordSets;
import java.io.IOException;
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
 * Small JSON responses with their own API's dictionary (the shared-dictionary goals): ns per compress and per
 * decompress of one body, cycling through held-out records of every data set
 * ({@link DictionaryRecordBodies}). {@code codec} is {@code zstd-N} (no dictionary), {@code dcz-N}
 * or {@code dcb-N}, the library's codecs through the SPI; {@code size} 0 means whole records under
 * 4 KiB. Sizes and the break-even analysis: {@link DictionaryBreakEven}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DictionaryRecordBench {
    @Param({"zstd-3", "dcz-3"})
    public String codec;

    @Param({"128", "256", "384", "512", "1024", "0"})
    public int size;

    /** Dictionary size, KiB (each data set's dictionary: its training records, concatenated). */
    @Param({"64"})
    public int dictKib;

    /**
     * The JSON folders ({@link JsonRecordSets#propertyValue} form); empty: {@link JsonRecordSets#folders()}.
     * A parameter, not a system property, so that forked and in-process runs see the same folders.
     */
    @Param({""})
    public String folders;

    private DictionaryRecordBodies bodies;
    private byte[][] compressed;
    private int[] compressedLength;
    private byte[] scratch;
    private byte[] decoded;
    private int next;

    @Setup
    public void setUp() throws IOException {
        bodies = DictionaryRecordBodies.of(codec, size, dictKib, JsonRecordSets.folders(folders));
        int n = bodies.bodies.length;
        compressed = new byte[n][];
        compressedLength = new int[n];
        for (int i = 0; i < n; i++) {
            byte[] b = bodies.bodies[i];
            compressed[i] = new byte[bodies.engines[i].maxCompressedLength(b.length)];
            compressedLength[i] = bodies.engines[i].compress(b, b.length, compressed[i]);
        }
        scratch = new byte[bodies.engines[0].maxCompressedLength(bodies.maxLength())];
        decoded = new byte[bodies.maxLength() + 1];
    }

    private int nextIndex() {
        int i = next;
        next = i + 1 == bodies.bodies.length ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public int compress() throws IOException {
        int i = nextIndex();
        byte[] b = bodies.bodies[i];
        return bodies.engines[i].compress(b, b.length, scratch);
    }

    @Benchmark
    public int decompress() throws IOException {
        int i = nextIndex();
        return bodies.engines[i].decompress(compressed[i], compressedLength[i], decoded);
    }
}
