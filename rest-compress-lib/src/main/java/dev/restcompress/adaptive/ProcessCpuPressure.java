package dev.restcompress.adaptive;

import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The default pressure signal: the CPU time this process used since the previous sample, divided by
 * the wall time elapsed times the processors available to the JVM at that sample (which honours
 * container CPU quotas and the CPU affinity, both read again at every sample: the budget may change
 * while the server runs). 1.0 means every available core was busy in this process for the whole period.
 *
 * <p>Why this signal: it is what compression competes for, it costs one call per sample (the
 * process CPU clock, no per-request work), and unlike the operating system's load average or
 * {@code getProcessCpuLoad()} it covers exactly the sampling period. It counts all of the process's
 * work, not only compression: when something else saturates the CPU, spending less on compression
 * still gives that work more room. It does not see other processes on the same cores; a server
 * sharing its cores can plug in another {@link PressureSource}.
 *
 * <p>Reads the process CPU time as the {@code ProcessCpuTime} attribute of the platform MBean
 * {@code java.lang:type=OperatingSystem} (HotSpot and OpenJ9 have it), not through the
 * {@code com.sun.management.OperatingSystemMXBean} interface: an application server's module
 * system may hide {@code com.sun.management} from deployments (WildFly does: the deployment failed
 * with {@code NoClassDefFoundError} as soon as the sampler started), while the MBean server is always
 * reachable. The attribute costs a few microseconds per read, once per period. Without it every sample
 * is {@link Double#NaN} and adaptation never steps (said once at start-up by {@link PressureMonitor}).
 * Not thread-safe: one sampler thread.
 */
public final class ProcessCpuPressure implements PressureSource {
    private static final String ATTRIBUTE = "ProcessCpuTime";
    private final MBeanServer server;
    private final ObjectName os;
    private final CounterPeriod period = new CounterPeriod();

    public ProcessCpuPressure() {
        this.server = ManagementFactory.getPlatformMBeanServer();
        this.os = ManagementFactory.getOperatingSystemMXBean().getObjectName();
    }

    /** Whether this JVM reports the process CPU time (otherwise every sample is NaN). */
    public boolean available() {
        return processCpuNanos() >= 0;
    }

    /** The process's CPU time in nanoseconds, or -1 when this JVM does not report it. */
    long processCpuNanos() {
        try {
            return server.getAttribute(os, ATTRIBUTE) instanceof Long nanos ? nanos : -1;
        } catch (JMException | RuntimeException e) {
            return -1;
        }
    }

    /** The load since the previous call; NaN on the first call (no period yet) or when unavailable. */
    @Override
    public double sample() {
        return period.next(processCpuNanos()) ? load(period.grew, period.wall, period.processors) : Double.NaN;
    }

    /** The processors the last period was divided by (for tests and diagnostics). */
    int processors() {
        return period.processors;
    }

    /** CPU nanoseconds over the capacity of {@code processors} cores for {@code wallNanos}, in [0, 1]. */
    static double load(long cpuNanos, long wallNanos, int processors) {
        double l = (double) cpuNanos / ((double) wallNanos * processors);
        return Math.max(0, Math.min(1, l));
    }
}
