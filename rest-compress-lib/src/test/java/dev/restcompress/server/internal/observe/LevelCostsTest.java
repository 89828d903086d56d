package dev.restcompress.server.internal.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.adaptive.PressureMonitor;
import dev.restcompress.adaptive.ProcessCpuPressure;
import dev.restcompress.config.AdaptiveSettings;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The prediction of the step above from the codec time per level, on a clock of the test's choosing. */
class LevelCostsTest {
    final AtomicLong clock = new AtomicLong();
    final LevelCosts costs = new LevelCosts(clock::get, 2);
    final Statistics.Counters gzip6 = new Statistics.Counters();
    final Statistics.Counters gzip3 = new Statistics.Counters();
    final Statistics.Counters gzip1 = new Statistics.Counters();

    LevelCostsTest() {
        costs.transition(1, gzip3, gzip6);
        costs.transition(2, gzip1, gzip3);
        costs.transition(1, gzip3, gzip6); // a second method with the same levels counts once
        costs.transition(3, gzip1, gzip1); // coding switches are not predicted
    }

    /** One period of 100 ms on the clock. */
    double period(int step) {
        clock.addAndGet(100_000_000L);
        return costs.extraLoadAbove(step);
    }

    @Test
    void predictsWhatTheLevelAboveWouldHaveAdded() {
        gzip6.add(1_000_000, 200_000, 6_000_000); // 6 ns per byte at level 6
        assertTrue(Double.isNaN(period(0)), "nothing above step 0");
        // step 1: 2,000,000 bytes at level 3 cost 6 ms (3 ns/B); at level 6 they would have cost 12 ms
        gzip3.add(2_000_000, 400_000, 6_000_000);
        assertEquals(6_000_000 / (100_000_000.0 * 2), period(1), 1e-12, "6 ms more over 100 ms of 2 processors");
        assertEquals(0, period(1), 1e-12, "a period without bodies adds nothing");
        assertEquals(0, period(2), 1e-12, "step 2 with no bodies at level 1 in the period");
        gzip1.add(1_000_000, 300_000, 1_000_000); // 1 ns/B; at level 3 (3 ns/B) 3 ms
        assertEquals(2_000_000 / (100_000_000.0 * 2), period(2), 1e-12);
    }

    @Test
    void unknownWithoutAMeasurementAbove() {
        gzip1.add(1_000, 500, 1_000);
        assertTrue(Double.isNaN(period(2)), "level 3 never measured");
    }

    /** From the switch step on: free when no response's coding was replaced in the period, else unknown. */
    @Test
    void theSwitchStepIsFreeOnlyWithoutSwitchedResponses() {
        gzip1.add(1_000_000, 300_000, 1_000_000);
        assertEquals(0, period(3), 1e-12, "gzip-only clients: step 3 is step 2's gzip 1");
        costs.switched().increment();
        assertTrue(Double.isNaN(period(3)), "a response went out in lzf instead: not predicted");
        assertEquals(0, period(3), 1e-12, "the next period had none");
    }

    /** The statistics feed the monitor's prediction, only when they count and the signal is the CPU share. */
    @Test
    void statisticsPredictTheStepAboveForTheCpuSignal() {
        AdaptiveSettings on = AdaptiveSettings.from(Map.<String, Object>of(AdaptiveSettings.ADAPTIVE, "on")::get);
        try (PressureMonitor cpu = new PressureMonitor(on, new ProcessCpuPressure());
                PressureMonitor off = new PressureMonitor(on, new ProcessCpuPressure());
                PressureMonitor scripted = new PressureMonitor(on, () -> 0.5)) {
            new Statistics(true, cpu);
            new Statistics(false, off);
            new Statistics(true, scripted);
            assertTrue(cpu.predictsStepCost(), "process CPU share: predicted");
            assertTrue(!off.predictsStepCost(), "statistics off: nothing measured");
            assertTrue(!scripted.predictsStepCost(), "another signal's unit is not the CPU share");
        }
    }
}
