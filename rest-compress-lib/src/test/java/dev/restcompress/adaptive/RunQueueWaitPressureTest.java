package dev.restcompress.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The queueing signal's scale: waiting threads per core over the saturation mark. */
class RunQueueWaitPressureTest {
    @ParameterizedTest
    @CsvSource({
        "0, 100, 1, 0.0",
        "100, 100, 1, 0.25",     // one thread waiting all the time on one core
        "340, 100, 1, 0.85",     // 3.4 waiting per core: the default high mark
        "400, 100, 2, 0.5",      // 4 waiting on 2 cores: the low mark
        "2000, 100, 1, 1.0",     // 20 waiting: saturated, clamped
    })
    void scale(long waitNanos, long wallNanos, int processors, double expected) {
        assertEquals(expected, RunQueueWaitPressure.load(waitNanos, wallNanos, processors), 1e-9);
    }

    @org.junit.jupiter.api.Test
    void readsThisProcess() {
        RunQueueWaitPressure p = new RunQueueWaitPressure();
        assertTrue(Double.isNaN(p.sample()), "no period before the first sample");
        long end = System.nanoTime() + 50_000_000L;
        long spin = 0;
        while (System.nanoTime() < end) {
            spin++;
        }
        double load = p.sample();
        assertTrue(spin > 0 && load >= 0 && load <= 1, "a share in [0, 1]: " + load);
    }
}
