package dev.restcompress.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.restcompress.config.AdaptiveSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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
    void oneSampleIsNotEnough() {
        Hysteresis h = Hysteresis.START.next(1.0, DEFAULTS, AdaptivePolicy.MAX_STEP);
        assertEquals(0, h.step());
        assertEquals(1, h.pressureRun());
        Hysteresis between = h.next(0.7, DEFAULTS, AdaptivePolicy.MAX_STEP);
        assertEquals(new Hysteresis(0, 0, 0), between, "a sample between the thresholds breaks the run");
        assertEquals(h, h.next(Double.NaN, DEFAULTS, AdaptivePolicy.MAX_STEP), "unknown samples are ignored");
    }

    /**
     * A simulated clock: one sample per tick (100 ms at the default period). Saturation from tick 10 to
     * 59, then an idle server. The step goes down one step per dwell-down (3) ticks to the deepest step
     * and stays there, then comes back one step per dwell-up (20) ticks.
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
        assertEquals(0, steps.get(11), "two pressure samples: not yet");
        assertEquals(1, steps.get(12), "third: one step down");
        assertEquals(2, steps.get(15));
        assertEquals(3, steps.get(18));
        assertEquals(3, steps.get(59), "the deepest step holds while saturated");
        assertEquals(3, steps.get(78), "19 relief samples: not yet");
        assertEquals(2, steps.get(79), "20th: one step up");
        assertEquals(1, steps.get(99));
        assertEquals(0, steps.get(119));
        assertEquals(0, steps.get(199));
        // every move is one step and at least a dwell apart
        int lastMove = -100;
        for (int t = 1; t < steps.size(); t++) {
            int delta = steps.get(t) - steps.get(t - 1);
            if (delta != 0) {
                assertEquals(1, Math.abs(delta), "one step at a time at tick " + t);
                assertEquals(true, t - lastMove >= DEFAULTS.dwellDown(), "dwell before tick " + t);
                lastMove = t;
            }
        }
    }

    /** A load that alternates around the thresholds never moves the step (no flapping). */
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
