package dev.restcompress.bench.overload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The step trace reads the demo's Prometheus text: the gauges and the bodies per level. */
class StepTraceTest {
    static final String METRICS = """
            # HELP rest_compress_encoded_bodies_by_level_total Response bodies per coding and level
            # TYPE rest_compress_encoded_bodies_by_level_total counter
            rest_compress_encoded_bodies_by_level_total{coding="gzip",level="6"} 1200
            rest_compress_encoded_bodies_by_level_total{coding="gzip",level="1"} 34
            # HELP rest_compress_adaptive_step Adaptive step (0: as configured)
            # TYPE rest_compress_adaptive_step gauge
            rest_compress_adaptive_step 2
            # HELP rest_compress_adaptive_load Last process CPU sample (fraction of the cores)
            # TYPE rest_compress_adaptive_load gauge
            rest_compress_adaptive_load 0.9873
            """;

    @Test
    void readsTheStepTheLoadAndTheBodiesPerLevel() {
        assertEquals(2, StepTrace.step(METRICS));
        assertEquals(0.9873, StepTrace.gauge(METRICS, "rest_compress_adaptive_load "));
        assertEquals(Map.of("gzip/6", 1200L, "gzip/1", 34L), StepTrace.bodiesByLevel(METRICS));
    }

    @Test
    void aMissingGaugeIsNaNAndAMissingStepIsMinusOne() {
        assertTrue(Double.isNaN(StepTrace.gauge("", "rest_compress_adaptive_load ")));
        assertEquals(-1, StepTrace.step("rest_compress_adaptive_load 0.5\n"));
    }
}
