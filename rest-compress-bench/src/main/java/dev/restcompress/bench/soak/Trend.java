package dev.restcompress.bench.soak;

/**
 * A least-squares line through (minutes, value) points: the growth per minute of one series and
 * the standard error of that slope, so a verdict can ask for a trend both large and real.
 *
 * @param n the number of points fitted
 * @param slopePerMin the slope, value units per minute (NaN with fewer than 3 points)
 * @param stdErr the slope's standard error (NaN with fewer than 3 points)
 */
record Trend(int n, double slopePerMin, double stdErr) {

    /** Fits {@code ys} against {@code tMillis}. */
    static Trend fit(long[] tMillis, double[] ys) {
        int n = ys.length;
        if (n < 3) {
            return new Trend(n, Double.NaN, Double.NaN);
        }
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += tMillis[i] / 60_000.0;
            my += ys[i];
        }
        mx /= n;
        my /= n;
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            double dx = tMillis[i] / 60_000.0 - mx;
            sxx += dx * dx;
            sxy += dx * (ys[i] - my);
        }
        if (sxx == 0) {
            return new Trend(n, Double.NaN, Double.NaN);
        }
        double slope = sxy / sxx;
        double sse = 0;
        for (int i = 0; i < n; i++) {
            double r = ys[i] - (my + slope * (tMillis[i] / 60_000.0 - mx));
            sse += r * r;
        }
        return new Trend(n, slope, Math.sqrt(sse / (n - 2) / sxx));
    }

    /** A trend beyond {@code threshold} per minute that is also at least three standard errors from flat. */
    boolean grows(double threshold) {
        return !Double.isNaN(slopePerMin) && slopePerMin > threshold && slopePerMin > 3 * stdErr;
    }
}
