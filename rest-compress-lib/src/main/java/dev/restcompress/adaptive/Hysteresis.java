package dev.restcompress.adaptive;

import dev.restcompress.config.AdaptiveSettings;

/**
 * The adaptive step and the state that moves it, as a value: a pure function of the previous state
 * and one pressure sample. Step 0 is "as configured"; each step is cheaper (see
 * {@link AdaptivePolicy}).
 *
 * <p>A sample at or above the high threshold is pressure, one at or below the low threshold is
 * relief, anything between resets both runs. {@code dwellDown} consecutive pressure samples move one
 * step down (cheaper), {@code dwellUp} consecutive relief samples one step back up; after a move both
 * runs start again from zero, so two moves are at least a dwell apart. Two thresholds with a gap and
 * a dwell keep the step from flapping on a noisy signal. Immutable.
 *
 * @param step the current step, 0 (as configured) to the policy's deepest step
 * @param pressureRun consecutive pressure samples since the last move
 * @param reliefRun consecutive relief samples since the last move
 */
public record Hysteresis(int step, int pressureRun, int reliefRun) {
    /** No pressure seen yet. */
    public static final Hysteresis START = new Hysteresis(0, 0, 0);

    /**
     * The state after one sample.
     *
     * @param load the sample: fraction of capacity in use, NaN (ignored: the state stays)
     * @param settings thresholds and dwells
     * @param maxStep the deepest step allowed
     */
    public Hysteresis next(double load, AdaptiveSettings settings, int maxStep) {
        if (Double.isNaN(load)) {
            return this;
        }
        double percent = load * 100;
        if (percent >= settings.highPercent()) {
            int run = pressureRun + 1;
            if (run >= settings.dwellDown() && step < maxStep) {
                return new Hysteresis(step + 1, 0, 0);
            }
            return new Hysteresis(step, Math.min(run, settings.dwellDown()), 0);
        }
        if (percent <= settings.lowPercent()) {
            int run = reliefRun + 1;
            if (run >= settings.dwellUp() && step > 0) {
                return new Hysteresis(step - 1, 0, 0);
            }
            return new Hysteresis(step, 0, Math.min(run, settings.dwellUp()));
        }
        return step == 0 && pressureRun == 0 && reliefRun == 0 ? this : new Hysteresis(step, 0, 0);
    }
}
