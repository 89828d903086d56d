package dev.restcompress.bench.load;

import dev.restcompress.bench.server.ServerProcess;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * Runs the threads of one load step and measures the CPU time both processes spent in its measured
 * window: the server child's (from /proc, through {@link ServerProcess#cpuNanos}) and this JVM's.
 */
public final class StepThreads {
    private StepThreads() {
    }

    /**
     * CPU nanoseconds over the measured window; -1 where unknown.
     *
     * @param serverIoNanos the part of {@code serverNanos} spent by the server's I/O threads
     *        ({@link ServerProcess#ioThreadCpuNanos})
     */
    public record Cpu(long serverNanos, long serverIoNanos, long clientNanos) {
        /** Microseconds per request, NaN when unknown or no request. */
        double serverUsPer(long requests) {
            return perRequest(serverNanos, requests);
        }

        double serverIoUsPer(long requests) {
            return perRequest(serverIoNanos, requests);
        }

        private static double perRequest(long nanos, long requests) {
            return nanos < 0 || requests == 0 ? Double.NaN : nanos / 1e3 / requests;
        }

        double clientUsPer(long requests) {
            return clientNanos < 0 || requests == 0 ? Double.NaN : clientNanos / 1e3 / requests;
        }
    }

    /**
     * Starts {@code count} daemon threads running {@code body.apply(i)} and waits for them: each is
     * expected to stop at {@code measureTo} plus at most one request, which {@code timeoutMs} bounds.
     *
     * @param server the server child whose CPU time to measure, or null
     */
    public static Cpu run(int count, String name, IntFunction<Runnable> body, long measureFrom, long measureTo,
            int timeoutMs, ServerProcess server) throws InterruptedException {
        long[] before = {-1, -1, -1};
        Thread mark = new Thread(() -> {
            sleepUntil(measureFrom);
            before[0] = server == null ? -1 : server.cpuNanos();
            before[1] = processCpuNanos();
            before[2] = server == null ? -1 : server.ioThreadCpuNanos();
        }, name + "-cpu-mark");
        mark.start();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Thread th = new Thread(body.apply(i), name + "-" + i);
            th.setDaemon(true);
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            long waitMs = Math.max(1, TimeUnit.NANOSECONDS.toMillis(measureTo - System.nanoTime())) + 2L * timeoutMs;
            th.join(waitMs);
        }
        mark.join();
        long serverAfter = server == null ? -1 : server.cpuNanos();
        long clientAfter = processCpuNanos();
        long ioAfter = server == null ? -1 : server.ioThreadCpuNanos();
        return new Cpu(difference(serverAfter, before[0]), difference(ioAfter, before[2]),
                difference(clientAfter, before[1]));
    }

    private static long difference(long after, long before) {
        return after < 0 || before < 0 ? -1 : after - before;
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    public static void sleepUntil(long nanoTime) {
        long ms;
        while ((ms = TimeUnit.NANOSECONDS.toMillis(nanoTime - System.nanoTime())) > 0) {
            try {
                Thread.sleep(Math.min(ms, 1000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
