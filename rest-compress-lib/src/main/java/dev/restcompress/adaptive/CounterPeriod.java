package dev.restcompress.adaptive;

import java.util.function.IntSupplier;

/**
 * The last sampling period of a monotonic nanosecond counter (the process's CPU time, its threads'
 * run-queue wait): how much it grew and how much wall time passed since the previous reading. The
 * step every pressure source shares; each scales the two its own way. Not thread-safe: one sampler
 * thread.
 */
final class CounterPeriod {
    private final IntSupplier budget;
    /**
     * Processors available to the JVM when the last period ended, valid after {@link #next} returned
     * true. Read at every reading, not once: the budget can change under a running server (a CPU set
     * changed with {@code taskset}, a container's quota resized in place, a pod resized), and a divisor
     * read at start-up would then report a fraction of the true load and never step down. HotSpot's
     * {@code availableProcessors()} asks the kernel for the affinity mask on every call and honours a
     * cgroup CPU quota (cached by the JVM for a few milliseconds): one system call per period.
     */
    int processors = 1;
    private long lastCount = -1;
    private long lastWall;
    /** Growth of the counter over the last period, valid after {@link #next} returned true. */
    long grew;
    /** Wall nanoseconds of the last period, valid after {@link #next} returned true. */
    long wall;

    CounterPeriod() {
        this(() -> Runtime.getRuntime().availableProcessors());
    }

    /** @param budget the processors available now, read at every reading */
    CounterPeriod(IntSupplier budget) {
        this.budget = budget;
    }

    /**
     * Records a reading. False on the first one, when the counter is unavailable (negative), or when
     * it went backwards (threads that ended took their totals with them): no period to report then.
     */
    boolean next(long count) {
        long now = System.nanoTime();
        long previousCount = lastCount;
        long previousWall = lastWall;
        lastCount = count;
        lastWall = now;
        if (count < 0 || previousCount < 0 || count < previousCount || now <= previousWall) {
            return false;
        }
        grew = count - previousCount;
        wall = now - previousWall;
        processors = Math.max(1, budget.getAsInt());
        return true;
    }
}
