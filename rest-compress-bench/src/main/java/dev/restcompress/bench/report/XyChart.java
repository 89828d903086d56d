package dev.restcompress.bench.report;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Every chart of the bench: XChart's XY chart, written as PNG or stacked with others into one SVG. Not thread-safe. */
public final class XyChart {
    /** One point; {@code yError} is the half-width of y's error bar (NaN for none), {@code label} may be null. */
    public record Point(double x, double y, double yError, String label) {}

    /** Points in one colour; {@code hollow} draws open circles. */
    public record Series(String name, List<Point> points, boolean lines, boolean hollow) {}

    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf),
    };
    private static final Marker HOLLOW = new Marker() {
        @Override
        public void paint(Graphics2D g, double x, double y, int size) {
            g.setStroke(new java.awt.BasicStroke(1.5f));
            g.draw(new Ellipse2D.Double(x - size / 2.0, y - size / 2.0, size, size));
        }
    };

    private final XYChart chart;
    private boolean tightY;

    public XyChart(String title, String xLabel, String yLabel, boolean logX, boolean logY) {
        this(960, 600, title, xLabel, yLabel, logX, logY);
    }

    /** A chart of the given size in pixels; a null title or x label is left out (stacked panels). */
    public XyChart(int width, int height, String title, String xLabel, String yLabel, boolean logX, boolean logY) {
        chart = new XYChartBuilder().width(width).height(height).title(title == null ? "" : title)
                .xAxisTitle(xLabel == null ? "" : xLabel).yAxisTitle(yLabel).build();
        XYStyler style = chart.getStyler();
        style.setChartTitleVisible(title != null);
        style.setXAxisTitleVisible(xLabel != null);
        style.setXAxisLogarithmic(logX).setYAxisLogarithmic(logY).setErrorBarsColorSeriesColor(true);
        style.setLegendPosition(Styler.LegendPosition.OutsideE).setChartBackgroundColor(Color.WHITE).setMarkerSize(10)
                .setDecimalPattern("#,##0.##");
    }

    /** Adds a series in colour number {@code colour}, without the points a log axis or NaN cannot draw. */
    public XyChart add(Series s, int colour) {
        boolean logX = chart.getStyler().isXAxisLogarithmic();
        boolean logY = chart.getStyler().isYAxisLogarithmic();
        List<Point> points = s.points().stream().filter(p -> Double.isFinite(p.x()) && Double.isFinite(p.y())
                && (!logX || p.x() > 0) && (!logY || p.y() > 0)).toList();
        if (points.isEmpty()) {
            return this;
        }
        double[] x = points.stream().mapToDouble(Point::x).toArray();
        double[] y = points.stream().mapToDouble(Point::y).toArray();
        // On a log axis a bar reaching zero would stretch the axis without bound: it stops at y / 10.
        double[] e = points.stream().mapToDouble(p -> !(p.yError() > 0) ? 0 : logY ? Math.min(p.yError(), 0.9 * p.y())
                : p.yError()).toArray();
        XYSeries series = Arrays.stream(e).anyMatch(v -> v > 0) ? chart.addSeries(s.name(), x, y, e)
                : chart.addSeries(s.name(), x, y);
        Color c = PALETTE[colour % PALETTE.length];
        // A long time series reads better as a plain line than as a row of dots.
        Marker marker = s.lines() && points.size() > 40 ? SeriesMarkers.NONE : s.hollow() ? HOLLOW : SeriesMarkers.CIRCLE;
        series.setXYSeriesRenderStyle(s.lines() ? XYSeries.XYSeriesRenderStyle.Line : XYSeries.XYSeriesRenderStyle.Scatter)
                .setMarker(marker).setMarkerColor(c).setLineColor(c);
        points.stream().filter(p -> p.label() != null)
                .forEach(p -> chart.addAnnotation(new AnnotationText(p.label(), p.x(), p.y(), false)));
        return this;
    }

    /** Adds a line of one point per item; {@code yError} may be {@link #noError}. */
    public <T> XyChart line(String name, List<T> items, ToDoubleFunction<T> x, ToDoubleFunction<T> y,
            ToDoubleFunction<T> yError, boolean hollow, int colour) {
        List<Point> points = items.stream().map(i -> new Point(x.applyAsDouble(i), y.applyAsDouble(i),
                yError.applyAsDouble(i), null)).toList();
        return add(new Series(name, points, true, hollow), colour);
    }

    public static <T> double noError(T item) {
        return Double.NaN;
    }

    /** {@code items} grouped by {@code key}, groups and items in their first order: one series per group. */
    public static <T> Map<String, List<T>> groups(List<T> items, Function<T, String> key) {
        return items.stream().collect(Collectors.groupingBy(key, LinkedHashMap::new, Collectors.toList()));
    }

    /** A vertical dashed line at {@code x} with {@code label} above the plot (null for none). */
    public XyChart vertical(double x, String label, double labelY) {
        chart.addAnnotation(new AnnotationLine(x, true, false));
        if (label != null) {
            chart.addAnnotation(new AnnotationText(label, x, labelY, false));
        }
        return this;
    }

    /** A log axis from decade to decade (XChart labels only the decades), a linear one from zero or below. */
    private void frame() {
        XYStyler style = chart.getStyler();
        Collection<XYSeries> all = chart.getSeriesMap().values();
        if (!all.isEmpty()) {
            double[] x = ends(all.stream().mapToDouble(XYSeries::getXMin).min().getAsDouble(),
                    all.stream().mapToDouble(XYSeries::getXMax).max().getAsDouble(), style.isXAxisLogarithmic());
            double[] y = ends(all.stream().mapToDouble(XYSeries::getYMin).min().getAsDouble(),
                    all.stream().mapToDouble(XYSeries::getYMax).max().getAsDouble(), style.isYAxisLogarithmic());
            style.setXAxisMin(x[0]).setXAxisMax(x[1]);
            if (!tightY || style.isYAxisLogarithmic()) {
                style.setYAxisMin(y[0]).setYAxisMax(y[1]);
            }
        }
    }

    /** A linear y axis that fits the data rather than starting at zero, so a slow drift shows. */
    public XyChart tightY() {
        tightY = true;
        return this;
    }

    private static double[] ends(double lo, double hi, boolean log) {
        return log ? new double[] {Math.pow(10, Math.floor(Math.log10(lo))), Math.pow(10, Math.ceil(Math.log10(hi * 1.0001)))}
                : new double[] {Math.min(0, lo), hi > Math.min(0, lo) ? hi * 1.05 : 1};
    }

    public void writePng(Path file) {
        frame();
        try {
            BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code panels} top to bottom into one SVG file. */
    public static void writeSvg(Path file, List<XyChart> panels) {
        VectorGraphics2D g = new VectorGraphics2D();
        int width = 0;
        int height = 0;
        for (XyChart p : panels) {
            p.frame();
            Graphics2D panel = (Graphics2D) g.create(0, height, p.chart.getWidth(), p.chart.getHeight());
            p.chart.paint(panel, p.chart.getWidth(), p.chart.getHeight());
            panel.dispose();
            width = Math.max(width, p.chart.getWidth());
            height += p.chart.getHeight();
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            new SVGProcessor().getDocument(g.getCommands(), new PageSize(0, 0, width, height)).writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
