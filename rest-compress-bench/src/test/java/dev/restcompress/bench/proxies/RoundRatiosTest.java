package dev.restcompress.bench.proxies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-round pairing, the in-app path cost and the verdicts, on numbers worked out by hand. */
class RoundRatiosTest {

    @Test
    void ratiosPairTheSameRoundAndTheIntervalIsStudentT() {
        List<Double> r = RoundRatios.ratios(List.of(2.0, 4.0, 6.0), List.of(1.0, 2.0, 2.0));
        assertEquals(List.of(2.0, 2.0, 3.0), r);
        double[] m = RoundRatios.interval(r);
        assertEquals(7.0 / 3, m[0], 1e-12);
        // sd = sqrt(1/3), t(0.975, 2) = 4.302653 -> 4.302653 * 0.577350 / sqrt(3) = 1.434218
        assertEquals(1.434218, m[1], 1e-5);
        assertEquals(List.of(0.5), RoundRatios.ratios(List.of(1.0, 9.0), List.of(2.0)), "only the common rounds");
        assertTrue(Double.isNaN(RoundRatios.interval(List.of(0.5))[1]), "no interval from one round");
    }

    @Test
    void pathCostIsTheCodedMinusIdentityOverTheCodec() {
        // 1,000 us with gzip, 600 us identity, codec 300 us: the path costs 400 / 300 of the codec
        List<Double> cost = RoundRatios.pathCost(List.of(1000.0, 900.0), List.of(600.0, 600.0), List.of(300.0, 300.0));
        assertEquals(4.0 / 3, cost.get(0), 1e-12);
        assertEquals(1.0, cost.get(1), 1e-12);
    }

    @Test
    void verdictNeedsTheWholeIntervalBelowTheGoalAndNoMoreBytes() {
        assertEquals("met", RoundRatios.verdict(new double[] {0.40, 0.05}, 0.5, true));
        assertEquals("met", RoundRatios.verdict(new double[] {0.45, 0.05}, 0.5, true), "upper end exactly at the goal");
        assertEquals("unresolved", RoundRatios.verdict(new double[] {0.48, 0.05}, 0.5, true));
        assertEquals("not met", RoundRatios.verdict(new double[] {0.60, 0.05}, 0.5, true));
        assertEquals("not met", RoundRatios.verdict(new double[] {0.40, 0.05}, 0.5, false), "more bytes");
        assertEquals("met", RoundRatios.verdict(new double[] {0.40, Double.NaN}, 0.5, true), "one round: the mean");
        assertEquals("-", RoundRatios.verdict(new double[] {0.40, 0.05}, Double.NaN, true));
        assertEquals("n/a", RoundRatios.verdict(new double[] {Double.NaN, Double.NaN}, 0.5, true));
    }
}
