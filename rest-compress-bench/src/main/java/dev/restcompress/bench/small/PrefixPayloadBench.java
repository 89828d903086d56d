package dev.restcompress.bench.small;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Engine;
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
 * Small bodies (128 B to 8 KiB) through one {@link Engine}: ns per compress and per decompress of one
 * payload. Each operation takes the next of up to {@value #SLICES} payloads of the same size (the
 * starts of different corpus files, see {@link Corpus#prefixes}), so the time is an average over
 * content, not one lucky document. Subclasses say which engine; JMH runs their inherited benchmarks
 * under their own names.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public abstract class PrefixPayloadBench {
    /** Most payloads per size. */
    static final int SLICES = 16;

    @Param({"128", "256", "512", "1024", "2048", "4096", "8192"})
    public int size;

    private Engine engine;
    private byte[][] payloads;
    private byte[][] compressed;
    private int[] compressedLength;
    private byte[] scratch;
    private byte[] decoded;
    private int next;

    /** The engine of this run's parameters. */
    abstract Engine engine() throws IOException;

    @Setup
    public void setUp() throws IOException {
        engine = engine();
        payloads = Corpus.prefixes(Corpus.dir(), size, SLICES).toArray(new byte[0][]);
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
