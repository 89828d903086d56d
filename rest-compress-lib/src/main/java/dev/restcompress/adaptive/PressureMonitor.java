package dev.restcompress.adaptive;

import dev.restcompress.io.FlightRecorder;
import dev.restcompress.config.AdaptiveSettings;
import java.lang.ref.WeakReference;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * The adaptive step of one application: one daemon thread samples a {@link PressureSource} every
 * period, moves the {@link Hysteresis} and publishes the step in a volatile field. The request path
 * calls {@link #step()}: one volatile read (and, once per period, one volatile write), no lock, no
 * allocation.
 *
 * <p>Life cycle: the thread starts with the first response that asks for the step and ends by itself
 * after {@link #IDLE_MILLIS} without any (the step then returns to 0), or when the application that
 * owns the monitor is garbage collected (the thread holds it weakly: JAX-RS has no stop hook), or on
 * {@link #close()}. A later response starts it again. Thread-safe.
 */
public final class PressureMonitor implements AutoCloseable {
    /** The sampler stops after this long without a response asking for the step. */
    public static final long IDLE_MILLIS = 5_000;
    private static final System.Logger LOG = System.getLogger(PressureMonitor.class.getName());

    private final AdaptiveSettings settings;
    private final PressureSource source;
    private final int maxStep;
    private final long idleMillis;
    private final AtomicBoolean running = new AtomicBoolean();
    private volatile int step;
    private volatile double lastLoad = Double.NaN;
    private volatile boolean used;
    private volatile boolean closed;
    private volatile Thread thread;
    private volatile StepCost stepCost;
    /** Touched by the sampler thread only. */
    private Hysteresis state = Hysteresis.START;

    /**
     * @param settings thresholds, dwells and period
     * @param source the signal; called from the sampler thread only
     */
    public PressureMonitor(AdaptiveSettings settings, PressureSource source) {
        this(settings, source, IDLE_MILLIS);
    }

    /** Same, stopping after {@code idleMillis} without use (tests). */
    PressureMonitor(AdaptiveSettings settings, PressureSource source, long idleMillis) {
        this.idleMillis = idleMillis;
        this.settings = settings;
        this.source = source;
        this.maxStep = AdaptivePolicy.maxStep(settings);
    }

    /**
     * The source the settings name: the configured {@link PressureSource} (an instance, or a class
     * name), else {@link ProcessCpuPressure}.
     *
     * @throws IllegalArgumentException when the configured value is neither
     */
    public static PressureSource sourceFor(AdaptiveSettings settings) {
        Object configured = settings.pressureSource();
        if (configured == null) {
            ProcessCpuPressure cpu = new ProcessCpuPressure();
            if (settings.enabled() && !cpu.available()) {
                LOG.log(System.Logger.Level.WARNING, "rest-compress: " + AdaptiveSettings.ADAPTIVE
                        + " is on but this JVM does not report process CPU time: the level will not adapt");
            }
            return cpu;
        }
        if (configured instanceof PressureSource s) {
            return s;
        }
        String name = configured.toString().trim();
        try {
            Object o = Class.forName(name, true, Thread.currentThread().getContextClassLoader())
                    .getConstructor().newInstance();
            if (o instanceof PressureSource s) {
                return s;
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new IllegalArgumentException(AdaptiveSettings.PRESSURE_SOURCE + " must name a class implementing "
                    + PressureSource.class.getName() + " with a public no-argument constructor, was '" + name
                    + "': " + e, e);
        }
        throw new IllegalArgumentException(AdaptiveSettings.PRESSURE_SOURCE + " must implement "
                + PressureSource.class.getName() + ", was " + configured.getClass().getName());
    }

    /** The current step (0: as configured), starting the sampler if it is not running. */
    public int step() {
        if (!used) {
            used = true;
            if (!closed && running.compareAndSet(false, true)) {
                start();
            }
        }
        return step;
    }

    /**
     * Predicts the cost of the step above from now on (the statistics' codec measurements), so that the
     * step returns as soon as the step above would not be pressure; without it the step returns when
     * the smoothed load falls to the low threshold. Only for a source whose unit is the share of the
     * available processors this process uses ({@link ProcessCpuPressure}, {@link RunQueuePressure}),
     * which is the unit of the prediction; with another source the call is ignored.
     */
    public void costsFrom(StepCost cost) {
        if (source instanceof ProcessCpuPressure || source instanceof RunQueuePressure) {
            this.stepCost = cost;
        }
    }

    /** Whether the step above is predicted ({@link #costsFrom} took effect). */
    public boolean predictsStepCost() {
        return stepCost != null;
    }

    /** The current step, without starting anything (for statistics). */
    public int currentStep() {
        return step;
    }

    /** The last sample (fraction of capacity), NaN before the first or when unknown. */
    public double lastLoad() {
        return lastLoad;
    }

    /** Whether the sampler thread is running. */
    public boolean sampling() {
        return running.get();
    }

    /** The running sampler thread, or {@code null} (tests). */
    Thread samplerThread() {
        return thread;
    }

    /** The deepest step these settings allow. */
    public int maxStep() {
        return maxStep;
    }

    /** Stops the sampler for good (the step returns to 0 and stays there). Idempotent. */
    @Override
    public void close() {
        closed = true;
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    private void start() {
        Thread t = new Thread(new Sampler(this, source, settings.periodMillis(), idleMillis), "rest-compress-pressure");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /** One sample: moves the state and publishes the step. Sampler thread only. */
    private void onSample(double load) {
        lastLoad = load;
        StepCost cost = stepCost;
        // Called every period, also at step 0, so that its per-period deltas stay one period long.
        double extra = Double.NaN;
        if (cost != null) {
            try {
                extra = cost.extraLoadAbove(state.step());
            } catch (RuntimeException e) { // a prediction is optional: without it relief falls back to the low mark
                LOG.log(System.Logger.Level.WARNING, "rest-compress: the step cost failed; ignoring it: " + e);
            }
        }
        Hysteresis next = state.next(load, load + extra, settings, maxStep);
        if (next.step() != state.step()) {
            if (FlightRecorder.AVAILABLE) {
                AdaptiveStepEvent.emit(state.step(), next.step(), load);
            }
            LOG.log(System.Logger.Level.DEBUG, "rest-compress: adaptive step {0} -> {1} at load {2}", state.step(),
                    next.step(), load);
        }
        state = next;
        step = next.step();
    }

    /**
     * Whether the sampler should stop now after {@code idleSamples} samples without use; resets the use
     * flag otherwise. On stop the step returns to 0. Sampler thread only.
     */
    private boolean stopIfIdle(int idleSamples, int idleLimit) {
        if (!closed && idleSamples < idleLimit) {
            return false;
        }
        state = Hysteresis.START;
        step = 0;
        thread = null;
        running.set(false);
        // A response may have come in between the idle check and the flag: if it did not start a
        // sampler itself, this one carries on.
        if (!closed && used && running.compareAndSet(false, true)) {
            thread = Thread.currentThread();
            return false;
        }
        return true;
    }

    /** The sampling loop; holds the monitor weakly so that it never keeps an application alive. */
    private static final class Sampler implements Runnable {
        private final WeakReference<PressureMonitor> monitor;
        private final PressureSource source;
        private final long periodNanos;
        private final int idleLimit;
        private int idle;

        Sampler(PressureMonitor monitor, PressureSource source, int periodMillis, long idleMillis) {
            this.monitor = new WeakReference<>(monitor);
            this.source = source;
            this.periodNanos = TimeUnit.MILLISECONDS.toNanos(periodMillis);
            this.idleLimit = (int) Math.max(1, idleMillis / periodMillis);
        }

        @Override
        public void run() {
            // The monitor is only ever held inside sampleOnce: a parked sampler must not keep it alive.
            // No priming sample: a source's first sample is NaN (no period yet), which the state ignores.
            while (true) {
                LockSupport.parkNanos(periodNanos);
                if (!sampleOnce()) {
                    return;
                }
            }
        }

        /** One period's work; false when the sampler should end. */
        private boolean sampleOnce() {
            PressureMonitor m = monitor.get();
            if (m == null) {
                return false;
            }
            if (m.closed) {
                m.stopIfIdle(idle, idleLimit);
                return false;
            }
            double load;
            try {
                load = source.sample();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "rest-compress: the pressure source failed; ignoring "
                        + "this sample: " + e);
                load = Double.NaN;
            }
            m.onSample(load);
            if (m.used) {
                m.used = false;
                idle = 0;
            } else if (m.stopIfIdle(++idle, idleLimit)) {
                return false;
            } else if (idle >= idleLimit) {
                idle = 0; // a response arrived while stopping: carry on
            }
            return true;
        }
    }

}
