package dev.restcompress.adaptive;

/**
 * What serving one step up would have cost: the prediction that lets the level return as soon as the
 * step above would not be pressure (see {@link Hysteresis}). Called by the sampler thread once per
 * sample, right after the {@link PressureSource}, so an implementation may keep per-period state
 * without synchronization.
 */
@FunctionalInterface
public interface StepCost {
    /**
     * The load (fraction of the available processors' capacity) that the responses encoded since the
     * previous call would have added had they been encoded one step up from {@code step}; 0 when the step
     * above costs the same; NaN when not known (nothing measured at a level above, or a coding switch).
     */
    double extraLoadAbove(int step);
}
