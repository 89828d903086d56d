package dev.restcompress.bench.soak;

import java.util.List;
import java.util.Locale;

/**
 * The soak's chart as a small standalone SVG: four stacked panels over time (RSS and NMT; heap
 * after GC; NMT Other and direct buffers; threads and fds) with the phases marked. Text only, so it
 * diffs, renders in any browser or Markdown viewer, and needs no AWT.
 */
final class SoakChart {
    private static final int W = 960;
    private static final int PANEL_H = 170;
    private static final int GAP = 40;
    private static final int LEFT = 70;
    private static final int RIGHT = 180;
    private static final int TOP = 40;
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e"};

    private SoakChart() {
    }

    static String svg(List<Sample> samples, List<SoakMain.PhaseRun> runs, List<SoakReport.Series> memory,
            List<SoakReport.Series> counts, String title) {
        List<List<SoakReport.Series>> panels = List.of(memory.subList(0, 2), memory.subList(2, 3), memory.subList(3, 5),
                counts);
        List<String> yLabels = List.of("MB", "MB", "MB", "count");
        int h = TOP + panels.size() * (PANEL_H + GAP) + 10;
        double tMax = 1;
        for (Sample s : samples) {
            tMax = Math.max(tMax, s.tMillis() / 1000.0);
        }
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "font-family=\"sans-serif\" font-size=\"12\">%n", W, h));
        sb.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", W, h));
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"22\" font-size=\"16\">%s</text>%n", LEFT, esc(title)));
        for (int p = 0; p < panels.size(); p++) {
            int y0 = TOP + p * (PANEL_H + GAP);
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (SoakReport.Series s : panels.get(p)) {
                for (Sample x : samples) {
                    double v = s.of(x);
                    if (!Double.isNaN(v)) {
                        lo = Math.min(lo, v);
                        hi = Math.max(hi, v);
                    }
                }
            }
            if (lo > hi) {
                lo = 0;
                hi = 1;
            }
            double pad = Math.max((hi - lo) * 0.08, Math.max(Math.abs(hi) * 0.01, 1));
            lo = Math.max(0, lo - pad);
            hi = hi + pad;
            int plotW = W - LEFT - RIGHT;
            sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                    + "stroke=\"#888\"/>%n", LEFT, y0, plotW, PANEL_H));
            for (int i = 0; i <= 4; i++) {
                double v = lo + (hi - lo) * i / 4;
                double y = y0 + PANEL_H - PANEL_H * i / 4.0;
                sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>"
                        + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", LEFT, y, LEFT + plotW, y,
                        LEFT - 5, y + 4, fmt(v)));
            }
            sb.append(String.format(Locale.ROOT, "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" "
                    + "text-anchor=\"middle\">%s</text>%n", y0 + PANEL_H / 2, y0 + PANEL_H / 2, yLabels.get(p)));
            for (SoakMain.PhaseRun r : runs) {
                double x = LEFT + plotW * (r.startMs() / 1000.0) / tMax;
                sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#aaa\" "
                        + "stroke-dasharray=\"4 3\"/>%n", x, y0, x, y0 + PANEL_H));
                if (p == 0) {
                    sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" fill=\"#555\">%s</text>%n",
                            x + 2, y0 - 4, esc(r.name())));
                }
            }
            for (int k = 0; k < panels.get(p).size(); k++) {
                SoakReport.Series s = panels.get(p).get(k);
                StringBuilder pts = new StringBuilder();
                for (Sample x : samples) {
                    double v = s.of(x);
                    if (!Double.isNaN(v)) {
                        pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", LEFT + plotW * (x.tMillis() / 1000.0) / tMax,
                                y0 + PANEL_H - PANEL_H * (v - lo) / (hi - lo)));
                    }
                }
                String c = COLOURS[k % COLOURS.length];
                sb.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\" "
                        + "points=\"%s\"/>%n", c, pts.toString().trim()));
                sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"3\" fill=\"%s\"/>"
                        + "<text x=\"%d\" y=\"%d\">%s</text>%n", W - RIGHT + 10, y0 + 14 + 18 * k, c,
                        W - RIGHT + 26, y0 + 19 + 18 * k, esc(s.name())));
            }
            if (p == panels.size() - 1) {
                for (int i = 0; i <= 5; i++) {
                    double t = tMax * i / 5;
                    sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s s</text>%n",
                            LEFT + plotW * t / tMax, y0 + PANEL_H + 16, fmt(t)));
                }
            }
        }
        return sb.append("</svg>\n").toString();
    }

    private static String fmt(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
