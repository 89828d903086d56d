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
 * Shared by the closed-loop ({@link LoadRun}) and open-model ({@link ArrivalRun}) generators.
 */
final class StepThreads {
    private StepThreads() {
    }

    /** CPU nanoseconds over the measured window; -1 where unknown. */
    record Cpu(long serverNanos, long clientNanos) {
        /** Microseconds per request, NaN when unknown or no request. */
        double serverUsPer(long requests) {
            return serverNanos < 0 || requests == 0 ? Double.NaN : serverNanos / 1e3 / requests;
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
    static Cpu run(int count, String name, IntFunction<Runnable> body, long measureFrom, long measureTo,
            int timeoutMs, ServerProcess server) throws InterruptedException {
        long[] before = {-1, -1};
        Thread mark = new Thread(() -> {
            LoadRun.sleepUntil(measureFrom);
            before[0] = server == null ? -1 : server.cpuNanos();
            before[1] = processCpuNanos();
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
        return new Cpu(serverAfter < 0 || before[0] < 0 ? -1 : serverAfter - before[0],
                clientAfter < 0 || before[1] < 0 ? -1 : clientAfter - before[1]);
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
