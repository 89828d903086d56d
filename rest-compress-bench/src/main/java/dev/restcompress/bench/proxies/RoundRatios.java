package dev.restcompress.bench.proxies;

import dev.restcompress.bench.core.Stats;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The suite's arithmetic over rounds: figures of two set-ups measured side by side in the same round are paired,
 * a ratio is taken per round, and its mean carries the 95% Student-t interval of those per-round values
 * ({@link Stats#meanAndError}). Lists are per round, in order; unequal lengths pair the common rounds. Stateless.
 */
public final class RoundRatios {
    private RoundRatios() {}

    /** {@code a[i] / b[i]} per round. */
    public static List<Double> ratios(List<Double> a, List<Double> b) {
        return IntStream.range(0, Math.min(a.size(), b.size())).mapToObj(i -> a.get(i) / b.get(i)).toList();
    }

    /**
     * The in-app path's cost in units of the codec: {@code (withCoding[i] - identity[i]) / codec[i]} per round, i.e.
     * what serving a coded response costs over identity, divided by what the codec alone takes on the same body.
     * 1.0 is the limit: nothing but the codec.
     */
    public static List<Double> pathCost(List<Double> withCoding, List<Double> identity, List<Double> codec) {
        int n = Math.min(withCoding.size(), Math.min(identity.size(), codec.size()));
        return IntStream.range(0, n).mapToObj(i -> (withCoding.get(i) - identity.get(i)) / codec.get(i)).toList();
    }

    /** Mean and 95% half-width (NaN with one round). */
    public static double[] interval(List<Double> perRound) {
        return Stats.meanAndError(perRound);
    }

    /**
     * Against a goal "at most {@code goal}": {@code met} when the whole interval is at or below it (with one round,
     * the mean), {@code not met} when the whole interval is above, else {@code unresolved}; {@code bytesOk} false
     * (more bytes than allowed) makes it {@code not met}. A NaN goal has no verdict ({@code -}).
     */
    public static String verdict(double[] meanAndError, double goal, boolean bytesOk) {
        if (Double.isNaN(goal)) {
            return "-";
        }
        double mean = meanAndError[0];
        double half = Double.isFinite(meanAndError[1]) ? meanAndError[1] : 0;
        if (!Double.isFinite(mean)) {
            return "n/a";
        } else if (!bytesOk || mean - half > goal) {
            return "not met";
        }
        return mean + half <= goal ? "met" : "unresolved";
    }
}
