package dev.restcompress.bench.soak;

/**
 * A least-squares line through (minutes, value) points: the growth per minute of one series and
 * the standard error of that slope, so a verdict can ask for a trend both large and real.
 *
 * @param n the number of points fitted
 * @param slopePerMin the slope, value units per minute (NaN with fewer than 3 points)
 * @param stdErr the slope's standard error (NaN with fewer than 3 points)
 * @param dof the residual degrees of freedom, reduced for autocorrelated residuals
 * @param residualSd the scatter of the points around the fitted line(s)
 * @param spanMinutes the time the fit covers (summed over groups)
 */
record Trend(int n, double slopePerMin, double stdErr, int dof, double residualSd, double spanMinutes) {

    /** Fits {@code ys} against {@code tMillis}. */
    static Trend fit(long[] tMillis, double[] ys) {
        return fitPooled(java.util.List.of(tMillis), java.util.List.of(ys));
    }

    /**
     * One slope shared by several groups of points, each with its own level (the pooled within-group
     * fit of an analysis of covariance): a step between groups (a phase change) is no trend, a climb
     * inside them is. With one group this is ordinary least squares. Groups under two points are left out.
     */
    static Trend fitPooled(java.util.List<long[]> tGroups, java.util.List<double[]> yGroups) {
        double sxx = 0;
        double sxy = 0;
        int n = 0;
        int groups = 0;
        for (int g = 0; g < tGroups.size(); g++) {
            long[] t = tGroups.get(g);
            double[] y = yGroups.get(g);
            if (y.length < 2) {
                continue;
            }
            groups++;
            n += y.length;
            double mx = meanMinutes(t);
            double my = java.util.Arrays.stream(y).average().orElse(0);
            for (int i = 0; i < y.length; i++) {
                double dx = t[i] / 60_000.0 - mx;
                sxx += dx * dx;
                sxy += dx * (y[i] - my);
            }
        }
        int dof = n - groups - 1;
        if (dof < 1 || sxx == 0) {
            return new Trend(n, Double.NaN, Double.NaN, 0, Double.NaN, 0);
        }
        double slope = sxy / sxx;
        double sse = 0;
        double lag = 0;
        double span = 0;
        for (int g = 0; g < tGroups.size(); g++) {
            long[] t = tGroups.get(g);
            double[] y = yGroups.get(g);
            if (y.length < 2) {
                continue;
            }
            span += (t[t.length - 1] - t[0]) / 60_000.0;
            double mx = meanMinutes(t);
            double my = java.util.Arrays.stream(y).average().orElse(0);
            double previous = Double.NaN;
            for (int i = 0; i < y.length; i++) {
                double r = y[i] - (my + slope * (t[i] / 60_000.0 - mx));
                sse += r * r;
                if (!Double.isNaN(previous)) {
                    lag += r * previous;
                }
                previous = r;
            }
        }
        // Memory series wander (a burst of big bodies lifts RSS for a while): neighbouring residuals
        // are correlated, so the points carry less evidence than their number says. With lag-1
        // autocorrelation rho the effective count is n (1 - rho) / (1 + rho); the standard error
        // grows and the degrees of freedom shrink accordingly.
        double rho = sse > 0 ? Math.max(0, Math.min(0.95, lag / sse)) : 0;
        double inflation = (1 + rho) / (1 - rho);
        int effectiveDof = Math.max(1, (int) Math.floor(n / inflation) - groups - 1);
        double stdErr = Math.sqrt(sse / dof / sxx * inflation);
        return new Trend(n, slope, stdErr, effectiveDof, Math.sqrt(sse / dof), span);
    }

    private static double meanMinutes(long[] tMillis) {
        return java.util.Arrays.stream(tMillis).average().orElse(0) / 60_000.0;
    }

    /**
     * A trend beyond {@code threshold} per minute that is also real: significant (one-sided Student t at
     * 99.5% with the autocorrelation-adjusted degrees of freedom, so a fit through few or wandering
     * points needs a much clearer line), and climbing over the window by more than twice the scatter
     * around it (a short run cannot tell a slow leak from RSS wandering, and says so by holding).
     */
    boolean grows(double threshold) {
        return !Double.isNaN(slopePerMin) && slopePerMin > threshold && slopePerMin > tCritical(dof) * stdErr
                && slopePerMin * spanMinutes > 2 * residualSd;
    }

    static double tCritical(int dof) {
        return dev.restcompress.bench.core.Stats.t(0.995, dof);
    }
}
