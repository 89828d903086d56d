package dev.restcompress.server.internal.cache;

import dev.restcompress.bench.core.NanosPerOpBench;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The cache's body hash (two SipHash-1-3 lanes) against the CRC-32C it replaced, ns per body (docs/caching.md). In the
 * cache's package because the hash is package-private there: this bench is not part of the library's API.
 * Not in a suite; run it by name:
 * {@code java -cp rest-compress-bench/target/benchmarks.jar org.openjdk.jmh.Main BodyHashBench}.
 */
public class BodyHashBench extends NanosPerOpBench {
    @Param({"1024", "30720", "2097152"})
    public int size;

    private byte[] body;
    private BodyHash keyed;

    @Setup
    public void setUp() {
        body = new byte[size];
        SplittableRandom random = new SplittableRandom(size);
        for (int i = 0; i < size; i++) {
            body[i] = (byte) (' ' + random.nextInt(95)); // printable, as JSON is; the hashes do not care
        }
        keyed = BodyHash.DEFAULT;
    }

    @Benchmark
    public long crc32c() {
        CRC32C crc = new CRC32C();
        crc.update(body, 0, size);
        return crc.getValue() | (long) size << 32;
    }

    @Benchmark
    public long twoLaneSipHash13() {
        return keyed.hash(body, size);
    }
}
