package dev.restcompress.bench.soak;

import dev.restcompress.bench.core.Stats;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.Table;
import dev.restcompress.bench.report.XyChart;
import dev.restcompress.bench.soak.SoakMain.Sample;
import dev.restcompress.bench.soak.Workload.Probe;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A soak's verdict and its evidence: {@code samples.csv}, {@code requests.csv}, {@code chart.svg}, {@code report.md}.
 * A series leaks when its trend after the warm-up, one slope shared by the phase windows each at its own
 * level, {@link Trend#grows}; each phase also gets its own RSS slope.
 */
record SoakReport(SoakOptions o, List<Sample> samples, List<SoakMain.PhaseRun> runs, Tally tally, long loadMs,
        String abortReason) {
    private static final double MB = 1024.0 * 1024.0;
    /** The thread and fd slope above which they leak. */
    private static final double COUNT_PER_MIN = 10;
    /** Share of each isolated phase left out of its slope: the previous phase's tail settles first. */
    static final double PHASE_SKIP = 0.3;
    /** A phase's RSS must also grow this much in its window to count: allocator steps are about 0.5 MB. */
    static final double PHASE_MIN_GROWTH_MB = 2;
    /**
     * ... and this much in windows under {@link #JVM_SERIES_MIN_WINDOW_MS} (a --short run's 7 s POST phases): in CI
     * the allocator settling read +17.8 MB/min (2.1 MB) in a brotli phase of a build that held over 3 minutes;
     * 5 MB in 7 s is about 2 KB per request, far below the 50-150 KB decoder leaks this soak exists for.
     */
    static final double SHORT_PHASE_MIN_GROWTH_MB = 5;
    /** NMT and heap after GC step by tens of MB within seconds (compiler arenas, bodies in flight at the GC). */
    static final long JVM_SERIES_MIN_WINDOW_MS = 30_000;
    /**
     * The mixed phase is judged on its own only over a window this long: at 10 s (a --short run) its RSS slope read
     * -50 to +52 MB/min over seven runs of builds that hold, so there the headline slope judges it.
     */
    static final long MIXED_MIN_WINDOW_MS = 30_000;
    /**
     * Samples either side whose minimum is a point's floor: a 10-minute run's heap after GC read 20-200 MB
     * (bodies in flight), whose line came out +14 MB/min, "significant"; its floor's -0.9 MB/min.
     */
    static final int FLOOR_HALF_WIDTH = 3;

    /**
     * One sampled series, its {@code samples.csv} column and scale, its leak threshold per minute (NaN: shown
     * only), the shortest phase window its slope counts over, and whether that slope is fitted to its floor.
     */
    record Series(String name, String unit, String csvName, ToLongFunction<Sample> value, double scale,
            double threshold, long minWindowMs, boolean floor) {
        double of(Sample s) {
            long v = value.applyAsLong(s);
            return v < 0 ? Double.NaN : v / scale;
        }
    }

    record Verdict(String word, String summary, int exitCode) {}

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
            record Group(double[] dx, double[] y, double my) {}
            List<Group> kept = new ArrayList<>();
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
                kept.add(new Group(dx, y, my));
            }
            int groups = kept.size();
            int dof = n - groups - 1;
            if (dof < 1 || sxx == 0) {
                return new Trend(Double.NaN, Double.NaN, 0, Double.NaN, 0);
            }
            double slope = sxy / sxx;
            double sse = 0;
            double lag = 0;
            for (Group g : kept) {
                double previous = Double.NaN;
                for (int i = 0; i < g.dx().length; i++) {
                    double r = g.y()[i] - (g.my() + slope * g.dx()[i]);
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

    /** The series in chart order: RSS, NMT committed, heap after GC, NMT Other, direct buffers, threads, fds. */
    List<Series> series() {
        long jvm = JVM_SERIES_MIN_WINDOW_MS;
        return List.of(new Series("RSS", "MB", "rss_mb", Sample::rss, MB, o.rssMbPerMin, 0, false),
                new Series("NMT committed", "MB", "nmt_committed_mb", Sample::nmtCommitted, MB, o.rssMbPerMin, jvm, false),
                new Series("heap after GC", "MB", "heap_after_gc_mb", Sample::heapAfterGc, MB, o.heapMbPerMin, jvm, true),
                new Series("NMT Other", "MB", "nmt_other_mb", Sample::nmtOther, MB, Double.NaN, jvm, false),
                new Series("direct buffers", "MB", "direct_mb", Sample::direct, MB, Double.NaN, jvm, false),
                new Series("threads", "", "threads", Sample::threads, 1, COUNT_PER_MIN, 0, false),
                new Series("open fds", "", "fds", Sample::fds, 1, COUNT_PER_MIN, 0, false));
    }

    long warmupEndMs() {
        return (long) (o.warmup * (o.minutes * 60_000));
    }

    /** A phase's window: the mixed phase from the warm-up's end, isolated phases minus their first 30%. */
    private long windowStart(SoakMain.PhaseRun r) {
        long from = r.name().equals("mixed") || runs.size() == 1 ? r.startMs()
                : r.startMs() + (long) (PHASE_SKIP * (r.endMs() - r.startMs()));
        return Math.max(from, warmupEndMs());
    }

    private Trend trend(Series s, List<long[]> windows) {
        List<long[]> ts = new ArrayList<>();
        List<double[]> ys = new ArrayList<>();
        for (long[] w : windows) {
            List<Sample> in = samples.stream().filter(x -> x.tMillis() >= w[0] && x.tMillis() <= w[1] + 500).toList();
            ts.add(in.stream().mapToLong(Sample::tMillis).toArray());
            // NaN (series absent) stays in: Trend then says NaN, and the report shows "-".
            double[] v = in.stream().mapToDouble(s::of).toArray();
            ys.add(s.floor() ? floor(v, FLOOR_HALF_WIDTH) : v);
        }
        return Trend.fit(ts, ys);
    }

    /** The lowest of each point and its {@code halfWidth} neighbours either side (NaN among them: NaN). */
    static double[] floor(double[] v, int halfWidth) {
        return IntStream.range(0, v.length).mapToDouble(i -> Arrays.stream(v, Math.max(0, i - halfWidth),
                Math.min(v.length, i + halfWidth + 1)).reduce(Double.POSITIVE_INFINITY, Math::min)).toArray();
    }

    Verdict write() {
        List<Series> series = series();
        List<String> leaks = new ArrayList<>();
        List<List<String>> seriesRows = new ArrayList<>();
        for (Series s : series) {
            double[] v = samples.stream().mapToDouble(s::of).filter(x -> !Double.isNaN(x)).toArray();
            DoubleSummaryStatistics range = Arrays.stream(v).summaryStatistics();
            // The headline: one slope over every phase window after the warm-up long enough for this series.
            Trend t = trend(s, runs.stream().map(r -> new long[] {windowStart(r), r.endMs()})
                    .filter(w -> w[0] < w[1] && w[1] - w[0] >= s.minWindowMs()).toList());
            boolean leak = !Double.isNaN(s.threshold()) && t.grows(s.threshold());
            if (leak) {
                leaks.add(String.format(Locale.ROOT, "%s +%.2f%s/min (within phases, %.0f-%.0f s)", s.name(),
                        t.slopePerMin(), s.unit().isEmpty() ? "" : " " + s.unit(), warmupEndMs() / 1000.0, loadMs / 1000.0));
            }
            seriesRows.add(List.of(s.name() + (s.unit().isEmpty() ? "" : " (" + s.unit() + ")"),
                    num(v.length == 0 ? Double.NaN : v[0]), num(range.getMin()), num(range.getMax()),
                    num(v.length == 0 ? Double.NaN : v[v.length - 1]), signed(t.slopePerMin()), num(t.stdErr()),
                    Double.isNaN(s.threshold()) ? "(shown only)" : num(s.threshold()),
                    Double.isNaN(s.threshold()) ? "" : leak ? "**LEAKED**" : Double.isNaN(t.slopePerMin())
                            ? "not judged: no phase window of " + s.minWindowMs() / 1000 + " s" : "held"));
        }
        List<List<String>> phaseRows = new ArrayList<>();
        for (SoakMain.PhaseRun r : runs) {
            long from = windowStart(r);
            // Per phase only RSS is judged: heap and NMT over a few seconds are noise (in-flight bodies),
            // and their long-run trend is in the headline. The mixed phase needs a long window of its own.
            Trend[] ts = series.subList(0, 3).stream().map(s -> trend(s, List.of(new long[] {from, r.endMs()})))
                    .toArray(Trend[]::new);
            double rssPerMin = ts[0].slopePerMin();
            double growth = Double.isNaN(rssPerMin) ? 0 : rssPerMin * (r.endMs() - from) / 60_000.0;
            String trend = "held";
            if (r.endMs() <= from || (r.name().equals("mixed") && r.endMs() - from < MIXED_MIN_WINDOW_MS)) {
                trend = "(window too short to judge)";
            } else if (ts[0].grows(o.rssMbPerMin) && growth >= (r.endMs() - from < JVM_SERIES_MIN_WINDOW_MS
                    ? SHORT_PHASE_MIN_GROWTH_MB : PHASE_MIN_GROWTH_MB)) {
                trend = "**LEAKED** (RSS)";
                if (runs.size() > 1) { // with one phase the headline already says it
                    leaks.add(String.format(Locale.ROOT, "RSS +%.1f MB/min while %s ran", rssPerMin,
                            r.name().equals("mixed") ? "the mixed load" : "only '" + r.name() + "'"));
                }
            }
            long len = r.endMs() - r.startMs();
            double perMin = len > 0 ? r.requests() / (len / 60_000.0) : 0;
            phaseRows.add(List.of(r.name(), String.format(Locale.ROOT, "%.0f-%.0f", from / 1000.0, r.endMs() / 1000.0),
                    Long.toString(r.requests()), String.format(Locale.ROOT, "%.0f", perMin / 60), Long.toString(r.errors()),
                    signed(rssPerMin), signed(ts[1].slopePerMin()), signed(ts[2].slopePerMin()),
                    signed(perMin > 0 ? rssPerMin * 1024 / perMin : Double.NaN), trend));
        }
        if (abortReason != null) {
            leaks.add(0, "stopped early: " + abortReason);
        }
        Verdict v = tally.errors() > 0 ? new Verdict("ERRORED", tally.errors() + " wrong answers or failed exchanges in "
                + tally.requests() + " requests" + (leaks.isEmpty() ? "" : "; also " + String.join("; ", leaks)), 2)
                : !leaks.isEmpty() ? new Verdict("LEAKED", String.join("; ", leaks), 1)
                : new Verdict("HELD", String.format(Locale.ROOT, "no series grew beyond its threshold; %d requests, 0 errors",
                        tally.requests()), 0);

        Table<Sample> sampleTable = new Table<Sample>().csvOnly("t_s", s -> s.tMillis() / 1000.0)
                .csvOnly("phase", Sample::phase);
        series.forEach(s -> sampleTable.csvOnly(s.csvName(), s::of));
        sampleTable.writeCsv(samples, o.out.resolve("samples.csv"));
        Table<Map.Entry<String, Tally.Row>> requestTable = new Table<Map.Entry<String, Tally.Row>>()
                .text("category", "category", Map.Entry::getKey)
                .text("requests", "requests", e -> e.getValue().requests().sum())
                .text("errors", "errors", e -> e.getValue().errors().sum())
                .shownOnly("outcomes", e -> e.getValue().outcomes().entrySet().stream().sorted(Map.Entry.comparingByKey())
                        .map(x -> x.getKey() + ": " + x.getValue().sum()).collect(Collectors.joining(", ")));
        List<Map.Entry<String, Tally.Row>> requestRows = List.copyOf(tally.rows().entrySet());
        requestTable.writeCsv(requestRows, o.out.resolve("requests.csv"));
        writeChart(series, "rest-compress demo soak: " + v.word());

        Markdown md = new Markdown().heading(1, "Soak of the rest-compress demo: " + v.word());
        md.paragraph("**" + v.word() + "**: " + v.summary());
        md.paragraph(String.join("\n", String.format(Locale.ROOT, "- when: %s; measured: %s", Instant.now(),
                o.label.isEmpty() ? "(no label)" : o.label),
                String.format(Locale.ROOT, "- load: %.1f s planned %.1f min, %d threads%s, %d requests, %.0f req/s, %d errors%s",
                loadMs / 1000.0, o.minutes, o.threads, o.rate > 0 ? " paced at " + o.rate + " req/s" : " unpaced",
                tally.requests(), tally.requests() / (loadMs / 1000.0), tally.errors(),
                o.onlyPost != null ? "; POST " + o.onlyPost + " only" : ""),
                "- server: the demo (RESTEasy on Undertow) in its own JVM on 127.0.0.1: `" + String.join(" ", SoakMain.ENVIRONMENT)
                + " java " + String.join(" ", SoakMain.JVM_OPTIONS)
                + "`; JVM " + System.getProperty("java.vm.version") + ", " + Runtime.getRuntime().availableProcessors()
                + " CPUs shared with the load generator",
                String.format(Locale.ROOT, "- samples: every %.1f s (%d): RSS from /proc, heap used right after a "
                + "full GC, NMT summary totals, threads, open fds", o.interval, samples.size()),
                String.format(Locale.ROOT, "- headline window: %.0f s to %.0f s (the first %.0f%% of the run is warm-up), every phase: one "
                + "least-squares slope shared by the phase windows below, each phase at its own level (a step at a "
                + "phase change is not growth, a climb within phases is); a series leaks when that slope is over its "
                + "threshold, significant (one-sided Student t, 99.5%%, degrees of freedom reduced for autocorrelated "
                + "samples) and climbs more than twice the scatter around the line",
                warmupEndMs() / 1000.0, loadMs / 1000.0, o.warmup * 100)));
        md.heading(2, "Series").table(List.of("series", "first", "min", "max", "last", "growth/min (window)", "± std err",
                "threshold/min", "trend"), seriesRows);
        md.paragraph("NMT and heap after GC move in steps of tens of MB within seconds (compiler arenas, bodies in "
                + "flight at the GC): their slopes use only phase windows of at least "
                + JVM_SERIES_MIN_WINDOW_MS / 1000 + " s, so a --short run judges RSS, threads and fds only. The heap's "
                + "slope is fitted to its floor, the lowest of each sample and its " + FLOOR_HALF_WIDTH + " neighbours "
                + "either side: bodies in flight at the GC only add spikes above it, retained memory lifts it.");
        md.paragraph("RSS is what the OS gives the process. NMT counts only what the JVM allocates itself (heap, "
                + "metaspace, threads, code, GC, direct buffers under Other); memory that native libraries "
                + "(zstd-jni, brotli4j, libdeflate) malloc shows in RSS but not in NMT.");
        md.heading(2, "Phases").table(List.of("phase", "window (s)", "requests", "req/s", "errors", "RSS MB/min",
                "NMT MB/min", "heap MB/min", "RSS KB/request", "trend"), phaseRows);
        md.paragraph(String.format(Locale.ROOT, "Each isolated phase POSTs /rest/echo with one Content-Encoding only "
                + "(several bodies, echoed as identity or in the same coding). Its slopes skip its first %.0f%% (the "
                + "previous phase settles); it leaks when its RSS slope is over the threshold, significant, and RSS grew "
                + "at least %.0f MB in the window (%.0f MB in windows under %d s, as in a --short run: over a few seconds "
                + "the allocator's settling steps look like growth). RSS KB/request = RSS slope / request rate. The "
                + "mixed phase's window starts after the warm-up.", PHASE_SKIP * 100, PHASE_MIN_GROWTH_MB,
                SHORT_PHASE_MIN_GROWTH_MB, JVM_SERIES_MIN_WINDOW_MS / 1000));
        md.paragraph("![memory over time](chart.svg)");
        requestTable.markdown(md.heading(2, "Requests"), requestRows);
        md.paragraph("Every answer is checked: status; Content-Encoding (the requested coding for bodies of 1 KiB "
                + "and more and for streams, none below); the body decoded by the library's codecs (gzip by the JDK's) "
                + "and compared byte-exact with the identity response or the body sent. Bombs (32 MiB of zeros) "
                + "must get 413, truncated bodies 400, unknown codings 415, `*;q=0` 406.");
        if (!tally.firstErrors().isEmpty()) {
            md.heading(2, "Errors (first " + Tally.KEPT_ERRORS + ")").paragraph(tally.firstErrors().stream()
                    .map(e -> "- " + e.replace("|", "\\|")).collect(Collectors.joining("\n")));
        }
        md.paragraph("Files: `samples.csv`, `requests.csv`, `chart.svg`, `server.log`.");
        md.write(o.out.resolve("report.md"));
        return v;
    }

    /** Four stacked panels over time with the phases marked; SVG renders in any browser or Markdown viewer. */
    private void writeChart(List<Series> series, String title) {
        List<List<Series>> panels = List.of(series.subList(0, 2), series.subList(2, 3), series.subList(3, 5),
                series.subList(5, 7));
        List<XyChart> charts = new ArrayList<>();
        for (int p = 0; p < panels.size(); p++) {
            boolean last = p == panels.size() - 1;
            XyChart chart = new XyChart(960, 230, p == 0 ? title : null, last ? "seconds" : null, last ? "count" : "MB",
                    false, false).tightY();
            double top = 0;
            for (int k = 0; k < panels.get(p).size(); k++) {
                Series s = panels.get(p).get(k);
                top = Math.max(top, samples.stream().mapToDouble(s::of).filter(v -> !Double.isNaN(v)).max().orElse(0));
                chart.line(s.name(), samples, x -> x.tMillis() / 1000.0, s::of, XyChart::noError, false, k);
            }
            for (SoakMain.PhaseRun r : runs) {
                chart.vertical(r.startMs() / 1000.0, p == 0 ? r.name() : null, top);
            }
            charts.add(chart);
        }
        XyChart.writeSvg(o.out.resolve("chart.svg"), charts);
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : "%.2f", v) : "-";
    }

    private static String signed(double v) {
        return Double.isNaN(v) ? "-" : (v >= 0 ? "+" : "") + num(v);
    }

    /** Requests, errors and outcomes per category, plus the first error messages. Thread-safe. */
    static final class Tally {
        static final int KEPT_ERRORS = 50;

        record Row(LongAdder requests, LongAdder errors, Map<String, LongAdder> outcomes) {}

        private final Map<String, Row> rows = new ConcurrentHashMap<>();
        private final LongAdder requests = new LongAdder();
        private final LongAdder errors = new LongAdder();
        private final List<String> firstErrors = new ArrayList<>();

        /** Records one finished probe: {@code outcome} is a status or a hang-up, {@code error} null when right. */
        void record(Probe p, String outcome, String error, long tMillis) {
            Row row = rows.computeIfAbsent(p.category(),
                    k -> new Row(new LongAdder(), new LongAdder(), new ConcurrentHashMap<>()));
            row.requests.increment();
            row.outcomes.computeIfAbsent(outcome, k -> new LongAdder()).increment();
            requests.increment();
            if (error != null) {
                row.errors.increment();
                recordOther(p.name() + ": " + error, tMillis);
            }
        }

        /** Also called alone for an error outside any probe (the server died, a sample failed). */
        void recordOther(String error, long tMillis) {
            errors.increment();
            synchronized (firstErrors) {
                if (firstErrors.size() < KEPT_ERRORS) {
                    firstErrors.add(String.format("t=%.1fs %s", tMillis / 1000.0, error));
                }
            }
        }

        long requests() {
            return requests.sum();
        }

        long errors() {
            return errors.sum();
        }

        Map<String, Row> rows() {
            return new TreeMap<>(rows);
        }

        List<String> firstErrors() {
            synchronized (firstErrors) {
                return List.copyOf(firstErrors);
            }
        }
    }
}
