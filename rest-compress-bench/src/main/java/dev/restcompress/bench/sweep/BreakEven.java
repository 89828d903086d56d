package dev.restcompress.bench.sweep;

import dev.restcompress.bench.core.SpiEngine;
import dev.restcompress.codec.Codec;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The codec figures behind the bandwidth suite's break-even line, measured on the very payload the
 * server sends with the same codec and level: one-shot compress (server side) plus bounded stream
 * decompress (client side), single thread, each timed for a fixed time after a warm-up.
 *
 * <p>Compressing one response pays, in latency, when the link is slower than
 * {@code savedBytes * 8 / (compress + decompress time)}: below that rate the transfer time saved
 * exceeds the CPU time spent. Throughput under load can break even elsewhere (CPU is shared, the
 * link is shared), which is what the measured curves next to this line show.
 *
 * @param coding the coding
 * @param compressNs one compress of the payload
 * @param decompressNs one decompress of the payload
 * @param compressedBytes the encoded body size
 */
record BreakEven(String coding, double compressNs, double decompressNs, int compressedBytes) {

    /** Times {@code codec} on {@code data} for about {@code millis} ms per operation. */
    static BreakEven measure(Codec codec, byte[] data, long millis) {
        SpiEngine engine = new SpiEngine(codec);
        byte[] packed = new byte[engine.maxCompressedLength(data.length)];
        byte[] unpacked = new byte[data.length + 1];
        try {
            int size = engine.compress(data, data.length, packed);
            double c = time(millis, () -> engine.compress(data, data.length, packed));
            double d = time(millis, () -> engine.decompress(packed, size, unpacked));
            return new BreakEven(codec.coding(), c, d, size);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The link rate in Mbit/s below which this coding lowers one response's latency. */
    double mbps(double savedBytes) {
        return savedBytes <= 0 ? 0 : savedBytes * 8 / (compressNs + decompressNs) * 1000;
    }

    private interface Op {
        int run() throws IOException;
    }

    /** Mean ns per call: a warm-up of the same length first, then whole calls until the time is up. */
    private static double time(long millis, Op op) throws IOException {
        long sink = 0;
        double ns = Double.NaN;
        for (int pass = 0; pass < 2; pass++) {
            long start = System.nanoTime();
            long n = 0;
            long now;
            do {
                sink += op.run();
                n++;
                now = System.nanoTime();
            } while (now < start + millis * 1_000_000 && n < 100_000_000L);
            ns = (now - start) / (double) n;
        }
        return ns + (sink == 42 ? 1e-9 : 0); // the sink folded in, so the JIT cannot drop the calls
    }
}
