package dev.restcompress.bench.interceptor;

import dev.restcompress.bench.core.Corpus;
import java.util.Arrays;
import java.util.Locale;
import org.jboss.resteasy.spi.Dispatcher;

/**
 * {@link CacheMissBench}'s rows paired in one JVM, as {@link PairedOverhead} pairs the interceptor's: rounds
 * of back-to-back batches of every row, each batch timed with this thread's CPU clock and with the
 * process's (which also counts the garbage collector's threads: the copies a kept miss makes are
 * garbage, or live data the collector copies, that the thread's clock does not see). Each row's
 * per-round ratio to {@code off} cancels the drift of a shared machine; the ratios' median, quartiles
 * and mean with a 95% interval are printed. Allocation per request is the thread's exact counter.
 *
 * <p>Usage (from the repository root, after {@code mvn -B -o -q package -pl rest-compress-bench -am -DskipTests}):
 * {@code java -cp rest-compress-bench/target/benchmarks.jar dev.restcompress.bench.interceptor.PairedCacheMiss
 * [rounds=30] [batch ms=200] [coding=gzip] [file=catalog-50k.json]}.
 */
public final class PairedCacheMiss {
    static final String[] ROWS = {"off", "first", "second", "same", "copy-off"};

    private PairedCacheMiss() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int batchMs = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        String coding = args.length > 2 ? args[2] : "gzip";
        String file = args.length > 3 ? args[3] : CacheMissBench.FILE;
        byte[] body = Corpus.read(Corpus.dir(), file);
        Runnable[] rows = new Runnable[ROWS.length];
        for (int r = 0; r < ROWS.length; r++) {
            Dispatcher d = CacheMissBench.dispatcher(ROWS[r], body);
            String uri = CacheMissBench.uri(ROWS[r]);
            rows[r] = () -> InMemory.get(d, uri, coding);
        }
        for (Runnable row : rows) { // compiled code first (bounded: at most 20 s of CPU per row)
            CpuClock.runFor(row, 20L * batchMs * 1_000_000L, 20_000);
        }
        int batch = CpuClock.batchSize(rows[1], 100_000_000L, batchMs);
        double[][] threadNs = new double[ROWS.length][rounds];
        double[][] processNs = new double[ROWS.length][rounds];
        long[] allocated = new long[ROWS.length];
        for (int round = -Math.max(2, rounds / 5); round < rounds; round++) { // negative rounds warm up
            for (int r = 0; r < ROWS.length; r++) {
                int row = (r + Math.max(0, round)) % ROWS.length; // rotate the order: no row always follows another
                long bytes = CpuClock.allocatedBytes();
                long p = CpuClock.processNs();
                long t = CpuClock.threadNs();
                for (int i = 0; i < batch; i++) {
                    rows[row].run();
                }
                if (round >= 0) {
                    threadNs[row][round] = (CpuClock.threadNs() - t) / (double) batch;
                    processNs[row][round] = (CpuClock.processNs() - p) / (double) batch;
                    allocated[row] += CpuClock.allocatedBytes() - bytes;
                }
            }
        }
        System.out.printf(Locale.ROOT, "%s, %s, %d B, %d rounds of %d requests per row (%s)%n", file, coding,
                body.length, rounds, batch, System.getProperty("java.version"));
        System.out.println("| row | thread CPU us/req (median) | ratio to off, thread CPU: median [q1, q3]; mean ± 95% "
                + "| process CPU us/req (median) | ratio to off, process CPU: median [q1, q3]; mean ± 95% | B/req allocated |");
        System.out.println("|---|---:|---|---:|---|---:|");
        for (int r = 0; r < ROWS.length; r++) {
            System.out.printf(Locale.ROOT, "| %s | %.1f | %s | %.1f | %s | %.0f |%n", ROWS[r],
                    CpuClock.quantile(threadNs[r], 0.5) / 1000, ratio(threadNs[r], threadNs[0]),
                    CpuClock.quantile(processNs[r], 0.5) / 1000, ratio(processNs[r], processNs[0]),
                    allocated[r] / ((double) rounds * batch));
        }
    }

    /** Per-round {@code a / b}: median [quartiles]; mean ± 1.96 standard errors. */
    static String ratio(double[] a, double[] b) {
        double[] q = new double[a.length];
        Arrays.setAll(q, i -> a[i] / b[i]);
        double mean = Arrays.stream(q).reduce(0, Double::sum) / q.length;
        double ss = Arrays.stream(q).map(x -> (x - mean) * (x - mean)).reduce(0, Double::sum);
        double half = 1.96 * Math.sqrt(ss / Math.max(1, q.length - 1) / q.length);
        return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]; %.3f ± %.3f", CpuClock.quantile(q, 0.5),
                CpuClock.quantile(q, 0.25), CpuClock.quantile(q, 0.75), mean, half);
    }
}
