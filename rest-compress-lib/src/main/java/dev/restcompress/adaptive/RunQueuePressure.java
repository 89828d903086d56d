package dev.restcompress.adaptive;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An opt-in pressure signal for servers that share their cores
 * ({@code rest-compress.adaptive.pressure-source=dev.restcompress.adaptive.RunQueuePressure}): the
 * larger of {@link ProcessCpuPressure}'s CPU share and the share of time this process's threads spent
 * runnable but waiting for a CPU (Linux {@code /proc/self/task/<tid>/schedstat}, second field), per
 * available processor.
 *
 * <p>Why: the process CPU share cannot see starvation. When other processes hold the cores, this
 * process may use only half a core while its requests queue for seconds (seen with the bench's overload
 * suite on a shared machine: the default signal never reached 85% and never stepped down). Time spent on the run queue is exactly "our work is waiting for a CPU", whoever holds it, and
 * cheaper compression shortens it.
 *
 * <p>Cost: one small file read per thread per sample: 3.8-5.7 ms of the sampler's CPU per sample with
 * 55 threads on the project's loaded 2-core machine (first samples, before JIT compilation), so use a
 * longer period with it ({@code rest-compress.adaptive.period-ms=250} or more). On that machine, with
 * 4 busy threads, the CPU share read 0.17-0.41 while this signal read 1.0: the starvation it is for.
 * Not yet measured by the overload bench; hence opt-in. Elsewhere than Linux every sample falls back
 * to the CPU share. Not thread-safe: one sampler thread.
 */
public final class RunQueuePressure implements PressureSource {
    private static final Path TASKS = Path.of("/proc/self/task");

    private final ProcessCpuPressure cpu = new ProcessCpuPressure();
    private final CounterPeriod waits = new CounterPeriod();

    /** The larger of the CPU share and the run-queue wait share since the previous call (NaN at first). */
    @Override
    public double sample() {
        double cpuShare = cpu.sample();
        if (!waits.next(totalWaitNanos())) {
            return cpuShare; // no /proc, the first call, or threads that ended took their totals with them
        }
        double waitShare = ProcessCpuPressure.load(waits.grew, waits.wall, waits.processors);
        return Double.isNaN(cpuShare) ? waitShare : Math.max(cpuShare, waitShare);
    }

    /** Nanoseconds every live thread of this process has spent waiting on a run queue, or -1. */
    static long totalWaitNanos() {
        long sum = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    long w = waitNanos(Files.readString(task.resolve("schedstat"), StandardCharsets.US_ASCII));
                    if (w > 0) {
                        sum += w;
                    }
                } catch (IOException ended) {
                    // the thread ended while we listed it
                }
            }
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return -1;
        }
        return sum;
    }

    /** The run-queue wait (second field) of a {@code schedstat} line, or -1 when malformed. */
    static long waitNanos(String schedstat) {
        String[] fields = schedstat.trim().split("\\s+");
        if (fields.length < 2) {
            return -1;
        }
        try {
            return Long.parseLong(fields[1]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
