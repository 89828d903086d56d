package dev.restcompress.bench.interceptor;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.interceptor.CpuClock.Rounds;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.jboss.resteasy.spi.Dispatcher;

/**
 * {@link CacheMissBench}'s rows paired in one JVM ({@link CpuClock}), printing each row's per-round ratio to
 * {@code off}; the process clock matters here: a kept miss's copies are work for the collector's threads. Arguments
 * (docs/caching.md): [rounds=30] [batch ms=200] [coding=gzip].
 */
public final class PairedCacheMiss {
    private static final List<String> ROWS = List.of("off", "first", "second", "pass", "same", "copy-off");

    private PairedCacheMiss() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int batchMs = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        String coding = args.length > 2 ? args[2] : "gzip";
        byte[] body = Corpus.read(Corpus.dir(), CacheMissBench.FILE);
        List<Runnable> rows = ROWS.stream().<Runnable>map(row -> {
            Dispatcher d = CacheMissBench.dispatcher(row, body);
            String uri = CacheMissBench.uri(row);
            return () -> InMemory.get(d, uri, coding);
        }).toList();
        // Warm-up bounded: at most 20 s of CPU per row.
        Rounds m = CpuClock.measure(new CpuClock.Schedule(20L * batchMs * 1_000_000L, 20_000, 100_000_000L, batchMs,
                Math.max(2, rounds / 5), rounds, true), rows, -1);
        System.out.printf(Locale.ROOT, "%s, %s, %d B, %d rounds of %d requests per row (%s)%n", CacheMissBench.FILE,
                coding, body.length, rounds, m.batch(), System.getProperty("java.version"));
        System.out.println("| row | thread CPU us/req (median) | ratio to off, thread CPU: median [q1, q3]; mean ± 95% "
                + "| process CPU us/req (median) | ratio to off, process CPU: median [q1, q3]; mean ± 95% "
                + "| B/req allocated |");
        System.out.println("|---|---:|---|---:|---|---:|");
        double[][] thread = m.threadNs();
        double[][] process = m.processNs();
        for (int r = 0; r < ROWS.size(); r++) {
            System.out.printf(Locale.ROOT, "| %s | %.1f | %s | %.1f | %s | %.0f |%n", ROWS.get(r),
                    CpuClock.quantile(thread[r], 0.5) / 1000, ratio(thread[r], thread[0]),
                    CpuClock.quantile(process[r], 0.5) / 1000, ratio(process[r], process[0]), m.bytes()[r]);
        }
    }

    /** Per-round {@code a / b}: median [quartiles]; mean ± 1.96 standard errors. */
    static String ratio(double[] a, double[] b) {
        double[] q = new double[a.length];
        Arrays.setAll(q, i -> a[i] / b[i]);
        DescriptiveStatistics s = new DescriptiveStatistics(q);
        return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]; %.3f ± %.3f", CpuClock.quantile(q, 0.5),
                CpuClock.quantile(q, 0.25), CpuClock.quantile(q, 0.75), s.getMean(),
                1.96 * s.getStandardDeviation() / Math.sqrt(q.length));
    }
}
