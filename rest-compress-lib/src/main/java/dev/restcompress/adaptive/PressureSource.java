package dev.restcompress.adaptive;

/**
 * A signal of CPU pressure, sampled at a fixed period by one thread ({@link PressureMonitor}). The
 * default is {@link ProcessCpuPressure}; an application may plug in another (for example the CPU
 * quota use its orchestrator reports) with the setting
 * {@link dev.restcompress.config.AdaptiveSettings#PRESSURE_SOURCE}. Called from one thread only, so
 * an implementation may keep state between samples without synchronization.
 */
@FunctionalInterface
public interface PressureSource {
    /**
     * The load since the previous sample as a fraction of the capacity (0 idle, 1 saturated; values
     * above 1 count as 1), or {@link Double#NaN} when unknown (the sample is then ignored).
     */
    double sample();
}
