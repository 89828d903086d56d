package dev.restcompress.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.config.AdaptiveSettings;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The sampler thread's life cycle and the real CPU signal (asserted only to be sane: the machine is shared). */
@Timeout(60)
class PressureMonitorTest {
    static final AdaptiveSettings FAST = AdaptiveSettings.from(Map.<String, Object>of(AdaptiveSettings.ADAPTIVE, "on",
            AdaptiveSettings.PERIOD_MS, "10", AdaptiveSettings.DWELL_DOWN, "1")::get);

    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(condition.getAsBoolean(), what);
    }

    @Test
    void processCpuLoadIsAFractionOfTheCores() {
        ProcessCpuPressure cpu = new ProcessCpuPressure();
        assertTrue(cpu.available(), "HotSpot reports the process CPU time");
        assertTrue(Double.isNaN(cpu.sample()), "the first sample has no period yet");
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200);
        long x = 0;
        while (System.nanoTime() < end) {
            x += Long.numberOfTrailingZeros(x + System.nanoTime()); // burn CPU in this process
        }
        double load = cpu.sample();
        assertTrue(load > 0 && load <= 1, "load " + load + " (" + x + ")");
        assertEquals(0.5, ProcessCpuPressure.load(1_000, 1_000, 2));
        assertEquals(1.0, ProcessCpuPressure.load(5_000, 1_000, 2), "clamped");
    }

    @Test
    void runQueueSignalReadsLinuxSchedstat() {
        assertEquals(24941697L, RunQueuePressure.waitNanos("907083 24941697 2\n"));
        assertEquals(-1L, RunQueuePressure.waitNanos("907083"));
        assertEquals(-1L, RunQueuePressure.waitNanos("a b c"));
        assertTrue(RunQueuePressure.totalWaitNanos() >= 0, "this test runs on Linux");
        RunQueuePressure source = new RunQueuePressure();
        assertTrue(Double.isNaN(source.sample()), "the first sample has no period yet");
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
        long x = 0;
        while (System.nanoTime() < end) {
            x += Long.numberOfTrailingZeros(x + System.nanoTime());
        }
        double load = source.sample();
        assertTrue(load > 0 && load <= 1, "load " + load + " (" + x + ")");
    }

    @Test
    void realSamplerPublishesASaneLoad() throws Exception {
        try (PressureMonitor m = new PressureMonitor(FAST, new ProcessCpuPressure())) {
            assertTrue(Double.isNaN(m.lastLoad()));
            assertEquals(0, m.step());
            await(() -> !Double.isNaN(m.lastLoad()), "a sample arrives");
            assertTrue(m.lastLoad() >= 0 && m.lastLoad() <= 1, "load " + m.lastLoad());
            assertTrue(m.step() >= 0 && m.step() <= AdaptivePolicy.MAX_STEP);
        }
    }

    @Test
    void stepsWithTheSourceAndStopsWhenIdle() throws Exception {
        PressureMonitor m = new PressureMonitor(FAST, () -> 1.0, 200);
        assertFalse(m.sampling(), "nothing runs before the first response");
        assertEquals(0, m.step());
        assertTrue(m.sampling());
        await(() -> m.currentStep() == AdaptivePolicy.MAX_STEP, "saturated: deepest step");
        // No response asks any more: the sampler ends and the step returns to 0.
        await(() -> !m.sampling(), "idle sampler stops");
        assertEquals(0, m.currentStep());
        // The next response starts it again.
        m.step();
        assertTrue(m.sampling());
        m.close();
        await(() -> !m.sampling(), "closed sampler stops");
        m.step();
        assertFalse(m.sampling(), "a closed monitor never starts again");
    }

    @Test
    void samplerEndsWhenTheApplicationIsGone() throws Exception {
        Thread sampler = startAndForget();
        assertTrue(sampler.isAlive());
        await(() -> {
            System.gc();
            return !sampler.isAlive();
        }, "the sampler held the monitor only weakly and ended with it");
    }

    /** Starts a monitor's sampler (which would run for a minute when idle) and drops the monitor. */
    private static Thread startAndForget() {
        PressureMonitor m = new PressureMonitor(FAST, () -> 0.2, 60_000);
        m.step();
        return m.samplerThread();
    }

    @Test
    void invalidSettingsFailAtStartUp() {
        assertThrows(IllegalArgumentException.class, () -> AdaptiveSettings.from(
                Map.<String, Object>of(AdaptiveSettings.ADAPTIVE, "maybe")::get));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AdaptiveSettings.from(
                Map.<String, Object>of(AdaptiveSettings.LOW, "90", AdaptiveSettings.HIGH, "80")::get));
        assertTrue(e.getMessage().contains("rest-compress.adaptive.low (90) must be below rest-compress.adaptive.high (80)"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AdaptiveSettings.from(
                Map.<String, Object>of(AdaptiveSettings.PERIOD_MS, "1")::get));
        assertThrows(IllegalArgumentException.class, () -> PressureMonitor.sourceFor(AdaptiveSettings.from(
                Map.<String, Object>of(AdaptiveSettings.PRESSURE_SOURCE, "java.lang.String")::get)));
        assertThrows(IllegalArgumentException.class, () -> PressureMonitor.sourceFor(AdaptiveSettings.from(
                Map.<String, Object>of(AdaptiveSettings.PRESSURE_SOURCE, "no.such.Source")::get)));
        assertEquals(true, AdaptiveSettings.from(null).enabled(), "on by default");
    }
}
