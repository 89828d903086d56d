package dev.restcompress.codec;

import dev.restcompress.testing.Codecs;
import dev.restcompress.testing.TestFiles;
import dev.restcompress.testing.Codecs;
import java.io.ByteArrayInputStream;
import dev.restcompress.testing.Codecs;
import java.io.IOException;
import dev.restcompress.testing.Codecs;
import java.io.InputStream;
import dev.restcompress.testing.Codecs;
import java.nio.file.Path;
import dev.restcompress.testing.Codecs;
import java.util.ArrayList;
import dev.restcompress.testing.Codecs;
import java.util.List;
import dev.restcompress.testing.Codecs;
import java.util.Locale;

/**
 * A quick measurement (not JMH, not a test) that chose the default levels and the default
 * preference order; its output is recorded in docs/codings.md. Single thread; for every codec and
 * level, over every testdata file and the shared JSON corpus: one-shot compress, then decompress
 * through the bounded stream that request and client decoding use, each timed as the best of three
 * fixed-time rounds after a warm-up. Prints the compressed size as a share of the input (all files summed) and
 * the harmonic mean over files of compress, decompress and round-trip (compress + decompress) MB/s.
 *
 * <p>Run: {@code java -cp <test class path> dev.restcompress.codec.CodingsMeasurement [millis per loop]}.
 */
public final class CodingsMeasurement {
    private CodingsMeasurement() {
    }

    record Config(String name, Codec codec) { }

    public static void main(String[] args) throws IOException {
        long millis = args.length > 0 ? Long.parseLong(args[0]) : 150;
        List<Config> configs = new ArrayList<>();
        configs.add(new Config("lzf", Codecs.of("lzf")));
        for (int l : new int[] {1, 6}) {
            configs.add(new Config("gzip-" + l, Codecs.of("gzip", l, 1)));
        }
        for (int l : new int[] {1, 2, 3, 4}) {
            configs.add(new Config("zstd-" + l, Codecs.of("zstd", l, 1)));
        }
        for (int l : new int[] {1, 3, 4, 5, 6}) {
            configs.add(new Config("br-" + l, Codecs.of("br", l, 1)));
        }
        List<byte[]> files = new ArrayList<>();
        long total = 0;
        for (Path p : TestFiles.all()) {
            byte[] data = TestFiles.read(p);
            if (data.length >= 1024) { // below the default threshold nothing is compressed
                files.add(data);
                total += data.length;
            }
        }
        System.out.printf(Locale.ROOT, "%d files, %d bytes, %d ms per loop, JDK %s%n", files.size(), total, millis,
                System.getProperty("java.version"));
        System.out.printf(Locale.ROOT, "%-16s %8s %12s %12s %12s%n", "coding", "size", "comp MB/s", "decomp MB/s",
                "round MB/s");
        for (Config c : configs) {
            measure(c, files, total, millis);
        }
    }

    private static void measure(Config c, List<byte[]> files, long total, long millis) throws IOException {
        long compressedTotal = 0;
        double invComp = 0;
        double invDecomp = 0;
        double invRound = 0;
        byte[] sink = new byte[1 << 16];
        for (byte[] data : files) {
            byte[] out = new byte[c.codec().maxCompressedLength(data.length)];
            int n = c.codec().compress(data, 0, data.length, out, 0);
            compressedTotal += n;
            double tc = timePerOp(millis, () -> c.codec().compress(data, 0, data.length, out, 0));
            double td = timePerOp(millis, () -> {
                try (InputStream in = c.codec().decompressingStream(new ByteArrayInputStream(out, 0, n), data.length)) {
                    while (in.read(sink) >= 0) {
                        // drain
                    }
                }
            });
            double mb = data.length / 1e6;
            invComp += tc / mb;
            invDecomp += td / mb;
            invRound += (tc + td) / mb;
        }
        int k = files.size();
        System.out.printf(Locale.ROOT, "%-16s %7.1f%% %12.1f %12.1f %12.1f%n", c.name(), 100.0 * compressedTotal / total,
                k / invComp, k / invDecomp, k / invRound);
    }

    @FunctionalInterface
    interface Op {
        void run() throws IOException;
    }

    /**
     * Seconds per operation: a warm-up of a third of {@code millis}, then three rounds of a third each;
     * the fastest round counts, because on shared, noisy cores interference only ever slows a round.
     */
    private static double timePerOp(long millis, Op op) throws IOException {
        long round = millis * 1_000_000L / 3;
        long warmEnd = System.nanoTime() + round;
        while (System.nanoTime() < warmEnd) {
            op.run();
        }
        double best = Double.MAX_VALUE;
        for (int r = 0; r < 3; r++) {
            long start = System.nanoTime();
            long end = start + round;
            int runs = 0;
            long now;
            do {
                op.run();
                runs++;
                now = System.nanoTime();
            } while (now < end);
            best = Math.min(best, (now - start) / 1e9 / runs);
        }
        return best;
    }
}
