package dev.restcompress.bench.soak;

import dev.restcompress.bench.core.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A least-squares slope per minute of one series, its standard error and residual degrees of freedom (both
 * adjusted for autocorrelation), the scatter around the line and the minutes covered, so a verdict can ask for a
 * trend both large and real. NaN with fewer than 3 points.
 */
record Trend(double slopePerMin, double stdErr, int dof, double residualSd, double spanMinutes) {

    /**
     * One slope shared by groups of points, each at its own level (ANCOVA's pooled within-group fit): a step
     * between groups (a phase change) is no trend, a climb inside them is. Groups under two points are left out.
     */
    static Trend fit(List<long[]> tGroups, List<double[]> yGroups) {
        List<double[]> dxs = new ArrayList<>();
        List<double[]> ys = new ArrayList<>();
        List<Double> mys = new ArrayList<>();
        double sxx = 0;
        double sxy = 0;
        double span = 0;
        int n = 0;
        for (int g = 0; g < tGroups.size(); g++) {
            long[] t = tGroups.get(g);
            double[] y = yGroups.get(g);
            if (y.length < 2) {
                continue;
            }
            double mx = Arrays.stream(t).average().orElse(0) / 60_000.0;
            double my = Arrays.stream(y).average().orElse(0);
            double[] dx = Arrays.stream(t).mapToDouble(v -> v / 60_000.0 - mx).toArray();
            for (int i = 0; i < y.length; i++) {
                sxx += dx[i] * dx[i];
                sxy += dx[i] * (y[i] - my);
            }
            span += (t[t.length - 1] - t[0]) / 60_000.0;
            n += y.length;
            dxs.add(dx);
            ys.add(y);
            mys.add(my);
        }
        int groups = dxs.size();
        int dof = n - groups - 1;
        if (dof < 1 || sxx == 0) {
            return new Trend(Double.NaN, Double.NaN, 0, Double.NaN, 0);
        }
        double slope = sxy / sxx;
        double sse = 0;
        double lag = 0;
        for (int g = 0; g < groups; g++) {
            double previous = Double.NaN;
            for (int i = 0; i < dxs.get(g).length; i++) {
                double r = ys.get(g)[i] - (mys.get(g) + slope * dxs.get(g)[i]);
                sse += r * r;
                if (!Double.isNaN(previous)) {
                    lag += r * previous;
                }
                previous = r;
            }
        }
        // Memory series wander, so neighbouring residuals correlate and the points carry less evidence than
        // their number: with lag-1 autocorrelation rho the effective count is n (1 - rho) / (1 + rho).
        double rho = sse > 0 ? Math.max(0, Math.min(0.95, lag / sse)) : 0;
        double inflation = (1 + rho) / (1 - rho);
        int effectiveDof = Math.max(1, (int) Math.floor(n / inflation) - groups - 1);
        return new Trend(slope, Math.sqrt(sse / dof / sxx * inflation), effectiveDof, Math.sqrt(sse / dof), span);
    }

    /**
     * Over {@code threshold} per minute, significant (one-sided Student t at 99.5%, adjusted degrees of freedom),
     * and climbing more than twice the scatter over the window (a short run cannot tell a slow leak from RSS
     * wandering, and says so by holding).
     */
    boolean grows(double threshold) {
        return !Double.isNaN(slopePerMin) && slopePerMin > threshold && slopePerMin > Stats.t(0.995, dof) * stdErr
                && slopePerMin * spanMinutes > 2 * residualSd;
    }
}
