package dev.restcompress.adaptive;

/**
 * An opt-in pressure signal that sees queueing rather than CPU use
 * ({@code rest-compress.adaptive.pressure-source=dev.restcompress.adaptive.RunQueueWaitPressure}): the
 * number of this process's threads that were runnable but waiting for a CPU, on average over the period
 * and per available processor (Linux {@code /proc/self/task/<tid>/schedstat}, second field), scaled so
 * that {@value #WAITING_PER_CORE_AT_SATURATION} waiting threads per core is 1.0 (so the default high mark,
 * 85%, is 3.4 waiting threads per core and the low mark, 50%, is 2).
 *
 * <p>Why: the process CPU share is not headroom. In one run of the bench's overload suite the
 * fixed level-6 server used 0.8-1.0 of its pinned core at half its measured capacity, because at a
 * spread-out arrival rate every request is its own wake-up, and used the same at twice the capacity; the
 * summed run-queue wait was 0.3-1.7 threads at half the capacity and 7-13 at twice it. The scale
 * ({@value #WAITING_PER_CORE_AT_SATURATION}) comes from that one run on a shared 2-core machine: a
 * starting point to be measured elsewhere, hence opt-in.
 *
 * <p>Without a CPU share the adaptive step above cannot be predicted from codec costs (they are in CPU
 * units), so relief is the smoothed signal at or below the low mark. Cost: one small file read per
 * thread per sample (see {@link RunQueuePressure}). Elsewhere than Linux every sample is NaN (the level
 * never adapts). Not thread-safe: one sampler thread.
 */
public final class RunQueueWaitPressure implements PressureSource {
    /** Average waiting threads per available processor that count as saturation (load 1.0). */
    public static final double WAITING_PER_CORE_AT_SATURATION = 4;

    private final CounterPeriod waits = new CounterPeriod();

    /** The scaled run-queue wait since the previous call; NaN on the first call or without /proc. */
    @Override
    public double sample() {
        if (!waits.next(RunQueuePressure.totalWaitNanos())) {
            return Double.NaN; // no /proc, the first call, or threads that ended took their totals with them
        }
        return load(waits.grew, waits.wall, waits.processors);
    }

    /** Waiting thread-nanoseconds over {@code wallNanos} on {@code processors} cores, scaled, in [0, 1]. */
    static double load(long waitNanos, long wallNanos, int processors) {
        double waitingPerCore = (double) waitNanos / ((double) wallNanos * processors);
        return Math.max(0, Math.min(1, waitingPerCore / WAITING_PER_CORE_AT_SATURATION));
    }
}
