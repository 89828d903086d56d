package dev.restcompress.adaptive;

/**
 * The last sampling period of a monotonic nanosecond counter (the process's CPU time, its threads'
 * run-queue wait): how much it grew and how much wall time passed since the previous reading. The
 * step every pressure source shares; each scales the two its own way. Not thread-safe: one sampler
 * thread.
 */
final class CounterPeriod {
    /** Processors available to the JVM (honours container CPU quotas and affinity). */
    final int processors = Math.max(1, Runtime.getRuntime().availableProcessors());
    private long lastCount = -1;
    private long lastWall;
    /** Growth of the counter over the last period, valid after {@link #next} returned true. */
    long grew;
    /** Wall nanoseconds of the last period, valid after {@link #next} returned true. */
    long wall;

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
        return true;
    }
}
