package dev.restcompress.adaptive;

import dev.restcompress.config.AdaptiveSettings;

/**
 * The adaptive step and the state that moves it, as a value: a pure function of the previous state
 * and one sample. Step 0 is "as configured"; each step is cheaper (see {@link AdaptivePolicy}).
 *
 * <p>Down is fast and up is careful, on different signals:
 * <ul>
 *   <li><b>Pressure</b>: a raw sample at or above the high threshold. {@code dwellDown} of them in a row
 *       move one step down (cheaper), and so does a single <b>saturated</b> sample (at or above
 *       {@code saturatedPercent}): every core was busy the whole period, so the excess demand is unknown
 *       and each period spent at this step queues it, while a sample between the two marks leaves
 *       headroom and may be a lone spike.</li>
 *   <li><b>Relief</b> is judged on the load smoothed over about a second (an exponentially weighted
 *       mean, window {@code smoothing-ms}), because one period's sample is noisy: a server whose mean
 *       load sits at a threshold sees samples on both sides of it, and a rule that needs
 *       {@code dwellUp} raw samples in a row below it almost never moves. When the cost of the step above
 *       is known ({@code above}: the load the last period would have had one step up, predicted from
 *       what the codecs cost at both levels), relief is "the smoothed prediction stays below the high
 *       threshold": the level returns whenever it would not be pressure up there, and never when it would
 *       (no flapping at capacity). When it is not known (statistics off, a coding switch, a step whose
 *       level above was never measured), relief is "the smoothed load is at or below the low threshold",
 *       whose wide gap to the high one covers the largest cost change of one step.
 *       {@code dwellUp} relief samples in a row move one step up. A raw pressure sample counts towards
 *       the pressure run without breaking the relief run when the smoothed signal still says relief
 *       (a lone spike from a collection or a burst barely moves the smoothed load; resetting on it kept
 *       a server at 70% with periodic spikes a step down in the overload bench), but the step never
 *       moves up on a pressure sample.</li>
 *   <li>Any other sample resets both runs. After a move both runs and the smoothed values start again:
 *       the load of the old step says little about the new one, and two moves are at least a dwell
 *       apart.</li>
 * </ul>
 * Immutable.
 *
 * @param step the current step, 0 (as configured) to the policy's deepest step
 * @param pressureRun consecutive pressure samples since the last move
 * @param reliefRun consecutive relief samples since the last move
 * @param smoothedLoad the smoothed load since the last move, NaN before its first sample
 * @param smoothedAbove the smoothed predicted load one step up, NaN when unknown
 */
public record Hysteresis(int step, int pressureRun, int reliefRun, double smoothedLoad, double smoothedAbove) {
    /** No pressure seen yet. */
    public static final Hysteresis START = new Hysteresis(0, 0, 0);

    /** A state with no smoothed history (as right after a move). */
    public Hysteresis(int step, int pressureRun, int reliefRun) {
        this(step, pressureRun, reliefRun, Double.NaN, Double.NaN);
    }

    /** The state after one sample whose step-up cost is not known: {@link #next(double, double, AdaptiveSettings, int)}. */
    public Hysteresis next(double load, AdaptiveSettings settings, int maxStep) {
        return next(load, Double.NaN, settings, maxStep);
    }

    /**
     * The state after one sample.
     *
     * @param load the sample: fraction of capacity in use, NaN (ignored: the state stays)
     * @param above the load the same period would have had one step up (NaN when unknown, always at step 0)
     * @param settings thresholds, dwells, smoothing
     * @param maxStep the deepest step allowed
     */
    public Hysteresis next(double load, double above, AdaptiveSettings settings, int maxStep) {
        if (Double.isNaN(load)) {
            return this;
        }
        double weight = settings.smoothingWeight();
        double smoothed = smooth(smoothedLoad, load, weight);
        double smoothedUp = step == 0 || Double.isNaN(above) ? Double.NaN : smooth(smoothedAbove, above, weight);
        boolean relief = Double.isNaN(smoothedUp) ? smoothed * 100 <= settings.lowPercent()
                : smoothedUp * 100 < settings.highPercent();
        if (load * 100 >= settings.highPercent()) {
            int run = pressureRun + 1;
            boolean saturated = load * 100 >= settings.saturatedPercent();
            if ((run >= settings.dwellDown() || saturated) && step < maxStep) {
                return new Hysteresis(step + 1, 0, 0);
            }
            // A lone spike (a GC, a burst) does not undo a second of relief on the smoothed signal; it
            // only delays the move: never up on a pressure sample.
            int reliefKept = relief ? Math.min(reliefRun + 1, settings.dwellUp() - 1) : 0;
            return new Hysteresis(step, Math.min(run, settings.dwellDown()), reliefKept, smoothed, smoothedUp);
        }
        if (relief) {
            int run = reliefRun + 1;
            if (run >= settings.dwellUp() && step > 0) {
                return new Hysteresis(step - 1, 0, 0);
            }
            return new Hysteresis(step, 0, Math.min(run, settings.dwellUp()), smoothed, smoothedUp);
        }
        return new Hysteresis(step, 0, 0, smoothed, smoothedUp);
    }

    /** One step of an exponentially weighted mean; the first sample seeds it. */
    private static double smooth(double mean, double sample, double weight) {
        return Double.isNaN(mean) ? sample : mean + weight * (sample - mean);
    }
}
