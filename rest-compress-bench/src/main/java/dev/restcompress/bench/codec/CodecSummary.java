package dev.restcompress.bench.codec;

import java.util.List;
import java.util.Map;

/**
 * One codec and path of the codec suite, summarised over all files: sizes, harmonic-mean MB/s of
 * uncompressed data per operation with its error bar, and mean bytes allocated per operation. The
 * native-floor suite reads these to set the Java paths next to the C harness.
 *
 * @param codec codec id from {@link BenchCodecs}
 * @param path {@code spi} or {@code raw}
 * @param files how many files
 * @param bytes total original bytes
 * @param compressedBytes total compressed bytes
 * @param meanRatio mean of the per-file size ratios
 * @param hmean per operation: harmonic-mean MB/s and its error (NaN when unknown)
 * @param meanAlloc per operation: mean B/op over files
 */
public record CodecSummary(String codec, String path, int files, long bytes, long compressedBytes, double meanRatio,
                           Map<String, double[]> hmean, Map<String, Double> meanAlloc) {

    /** The operations measured, as named by {@link CodecBench}'s methods. */
    public static final List<String> OPS = List.of("compress", "decompress", "roundTrip");

    /** How the report names {@code op}. */
    static String label(String op) {
        return op.equals("roundTrip") ? "round trip" : op;
    }

    /** Total compressed over total original. */
    public double aggregateRatio() {
        return (double) compressedBytes / bytes;
    }

    /** Harmonic-mean MB/s of {@code op} ({@code compress}, {@code decompress} or {@code roundTrip}). */
    public double mbps(String op) {
        return hmean.get(op)[0];
    }

    /** The error bar of {@link #mbps}. */
    public double mbpsError(String op) {
        return hmean.get(op)[1];
    }
}
