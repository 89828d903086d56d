package dev.restcompress.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * A small XY chart rendered to PNG with Java2D (headless), so the benchmark needs neither Python nor
 * a plotting library. Series of labelled points with optional vertical error bars, optionally joined
 * by lines; linear or logarithmic axes. Not thread-safe.
 */
public final class XyChart {
    /** One point: x, y, the half-width of y's error bar (NaN for none) and an optional label. */
    public record Point(double x, double y, double yError, String label) {
    }

    /** Points drawn in one colour; {@code hollow} draws open circles (used for the raw paths). */
    public record Series(String name, List<Point> points, boolean lines, boolean hollow) {
    }

    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf),
    };
    private static final int WIDTH = 960;
    private static final int HEIGHT = 600;
    private static final int LEFT = 90;
    private static final int RIGHT = 230;
    private static final int TOP = 50;
    private static final int BOTTOM = 70;

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final boolean logX;
    private final boolean logY;
    private final List<Series> series = new ArrayList<>();
    private final List<Integer> colours = new ArrayList<>();

    public XyChart(String title, String xLabel, String yLabel, boolean logX, boolean logY) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
        this.logX = logX;
        this.logY = logY;
    }

    /** Adds a series in colour number {@code colour} (series of one codec share a colour). */
    public XyChart add(Series s, int colour) {
        series.add(s);
        colours.add(colour);
        return this;
    }

    public void writePng(Path file) {
        BufferedImage img = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            draw(g);
        } finally {
            g.dispose();
        }
        try {
            ImageIO.write(img, "png", file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void draw(Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, HEIGHT);
        Axis x = axis(true);
        Axis y = axis(false);
        int plotW = WIDTH - LEFT - RIGHT;
        int plotH = HEIGHT - TOP - BOTTOM;

        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.setColor(Color.BLACK);
        g.drawString(title, LEFT, 30);

        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        FontMetrics fm = g.getFontMetrics();
        for (double t : x.ticks()) {
            double px = LEFT + x.fraction(t) * plotW;
            g.setColor(new Color(0xe6e6e6));
            g.draw(new Line2D.Double(px, TOP, px, TOP + plotH));
            g.setColor(Color.DARK_GRAY);
            String s = tick(t);
            g.drawString(s, (float) (px - fm.stringWidth(s) / 2.0), TOP + plotH + 18);
        }
        for (double t : y.ticks()) {
            double py = TOP + plotH - y.fraction(t) * plotH;
            g.setColor(new Color(0xe6e6e6));
            g.draw(new Line2D.Double(LEFT, py, LEFT + plotW, py));
            g.setColor(Color.DARK_GRAY);
            String s = tick(t);
            g.drawString(s, LEFT - 8 - fm.stringWidth(s), (float) (py + 4));
        }
        g.setColor(Color.BLACK);
        g.drawRect(LEFT, TOP, plotW, plotH);
        g.drawString(xLabel, LEFT + plotW / 2f - fm.stringWidth(xLabel) / 2f, HEIGHT - 25);
        Graphics2D rotated = (Graphics2D) g.create();
        rotated.rotate(-Math.PI / 2);
        rotated.drawString(yLabel, -(TOP + plotH / 2f + fm.stringWidth(yLabel) / 2f), 25);
        rotated.dispose();

        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            Color c = PALETTE[colours.get(i) % PALETTE.length];
            g.setColor(c);
            g.setStroke(new BasicStroke(1.5f));
            double prevX = Double.NaN;
            double prevY = Double.NaN;
            for (Point p : s.points()) {
                double px = LEFT + x.fraction(p.x()) * plotW;
                double py = TOP + plotH - y.fraction(p.y()) * plotH;
                if (s.lines() && !Double.isNaN(prevX)) {
                    g.draw(new Line2D.Double(prevX, prevY, px, py));
                }
                prevX = px;
                prevY = py;
                if (!Double.isNaN(p.yError()) && p.yError() > 0) {
                    double lo = TOP + plotH - y.fraction(Math.max(p.y() - p.yError(), y.min)) * plotH;
                    double hi = TOP + plotH - y.fraction(p.y() + p.yError()) * plotH;
                    g.draw(new Line2D.Double(px, lo, px, hi));
                    g.draw(new Line2D.Double(px - 4, lo, px + 4, lo));
                    g.draw(new Line2D.Double(px - 4, hi, px + 4, hi));
                }
                Ellipse2D dot = new Ellipse2D.Double(px - 5, py - 5, 10, 10);
                if (s.hollow()) {
                    g.setColor(Color.WHITE);
                    g.fill(dot);
                    g.setColor(c);
                    g.draw(dot);
                } else {
                    g.fill(dot);
                }
                if (p.label() != null) {
                    g.drawString(p.label(), (float) px + 8, (float) py - 6);
                }
            }
            // Legend entry.
            int ly = TOP + 10 + i * 20;
            Ellipse2D dot = new Ellipse2D.Double(WIDTH - RIGHT + 20, ly - 5, 10, 10);
            if (s.hollow()) {
                g.draw(dot);
            } else {
                g.fill(dot);
            }
            g.setColor(Color.BLACK);
            g.drawString(s.name(), WIDTH - RIGHT + 38, ly + 5);
        }
    }

    private static String tick(double v) {
        if (v != 0 && (Math.abs(v) >= 100_000 || Math.abs(v) < 0.01)) {
            return String.format(Locale.ROOT, "%.0e", v);
        }
        if (v == Math.rint(v)) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v).replaceAll("0+$", "");
    }

    /** Maps data values to [0, 1] along one axis, with "nice" ticks. */
    private final class Axis {
        final double min;
        final double max;
        final boolean log;

        Axis(double min, double max, boolean log) {
            this.min = min;
            this.max = max;
            this.log = log;
        }

        double fraction(double v) {
            if (log) {
                return (Math.log10(Math.max(v, min)) - Math.log10(min)) / (Math.log10(max) - Math.log10(min));
            }
            return (v - min) / (max - min);
        }

        List<Double> ticks() {
            List<Double> out = new ArrayList<>();
            if (log) {
                for (double d = Math.pow(10, Math.floor(Math.log10(min))); d <= max * 1.0001; d *= 10) {
                    for (double m : new double[] {1, 2, 5}) {
                        double t = d * m;
                        if (t >= min * 0.9999 && t <= max * 1.0001) {
                            out.add(t);
                        }
                    }
                }
                return out;
            }
            double step = niceStep((max - min) / 8);
            for (double t = Math.ceil(min / step) * step; t <= max + step * 1e-9; t += step) {
                out.add(t);
            }
            return out;
        }
    }

    private Axis axis(boolean horizontal) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (Point p : s.points()) {
                double v = horizontal ? p.x() : p.y();
                double e = horizontal || Double.isNaN(p.yError()) ? 0 : p.yError();
                boolean logAxis = horizontal ? logX : logY;
                // On a log axis an error bar reaching zero or below would stretch the axis to 1e-9 and
                // squash every point: such bars are clipped at the axis instead (see the drawing code).
                lo = Math.min(lo, logAxis && v - e <= v / 10 ? v : v - e);
                hi = Math.max(hi, v + e);
            }
        }
        boolean log = horizontal ? logX : logY;
        if (!Double.isFinite(lo)) {
            lo = log ? 1 : 0;
            hi = log ? 10 : 1;
        }
        if (log) {
            lo = Math.pow(10, Math.floor(Math.log10(Math.max(lo, 1e-9))));
            hi = Math.pow(10, Math.ceil(Math.log10(Math.max(hi, lo * 10))));
            return new Axis(lo, hi, true);
        }
        double step = niceStep((hi - Math.min(lo, 0)) / 8);
        double min = Math.min(0, Math.floor(lo / step) * step);
        double max = Math.ceil(hi / step) * step;
        if (max <= min) {
            max = min + 1;
        }
        return new Axis(min, max, false);
    }

    private static double niceStep(double raw) {
        if (!(raw > 0)) {
            return 1;
        }
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double n = raw / mag;
        return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * mag;
    }
}
