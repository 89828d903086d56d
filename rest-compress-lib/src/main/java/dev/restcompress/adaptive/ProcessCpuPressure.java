package dev.restcompress.adaptive;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * The default pressure signal: the CPU time this process used since the previous sample, divided by
 * the wall time elapsed times the processors available to the JVM (which honours container CPU
 * quotas). 1.0 means every available core was busy in this process for the whole period.
 *
 * <p>Why this signal: it is what compression competes for, it costs one call per sample (the
 * process CPU clock, no per-request work), and unlike the operating system's load average or
 * {@code getProcessCpuLoad()} it covers exactly the sampling period. It counts all of the process's
 * work, not only compression: when something else saturates the CPU, spending less on compression
 * still gives that work more room. It does not see other processes on the same cores; a server
 * sharing its cores can plug in another {@link PressureSource}.
 *
 * <p>Needs {@code com.sun.management.OperatingSystemMXBean} (HotSpot and OpenJ9 have it); without
 * it every sample is {@link Double#NaN} and adaptation never steps (said once at start-up by
 * {@link PressureMonitor}). Not thread-safe: one sampler thread.
 */
public final class ProcessCpuPressure implements PressureSource {
    private final com.sun.management.OperatingSystemMXBean os;
    private final CounterPeriod period = new CounterPeriod();

    public ProcessCpuPressure() {
        OperatingSystemMXBean bean = ManagementFactory.getOperatingSystemMXBean();
        this.os = bean instanceof com.sun.management.OperatingSystemMXBean s ? s : null;
    }

    /** Whether this JVM reports the process CPU time (otherwise every sample is NaN). */
    public boolean available() {
        return os != null && os.getProcessCpuTime() >= 0;
    }

    /** The load since the previous call; NaN on the first call (no period yet) or when unavailable. */
    @Override
    public double sample() {
        if (os == null) {
            return Double.NaN;
        }
        return period.next(os.getProcessCpuTime()) ? load(period.grew, period.wall, period.processors) : Double.NaN;
    }

    /** CPU nanoseconds over the capacity of {@code processors} cores for {@code wallNanos}, in [0, 1]. */
    static double load(long cpuNanos, long wallNanos, int processors) {
        double l = (double) cpuNanos / ((double) wallNanos * processors);
        return Math.max(0, Math.min(1, l));
    }
}
