package dev.restcompress.bench.small;

import dev.restcompress.bench.core.Engine;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** ns per compress and decompress; each operation takes the next body, averaging over content, not one document. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public abstract class PayloadBench {
    record Body(byte[] bytes, Engine engine) { }

    private byte[][] bodies;
    private Engine[] engines;
    private byte[][] compressed;
    private int[] compressedLength;
    private byte[] scratch;
    private byte[] decoded;
    private int next;

    abstract List<Body> bodies();

    @Setup
    public void setUp() throws IOException {
        List<Body> all = bodies();
        bodies = all.stream().map(Body::bytes).toArray(byte[][]::new);
        engines = all.stream().map(Body::engine).toArray(Engine[]::new);
        compressed = new byte[bodies.length][];
        compressedLength = new int[bodies.length];
        int max = 0;
        for (int i = 0; i < bodies.length; i++) {
            compressed[i] = new byte[engines[i].maxCompressedLength(bodies[i].length)];
            compressedLength[i] = engines[i].compress(bodies[i], bodies[i].length, compressed[i]);
            max = Math.max(max, bodies[i].length);
        }
        scratch = new byte[engines[0].maxCompressedLength(max)];
        decoded = new byte[max + 1];
    }

    private int nextIndex() {
        int i = next;
        next = i + 1 == bodies.length ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public int compress() throws IOException {
        int i = nextIndex();
        return engines[i].compress(bodies[i], bodies[i].length, scratch);
    }

    @Benchmark
    public int decompress() throws IOException {
        int i = nextIndex();
        return engines[i].decompress(compressed[i], compressedLength[i], decoded);
    }
}
