package dev.restcompress.server.internal.cache;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * {@link BodyHashBench}'s rows paired in one thread: per size, rounds of back-to-back batches of each hash (their
 * order rotating), each timed with the thread's CPU clock, which other work on a shared machine disturbs much less
 * than wall-clock time (JMH's errors there outgrow the means). Prints ns per body, median [quartiles], and the
 * ratio to CRC-32C per round, mean ± 95%. Arguments (docs/caching.md): [rounds=21].
 */
public final class PairedBodyHash {
    private static final int[] SIZES = {1024, 30_720, 49_746, 2_097_152};
    private static long sink;

    private PairedBodyHash() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 21;
        ThreadMXBean clock = ManagementFactory.getThreadMXBean();
        BodyHash crc = (b, n) -> {
            CRC32C c = new CRC32C();
            c.update(b, 0, n);
            return c.getValue() | (long) n << 32;
        };
        BodyHash[] rows = {crc, BodyHash.DEFAULT};
        System.out.println("| body | CRC-32C ns (median [q1, q3]) | keyed hash ns | keyed / CRC-32C (mean ± 95%) |");
        System.out.println("|---:|---:|---:|---:|");
        for (int size : SIZES) {
            byte[] body = new byte[size];
            SplittableRandom random = new SplittableRandom(size);
            for (int i = 0; i < size; i++) {
                body[i] = (byte) (' ' + random.nextInt(95));
            }
            int batch = Math.max(3, 20_000_000 / size);
            double[][] ns = new double[rows.length][rounds];
            for (int warm = 0; warm < 5; warm++) {
                for (BodyHash h : rows) {
                    run(h, body, batch);
                }
            }
            for (int round = 0; round < rounds; round++) {
                for (int k = 0; k < rows.length; k++) {
                    int row = (k + round) % rows.length;
                    long start = clock.getCurrentThreadCpuTime();
                    run(rows[row], body, batch);
                    ns[row][round] = (clock.getCurrentThreadCpuTime() - start) / (double) batch;
                }
            }
            double[] ratio = new double[rounds];
            Arrays.setAll(ratio, r -> ns[1][r] / ns[0][r]);
            DescriptiveStatistics s = new DescriptiveStatistics(ratio);
            System.out.printf(Locale.ROOT, "| %,d B | %s | %s | %.2f ± %.2f |%n", size, quartiles(ns[0]), quartiles(ns[1]),
                    s.getMean(), 1.96 * s.getStandardDeviation() / Math.sqrt(rounds));
        }
        System.out.println(sink == 42 ? "" : " "); // keeps the hashes alive
    }

    private static void run(BodyHash hash, byte[] body, int times) {
        for (int i = 0; i < times; i++) {
            sink += hash.hash(body, body.length);
        }
    }

    private static String quartiles(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return String.format(Locale.ROOT, "%,.0f [%,.0f, %,.0f]", v[v.length / 2], v[v.length / 4], v[v.length * 3 / 4]);
    }
}
