package dev.restcompress.bench.core;

import java.util.Collection;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/** The bench's statistics, from commons-math3: means with Student-t intervals, and t quantiles. */
public final class Stats {
    private Stats() {}

    /** Mean and 95% two-sided half-width of {@code values} (NaN half-width for fewer than two). */
    public static double[] meanAndError(Collection<? extends Number> values) {
        SummaryStatistics s = new SummaryStatistics();
        values.forEach(v -> s.addValue(v.doubleValue()));
        long n = s.getN();
        double mean = n == 0 ? Double.NaN : s.getMean();
        return new double[] {mean, n < 2 ? Double.NaN : t(0.975, n - 1) * s.getStandardDeviation() / Math.sqrt(n)};
    }

    /** The {@code p} quantile of Student's t with {@code dof} degrees of freedom (infinite below 1). */
    public static double t(double p, double dof) {
        return dof < 1 ? Double.POSITIVE_INFINITY : new TDistribution(dof).inverseCumulativeProbability(p);
    }
}
