package dev.restcompress.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.config.AdaptiveSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The policy as pure functions: one line per case, and a simulated clock for the hysteresis. */
class AdaptivePolicyTest {
    static final AdaptiveSettings DEFAULTS = AdaptiveSettings.from(Map.<String, Object>of(AdaptiveSettings.ADAPTIVE, "on")::get);
    static final AdaptiveSettings WITH_IDENTITY = AdaptiveSettings.from(Map.<String, Object>of(
            AdaptiveSettings.ADAPTIVE, "on", AdaptiveSettings.IDENTITY, "true")::get);
    /** gzip 1-6, zstd 1-3, br 1-4, lzf without levels. */
    static final AdaptivePolicy.LevelRange RANGES = c -> switch (c) {
        case "gzip" -> new int[] {1, 6};
        case "zstd" -> new int[] {1, 3};
        case "br" -> new int[] {1, 4};
        default -> new int[] {0, 0};
    };

    /**
     * One sample that completes a dwell (state already has dwell-1 pressure or relief samples), then the
     * choice. Columns: identity allowed, adaptive method, step before, sample (load), negotiated coding,
     * codings the client weighs equally ('|'), expected step, coding, level.
     */
    @ParameterizedTest(name = "{0}/{1} step {2} load {3} {4} of [{5}] -> step {6} {7} {8}")
    @CsvSource(delimiter = ';', value = {
        // no pressure: as configured
        "false; true; 0; 0.10; gzip; gzip|identity; 0; gzip; 6",
        "false; true; 0; 0.70; gzip; gzip; 0; gzip; 6",          // between the thresholds: stays
        // (1) lower level of the same coding first
        "false; true; 0; 0.90; gzip; gzip|lzf|identity; 1; gzip; 3",
        "false; true; 1; 0.95; gzip; gzip|lzf; 2; gzip; 1",
        "false; true; 1; 1.00; zstd; zstd; 2; zstd; 1",
        "false; true; 0; 0.90; br; br; 1; br; 2",
        "false; true; 0; 0.90; lzf; lzf; 1; lzf; 0",
        // (2) then a cheaper coding among those weighed equally
        "false; true; 2; 0.90; gzip; gzip|lzf; 3; lzf; 0",
        "false; true; 2; 0.90; gzip; zstd|lzf|gzip; 3; zstd; 1", // cheapest of the equal ones
        "false; true; 2; 0.90; br; br|gzip; 3; br; 1",           // gzip is dearer than br: keep br
        "false; true; 2; 0.90; gzip; gzip; 3; gzip; 1",          // nothing equal: floor of the same coding
        "false; true; 2; 0.90; gzip; gzip|identity; 3; gzip; 1", // identity not allowed
        "false; true; 2; 0.90; dcz; dcz|lzf; 3; dcz; 0",         // unknown cost: never replaced
        // (3) identity only when allowed and weighed equally
        "false; true; 3; 1.00; gzip; gzip|identity; 3; gzip; 1", // deepest step without identity is 3
        "true; true; 3; 1.00; gzip; gzip|identity; 4; identity; 0",
        "true; true; 3; 1.00; gzip; gzip|lzf; 4; lzf; 0",        // identity weighed lower: not sent
        "true; true; 4; 1.00; gzip; gzip|identity; 4; identity; 0",
        // back up when the pressure falls
        "false; true; 3; 0.10; gzip; gzip|lzf; 2; gzip; 1",
        "false; true; 1; 0.50; gzip; gzip|lzf; 0; gzip; 6",      // the low threshold is inclusive
        "true; true; 4; 0.20; gzip; gzip|lzf|identity; 3; lzf; 0",
        // a method that must stay small keeps coding and level
        "false; false; 2; 0.90; gzip; gzip|lzf; 3; gzip; 6",
        "true; false; 3; 0.90; gzip; gzip|identity; 4; gzip; 6",
    })
    void decides(boolean identity, boolean adaptive, int stepBefore, double load, String negotiated, String equal,
            int step, String coding, int level) {
        AdaptiveSettings s = identity ? WITH_IDENTITY : DEFAULTS;
        Hysteresis before = load * 100 >= s.highPercent() ? new Hysteresis(stepBefore, s.dwellDown() - 1, 0)
                : new Hysteresis(stepBefore, 0, s.dwellUp() - 1);
        AdaptivePolicy.Decision d = AdaptivePolicy.decide(load, before, s, negotiated,
                Arrays.asList(equal.split("\\|")), RANGES, adaptive);
        assertEquals(step, d.state().step(), "step");
        assertEquals(coding, d.coding(), "coding");
        assertEquals(level, d.level(), "level");
    }

    @ParameterizedTest
    @CsvSource({"0,1,6,6", "1,1,6,3", "2,1,6,1", "3,1,6,1", "4,1,6,1", "1,1,3,2", "1,1,4,2", "1,1,12,6", "1,1,1,1",
        "2,4,4,4", "1,0,0,0"})
    void levelPerStep(int step, int floor, int ceiling, int expected) {
        assertEquals(expected, AdaptivePolicy.level(step, floor, ceiling));
    }

    @Test
    void belowSaturationDwellDownPressureSamplesInARowMoveOneStep() {
        assertEquals(3, DEFAULTS.dwellDown(), "the default");
        Hysteresis h = Hysteresis.START.next(0.9, DEFAULTS, AdaptivePolicy.MAX_STEP);
        assertEquals(0, h.step());
        assertEquals(1, h.pressureRun());
        Hysteresis between = h.next(0.7, DEFAULTS, AdaptivePolicy.MAX_STEP);
        assertEquals(0, between.pressureRun(), "a sample between the thresholds breaks the run");
        assertEquals(0, between.step());
        assertEquals(h, h.next(Double.NaN, DEFAULTS, AdaptivePolicy.MAX_STEP), "unknown samples are ignored");
        assertEquals(1, h.next(0.9, DEFAULTS, AdaptivePolicy.MAX_STEP).next(0.9, DEFAULTS, AdaptivePolicy.MAX_STEP).step(),
                "the third in a row moves");
    }

    @Test
    void oneSaturatedSampleMovesOneStepAtOnce() {
        assertEquals(98, DEFAULTS.saturatedPercent());
        Hysteresis h = Hysteresis.START.next(0.98, DEFAULTS, AdaptivePolicy.MAX_STEP);
        assertEquals(1, h.step(), "the saturation mark is inclusive");
        assertEquals(2, h.next(1.0, DEFAULTS, AdaptivePolicy.MAX_STEP).step(), "and the next saturated sample: another");
        Hysteresis below = Hysteresis.START.next(0.97, DEFAULTS, AdaptivePolicy.MAX_STEP);
        assertEquals(0, below.step(), "below saturation one pressure sample is not enough");
        assertEquals(1, below.pressureRun());
    }

    @Test
    void saturationBelowTheHighMarkFailsAtStartUp() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> AdaptiveSettings.from(Map.<String, Object>of(AdaptiveSettings.SATURATED, "80")::get));
        assertTrue(e.getMessage().contains("rest-compress.adaptive.saturated (80) must be at least "
                + "rest-compress.adaptive.high (85)"), e.getMessage());
        assertEquals(99, AdaptiveSettings.from(Map.<String, Object>of(AdaptiveSettings.HIGH, "99")::get)
                .saturatedPercent(), "a high mark above 98 raises the saturation default with it");
    }

    /**
     * A simulated clock: one sample per tick (100 ms at the default period). Saturation from tick 10 to
     * 59, then an idle server. Each saturated sample (98%) moves one step down, to the deepest step,
     * which holds, then, once the smoothed load has fallen to the low mark, comes back one step per
     * dwell-up (20) ticks.
     */
    @Test
    void stepsDownUnderSaturationAndBackUpWhenItEnds() {
        List<Integer> steps = new ArrayList<>();
        Hysteresis h = Hysteresis.START;
        for (int tick = 0; tick < 200; tick++) {
            double load = tick >= 10 && tick < 60 ? 0.98 : 0.05;
            h = h.next(load, DEFAULTS, AdaptivePolicy.MAX_STEP);
            steps.add(h.step());
        }
        assertEquals(0, steps.get(9), "no pressure yet");
        assertEquals(1, steps.get(10), "the first saturated sample: one step down");
        assertEquals(2, steps.get(11));
        assertEquals(3, steps.get(12));
        assertEquals(3, steps.get(59), "the deepest step holds while saturated");
        // relief is judged on the load smoothed over 1 s: after 0.98 it is at or below 50% from tick 67
        assertEquals(3, steps.get(85), "19 relief samples: not yet");
        assertEquals(2, steps.get(86), "20th: one step up");
        assertEquals(1, steps.get(106), "the smoothing restarts with each move: 20 samples later");
        assertEquals(0, steps.get(126));
        assertEquals(0, steps.get(199));
        // every move is one step, and a move up comes a dwell-up after the previous move
        int lastMove = -100;
        for (int t = 1; t < steps.size(); t++) {
            int delta = steps.get(t) - steps.get(t - 1);
            if (delta != 0) {
                assertEquals(1, Math.abs(delta), "one step at a time at tick " + t);
                if (delta < 0) {
                    assertEquals(true, t - lastMove >= DEFAULTS.dwellUp(), "dwell-up before tick " + t);
                }
                lastMove = t;
            }
        }
    }

    /**
     * The relief rule, one sample each (state before -> state after). Columns: step, relief run before,
     * smoothed load and smoothed prediction before (NaN: none yet), the sample, the predicted load one
     * step up for it (NaN: unknown), expected step, pressure run, relief run after.
     */
    @ParameterizedTest(name = "step {0} run {1} smoothed {2}/{3}: load {4} above {5} -> step {6} runs {7}/{8}")
    @CsvSource({
        // prediction known: relief while the smoothed prediction stays below the high mark (85%)
        "1, 19, NaN, NaN, 0.60, 0.80, 0, 0, 0",
        "1, 19, NaN, NaN, 0.60, 0.85, 1, 0, 0",   // up there it would be pressure
        "1, 19, 0.60, 0.80, 0.60, 0.95, 0, 0, 0", // smoothed: 0.80 + 0.095 x 0.15 = 0.814
        "1, 19, 0.60, 0.84, 0.60, 0.95, 1, 0, 0", // smoothed: 0.850
        "2, 5, 0.60, 0.70, 0.60, 0.70, 2, 0, 6",
        // prediction unknown: the smoothed load at or below the low mark (50%)
        "1, 19, NaN, NaN, 0.60, NaN, 1, 0, 0",
        "1, 19, 0.45, NaN, 0.55, NaN, 0, 0, 0",   // one sample of 55% after a second near 45%: still relief
        "1, 19, NaN, NaN, 0.55, NaN, 1, 0, 0",
        "1, 19, 0.50, 0.80, 0.50, NaN, 0, 0, 0",  // prediction lost this period: fallback
        // pressure is judged on the raw sample, whatever the smoothed load says
        "1, 19, 0.30, 0.40, 0.90, 0.95, 1, 1, 19", // a spike keeps the smoothed relief run, but never moves up
        "1, 5, 0.30, 0.40, 0.90, 0.95, 1, 1, 6",
        "1, 5, 0.60, 0.84, 0.90, 0.99, 1, 1, 0",   // pressure and no smoothed relief: the relief run ends
        "1, 5, 0.60, 0.84, 0.70, 0.99, 1, 0, 0",  // between, and not relief (0.854): both runs reset
        "0, 19, NaN, NaN, 0.10, NaN, 0, 0, 20",   // step 0: nothing above
    })
    void reliefRule(int step, int reliefRun, double smoothedLoad, double smoothedAbove, double load, double above,
            int expectedStep, int expectedPressureRun, int expectedReliefRun) {
        Hysteresis h = new Hysteresis(step, 0, reliefRun, smoothedLoad, smoothedAbove)
                .next(load, above, DEFAULTS, AdaptivePolicy.MAX_STEP);
        assertEquals(expectedStep, h.step(), "step");
        assertEquals(expectedPressureRun, h.pressureRun(), "pressure run");
        assertEquals(expectedReliefRun, h.reliefRun(), "relief run");
    }

    /**
     * A simulated server on a simulated clock (one sample per 100 ms tick): {@code demand} is the load
     * at step 0 (1.0 = fixed level 6 capacity), each step costs {@code COST[step]} of it (gzip 6, 3, 1
     * with the rest of the request's work), and each period's load varies by +-{@code noise} (relative:
     * more or fewer requests in 100 ms). The prediction one step up is what the codec measurements give:
     * the same requests at the cost of the step above. The run starts at step 2, as after a saturation
     * burst.
     */
    static final double[] COST = {1.0, 0.70, 0.55, 0.50};

    static int[] simulate(AdaptiveSettings settings, boolean predicted, double demand, double noise, int ticks,
            long seed) {
        Random random = new Random(seed);
        Hysteresis h = new Hysteresis(2, 0, 0);
        int[] steps = new int[ticks];
        for (int t = 0; t < ticks; t++) {
            double requests = demand * (1 + noise * (2 * random.nextDouble() - 1));
            double load = Math.min(1, requests * COST[h.step()]);
            double above = predicted && h.step() > 0 ? requests * COST[h.step() - 1] : Double.NaN;
            h = h.next(load, above, settings, AdaptivePolicy.MAX_STEP);
            steps[t] = h.step();
        }
        return steps;
    }

    static final AdaptiveSettings RAW = AdaptiveSettings.from(Map.<String, Object>of(AdaptiveSettings.ADAPTIVE, "on",
            AdaptiveSettings.SMOOTHING_MS, "0")::get);

    static int ticksAt(int[] steps, int step, int from) {
        int n = 0;
        for (int t = from; t < steps.length; t++) {
            n += steps[t] == step ? 1 : 0;
        }
        return n;
    }

    static int moves(int[] steps, int from) {
        int n = 0;
        for (int t = from + 1; t < steps.length; t++) {
            n += steps[t] != steps[t - 1] ? 1 : 0;
        }
        return n;
    }

    /**
     * The overload bench's finding at 0.5x capacity, replayed: at step 1 the load hovers around the low
     * mark (45-55%), and the old rule (raw samples, 20 in a row at or below 50%) stays down for a whole
     * minute, because any sample above 50% restarts the run. Diagnosis, not a wish: it pins what the
     * raw rule does.
     */
    @Test
    void rawReliefStaysDownWhenTheLoadHoversAtTheLowMark() {
        double demand = 0.50 / COST[1]; // step 1 runs at 50% +- 5 points, step 0 would be at 71%
        int[] steps = simulate(RAW, false, demand, 0.10, 600, 1);
        assertEquals(0, ticksAt(steps, 0, 0), "raw rule: never back at the configured level");
    }

    /** The same server with the smoothed load: back at the configured level within a few seconds, and stays. */
    @Test
    void smoothedReliefReturnsWhenTheLoadHoversAtTheLowMark() {
        for (long seed = 1; seed <= 20; seed++) {
            int[] steps = simulate(DEFAULTS, false, 0.48 / COST[1], 0.10, 600, seed);
            assertEquals(0, steps[100], "seed " + seed + ": back at step 0 after 10 s");
            assertEquals(500, ticksAt(steps, 0, 100), "seed " + seed + ": and stays there");
        }
    }

    /**
     * With the step above predicted, the level returns although the load at step 1 stays above the low
     * mark (47-58%): step 0 would run at 67-83%, below the high mark. The raw rule never returns here.
     */
    @Test
    void predictedReliefReturnsWhenTheStepAboveIsNotPressure() {
        for (long seed = 1; seed <= 20; seed++) {
            int[] steps = simulate(DEFAULTS, true, 0.75, 0.10, 600, seed);
            assertEquals(0, steps[100], "seed " + seed + ": back at step 0 after 10 s");
            assertTrue(ticksAt(steps, 0, 100) >= 495, "seed " + seed + ": and stays there: "
                    + ticksAt(steps, 0, 100));
            int[] raw = simulate(RAW, false, 0.75, 0.10, 600, seed);
            assertEquals(0, ticksAt(raw, 0, 0), "seed " + seed + ": the raw rule never returns");
        }
    }

    /**
     * At and above the fixed level's capacity the step goes down and stays down: the prediction says
     * step 0 would be pressure (no flapping), with the smoothed fallback as well.
     */
    @ParameterizedTest
    @CsvSource({"1.0, true", "1.0, false", "1.3, true", "1.3, false", "0.95, true"})
    void noFlappingAtCapacity(double demand, boolean predicted) {
        for (long seed = 1; seed <= 20; seed++) {
            int[] steps = simulate(DEFAULTS, predicted, demand, 0.10, 600, seed);
            assertEquals(0, ticksAt(steps, 0, 0), "seed " + seed + ": never back to level 6 at capacity");
            assertTrue(moves(steps, 100) <= 2, "seed " + seed + ": moves after 10 s: " + moves(steps, 100));
        }
    }

    /**
     * The 0.5x overload run, replayed: at step 1 the load is 60% (70% predicted one step up), but every
     * tenth 100 ms sample is a spike of 97% (a young collection on top of the load, seen in the bench).
     * Relief on the smoothed signal survives the spikes; resetting the run on each kept the step down.
     */
    @Test
    void loneSpikesDoNotHoldTheStepDown() {
        Hysteresis h = new Hysteresis(1, 0, 0);
        int upAt = -1;
        for (int tick = 0; tick < 100 && upAt < 0; tick++) {
            boolean spike = tick % 10 == 9;
            h = h.next(spike ? 0.97 : 0.60, spike ? 1.0 : 0.70, DEFAULTS, AdaptivePolicy.MAX_STEP);
            upAt = h.step() == 0 ? tick : -1;
        }
        assertEquals(20, upAt, "up after 20 relief samples and one spike (never on the spike itself)");
    }

    /** A load that alternates around the thresholds, below saturation, never moves the step (no flapping). */
    @Test
    void noisyLoadBetweenThresholdsDoesNotFlap() {
        Hysteresis h = new Hysteresis(1, 0, 0);
        for (int tick = 0; tick < 1000; tick++) {
            double load = tick % 2 == 0 ? 0.95 : 0.30; // never three pressure or twenty relief in a row
            h = h.next(load, DEFAULTS, AdaptivePolicy.MAX_STEP);
            assertEquals(1, h.step(), "tick " + tick);
        }
    }
}
