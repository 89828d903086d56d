package dev.restcompress.bench.codec;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.core.NanosPerOpBench;
import java.io.IOException;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Compress, decompress and round trip of one corpus file through one {@link BenchCodecs} codec and path (README).
 * All buffers are allocated in setup, so {@code gc.alloc.rate.norm} shows only what the engine allocates.
 */
public class CodecBench extends NanosPerOpBench {
    @Param("lzf")
    public String codec;

    @Param({"spi", "raw"})
    public String path;

    @Param(NO_FILE)
    public String file;

    static final String NO_FILE = "(pass -p file=NAME)"; // JMH requires a default

    private Engine engine;
    private byte[] data;
    private byte[] compressed;
    private int compressedLength;
    private byte[] scratch;
    private byte[] decoded;

    @Setup
    public void setUp() throws IOException {
        if (file.equals(NO_FILE)) {
            throw new IllegalArgumentException("CodecBench needs -p file=<name in " + Corpus.dir() + ">");
        }
        engine = BenchCodecs.byId(codec).engine(path);
        data = Corpus.read(Corpus.dir(), file);
        compressed = new byte[engine.maxCompressedLength(data.length)];
        scratch = new byte[compressed.length];
        decoded = new byte[data.length + 1];
        compressedLength = engine.compress(data, data.length, compressed);
        // A benchmark that does not round-trip measures nothing useful: fail the trial instead.
        int n = engine.decompress(compressed, compressedLength, decoded);
        if (n != data.length || !Arrays.equals(data, 0, n, decoded, 0, n)) {
            throw new IllegalStateException(codec + "/" + path + " does not round-trip " + file);
        }
    }

    @Benchmark
    public int compress() throws IOException {
        return engine.compress(data, data.length, scratch);
    }

    @Benchmark
    public int decompress() throws IOException {
        return engine.decompress(compressed, compressedLength, decoded);
    }

    @Benchmark
    public int roundTrip() throws IOException {
        int c = engine.compress(data, data.length, scratch);
        return engine.decompress(scratch, c, decoded);
    }
}
