package dev.restcompress.bench.interceptor;

import com.sun.management.OperatingSystemMXBean;
import com.sun.management.ThreadMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.text.ParseException;
import java.util.Arrays;
import java.util.List;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;

/**
 * Rounds of back-to-back batches of every row in one JVM, each timed on this thread's CPU clock (not counting time
 * descheduled), the process's (counting the collector's threads) and the thread's allocation counter.
 */
final class CpuClock {
    private static final ThreadMXBean THREAD = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean PROCESS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /**
     * Rows warmed for {@code warmNs} of CPU before batches are sized (on a cold path they read 3-30x slow); batches
     * of about {@code batchMs} of row 1, the slowest; {@code rotate}: the row order shifts each round.
     */
    record Schedule(long warmNs, int warmRuns, long probeNs, int batchMs, int warmRounds, int rounds, boolean rotate) {}

    /** Per row and recorded round, ns per request on each clock; per row, bytes allocated per request. */
    record Rounds(double[][] threadNs, double[][] processNs, double[] bytes, int batch) {}

    private CpuClock() {}

    /** Row {@code jfrRow} (none when -1) runs each batch under a JFR recording. */
    static Rounds measure(Schedule s, List<Runnable> rows, int jfrRow) {
        int n = rows.size();
        for (Runnable row : rows) {
            runFor(row, s.warmNs(), s.warmRuns());
        }
        long probeStart = threadNs();
        int probed = runFor(rows.get(1), s.probeNs(), 10_000);
        int batch = (int) Math.max(1, Math.min(100_000, s.batchMs() * 1e6 * probed / (threadNs() - probeStart)));
        double[][] threadNs = new double[n][s.rounds()];
        double[][] processNs = new double[n][s.rounds()];
        long[] allocated = new long[n];
        for (int round = -s.warmRounds(); round < s.rounds(); round++) { // negative rounds warm up
            for (int r = 0; r < n; r++) {
                int row = s.rotate() ? (r + Math.max(0, round)) % n : r;
                Recording recording = row == jfrRow ? startRecording() : null;
                long bytes = THREAD.getCurrentThreadAllocatedBytes();
                long p = PROCESS.getProcessCpuTime();
                long t = threadNs();
                for (int i = 0; i < batch; i++) {
                    rows.get(row).run();
                }
                if (round >= 0) {
                    threadNs[row][round] = (threadNs() - t) / (double) batch;
                    processNs[row][round] = (PROCESS.getProcessCpuTime() - p) / (double) batch;
                    allocated[row] += THREAD.getCurrentThreadAllocatedBytes() - bytes;
                }
                if (recording != null) {
                    recording.close(); // stops it; nothing is written
                }
            }
        }
        double requests = (double) s.rounds() * batch;
        double[] bytes = Arrays.stream(allocated).mapToDouble(b -> b / requests).toArray();
        return new Rounds(threadNs, processNs, bytes, batch);
    }

    private static long threadNs() {
        return THREAD.getCurrentThreadCpuTime();
    }

    /** How often {@code task} ran in about {@code ns} of this thread's CPU time, at most {@code maxRuns}. */
    private static int runFor(Runnable task, long ns, int maxRuns) {
        long start = threadNs();
        int n = 0;
        for (; n < maxRuns && threadNs() - start < ns; n++) {
            task.run();
        }
        return n;
    }

    /** A JFR recording as the peers suite's {@code ours-jfr} runs one: JDK default settings. */
    private static Recording startRecording() {
        try {
            Recording r = new Recording(Configuration.getConfiguration("default"));
            r.setToDisk(false);
            r.start();
            return r;
        } catch (IOException | ParseException e) {
            throw new IllegalStateException("the JDK's default JFR configuration is unreadable", e);
        }
    }

    /** The element at rank {@code round(q * (n - 1))} of the sorted values. */
    static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.round(q * (sorted.length - 1))];
    }
}
