package dev.restcompress.bench.codec;

import java.util.List;
import java.util.Map;

/**
 * One codec and path of the codec suite over all files, which the native-floor suite sets next to C: sizes, per
 * operation the harmonic-mean MB/s of uncompressed data with its error (NaN when unknown), and the mean B/op.
 */
public record CodecSummary(String codec, String path, int files, long bytes, long compressedBytes, double meanRatio,
                           Map<String, double[]> hmean, Map<String, Double> meanAlloc) {

    /** The operations measured, as named by {@link CodecBench}'s methods. */
    public static final List<String> OPS = List.of("compress", "decompress", "roundTrip");

    /** Total compressed over total original. */
    public double aggregateRatio() {
        return (double) compressedBytes / bytes;
    }

    public double mbps(String op) {
        return hmean.get(op)[0];
    }

    public double mbpsError(String op) {
        return hmean.get(op)[1];
    }
}
