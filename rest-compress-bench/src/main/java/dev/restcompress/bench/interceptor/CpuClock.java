package dev.restcompress.bench.interceptor;

import com.sun.management.OperatingSystemMXBean;
import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * What the paired measurements read: this thread's CPU clock (time descheduled by other processes is not
 * counted) and exact allocation counter, and the process's CPU clock (which also counts the garbage
 * collector's threads).
 */
final class CpuClock {
    private static final ThreadMXBean THREAD = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean PROCESS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private CpuClock() {
    }

    static long threadNs() {
        return THREAD.getCurrentThreadCpuTime();
    }

    static long processNs() {
        return PROCESS.getProcessCpuTime();
    }

    static long allocatedBytes() {
        return THREAD.getCurrentThreadAllocatedBytes();
    }

    /** Runs {@code task} for about {@code ns} of this thread's CPU time, at most {@code maxRuns} times: how often. */
    static int runFor(Runnable task, long ns, int maxRuns) {
        long start = threadNs();
        int n = 0;
        for (; n < maxRuns && threadNs() - start < ns; n++) {
            task.run();
        }
        return n;
    }

    /**
     * Runs per batch so that one batch of {@code slowest} takes about {@code batchMs}, from its mean over at most
     * {@code probeNs} (and 10,000 runs); between 1 and 100,000.
     */
    static int batchSize(Runnable slowest, long probeNs, int batchMs) {
        long start = threadNs();
        int n = runFor(slowest, probeNs, 10_000);
        return (int) Math.max(1, Math.min(100_000, batchMs * 1e6 * n / (threadNs() - start)));
    }

    /** The element at rank {@code round(q * (n - 1))} of the sorted values. */
    static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.round(q * (sorted.length - 1))];
    }
}
