package dev.restcompress.bench.soak;

import dev.restcompress.bench.report.Csv;
import dev.restcompress.bench.report.Markdown;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * Turns a soak's samples and tallies into a verdict and its evidence: {@code samples.csv},
 * {@code requests.csv}, {@code chart.svg} and {@code report.md}.
 *
 * <p>Slopes are least-squares lines ({@link Trend}) after a warm-up: the headline is one slope
 * shared by every phase's window from the end of the warm-up to the end of the run (each phase at its
 * own level); each isolated POST phase also gets its own RSS slope, minus the first 30% of the phase.
 * A series leaks when its slope is over its threshold, significant and climbs more than its scatter
 * ({@link Trend#grows}).
 */
final class SoakReport {
    private static final double MB = 1024.0 * 1024.0;

    /**
     * One sampled series: how to read it, its unit scale, its leak threshold per minute (NaN: shown only), the
     * shortest phase window its slope counts over, and whether its slope is fitted to its floor (the lowest
     * value among each sample's neighbours, {@link #FLOOR_HALF_WIDTH} either side) instead of the samples.
     */
    record Series(String name, String unit, ToLongFunction<Sample> value, double scale, double threshold,
            long minWindowMs, boolean floor) {
        double of(Sample s) {
            long v = value.applyAsLong(s);
            return v < 0 ? Double.NaN : v / scale;
        }
    }

    /** The outcome: HELD, LEAKED or ERRORED, a one-line summary and the exit code. */
    record Verdict(String word, String summary, int exitCode) {
    }

    private final SoakOptions o;
    private final List<Sample> samples;
    private final List<String> samplePhases;
    private final List<SoakMain.PhaseRun> runs;
    private final Tally tally;
    private final long loadMs;
    private final String abortReason;
    private final List<String> jvmOptions;
    private final List<Series> series;

    SoakReport(SoakOptions o, List<Sample> samples, List<String> samplePhases, List<SoakMain.PhaseRun> runs, Tally tally,
            long loadMs, String abortReason, List<String> jvmOptions) {
        this.o = o;
        this.samples = samples;
        this.samplePhases = samplePhases;
        this.runs = runs;
        this.tally = tally;
        this.loadMs = loadMs;
        this.abortReason = abortReason;
        this.jvmOptions = jvmOptions;
        this.series = List.of(
                new Series("RSS", "MB", Sample::rss, MB, o.rssMbPerMin(), 0, false),
                new Series("NMT committed", "MB", Sample::nmtCommitted, MB, o.rssMbPerMin(), JVM_SERIES_MIN_WINDOW_MS, false),
                new Series("heap after GC", "MB", Sample::heapAfterGc, MB, o.heapMbPerMin(), JVM_SERIES_MIN_WINDOW_MS, true),
                new Series("NMT Other", "MB", Sample::nmtOther, MB, Double.NaN, JVM_SERIES_MIN_WINDOW_MS, false),
                new Series("direct buffers", "MB", Sample::direct, MB, Double.NaN, JVM_SERIES_MIN_WINDOW_MS, false),
                new Series("threads", "", Sample::threads, 1, o.countPerMin(), 0, false),
                new Series("open fds", "", Sample::fds, 1, o.countPerMin(), 0, false));
    }

    /** Share of each isolated phase left out of its slope: the previous phase's tail settles first. */
    static final double PHASE_SKIP = 0.3;
    /** A phase's RSS must also grow this much in its window to count: allocator steps are about 0.5 MB. */
    static final double PHASE_MIN_GROWTH_MB = 2;
    /**
     * ... and this much when the window is shorter than {@link #JVM_SERIES_MIN_WINDOW_MS} (each POST phase
     * of a --short run: 7 s). Over a few seconds the allocator settles in steps that look like growth: in
     * CI a brotli phase read +17.8 MB/min (2.1 MB in its window) on a build whose 3-minute brotli-only
     * soak then held at +0.59 MB/min. 5 MB in 7 s is about 2 KB per request at the short run's rate;
     * the decoder leaks this soak exists for (50-150 KB per request) climb far faster, and slower ones
     * are the 10-minute run's job (34 s windows).
     */
    static final double SHORT_PHASE_MIN_GROWTH_MB = 5;
    /**
     * NMT and heap after GC move in steps of tens of MB over seconds (C2 compiler arenas come and go,
     * bodies in flight at the GC), so their slopes count only over phase windows at least this long;
     * RSS, threads and fds over any window.
     */
    static final long JVM_SERIES_MIN_WINDOW_MS = 30_000;
    /**
     * The mixed phase is judged on its own only when its window after the warm-up is this long. At 10 s
     * (the --short run's 42-53 s) its RSS slope read between -50 and +52 MB/min over seven runs of
     * builds that hold (Undertow's direct buffers and the allocator's arenas still settle), and one of
     * them came out "significant": the mixed load of a short run is judged by the headline slope, which
     * pools it with the isolated phases, and each isolated phase still by its own.
     */
    static final long MIXED_MIN_WINDOW_MS = 30_000;

    /** The headline window: from the warm-up's end to the end of the run, every phase included. */
    long[] headlineWindow() {
        return new long[] {(long) (o.warmupFraction() * (o.minutes() * 60_000)), loadMs};
    }

    Trend trend(Series s, long from, long to) {
        return Trend.fit(times(from, to), values(s, from, to));
    }

    /**
     * The headline trend: after the warm-up, one slope shared by every phase window (each phase keeps
     * its own level, so a step at a phase change is not growth; a climb within phases is).
     */
    Trend headline(Series s) {
        List<long[]> ts = new ArrayList<>();
        List<double[]> ys = new ArrayList<>();
        for (long[] w : phaseWindows()) {
            if (w[1] - w[0] < s.minWindowMs()) {
                continue;
            }
            ts.add(times(w[0], w[1]));
            ys.add(values(s, w[0], w[1]));
        }
        return Trend.fitPooled(ts, ys);
    }

    /** Each phase's window: the mixed phase from the warm-up's end, isolated phases minus their first 30%. */
    List<long[]> phaseWindows() {
        List<long[]> out = new ArrayList<>();
        for (SoakMain.PhaseRun r : runs) {
            long from = windowStart(r);
            if (from < r.endMs()) {
                out.add(new long[] {from, r.endMs()});
            }
        }
        return out;
    }

    private long windowStart(SoakMain.PhaseRun r) {
        long warm = headlineWindow()[0];
        long from = r.name().equals("mixed") || runs.size() == 1 ? r.startMs()
                : r.startMs() + (long) (PHASE_SKIP * (r.endMs() - r.startMs()));
        return Math.max(from, warm);
    }

    private boolean in(Sample x, long from, long to) {
        return x.tMillis() >= from && x.tMillis() <= to + 500;
    }

    private long[] times(long from, long to) {
        return samples.stream().filter(x -> in(x, from, to)).mapToLong(Sample::tMillis).toArray();
    }

    private double[] values(Series s, long from, long to) {
        // NaN (series absent) stays in: Trend then says NaN, and the report shows "-".
        double[] v = samples.stream().filter(x -> in(x, from, to)).mapToDouble(s::of).toArray();
        return s.floor() ? floor(v, FLOOR_HALF_WIDTH) : v;
    }

    /**
     * Samples either side of each point whose minimum is its floor. The heap after a full GC still holds the
     * bodies in flight at that moment: under the mixed load's 2 MB bodies and 32 MiB bombs a 10-minute run
     * read 20-200 MB with a floor of 20.5-26.6 MB, and a least-squares line through the spikes came out at
     * +14 MB/min, "significant"; through the floor (3 either side) -0.9 MB/min. Retained memory lifts the
     * floor; bodies in flight only add spikes above it.
     */
    static final int FLOOR_HALF_WIDTH = 3;

    static double[] floor(double[] v, int halfWidth) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            double m = Double.POSITIVE_INFINITY;
            for (int j = Math.max(0, i - halfWidth); j <= Math.min(v.length - 1, i + halfWidth); j++) {
                m = Double.isNaN(v[j]) ? Double.NaN : Math.min(m, v[j]);
            }
            out[i] = m;
        }
        return out;
    }

    Verdict write() {
        List<String> leaks = new ArrayList<>();
        long[] hw = headlineWindow();
        List<List<String>> seriesRows = new ArrayList<>();
        for (Series s : series) {
            double first = Double.NaN;
            double last = Double.NaN;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (Sample x : samples) {
                double v = s.of(x);
                if (Double.isNaN(v)) {
                    continue;
                }
                if (Double.isNaN(first)) {
                    first = v;
                }
                last = v;
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            Trend t = headline(s);
            boolean leak = !Double.isNaN(s.threshold()) && t.grows(s.threshold());
            if (leak) {
                leaks.add(String.format(Locale.ROOT, "%s +%.2f%s/min (within phases, %.0f-%.0f s)", s.name(),
                        t.slopePerMin(), s.unit().isEmpty() ? "" : " " + s.unit(), hw[0] / 1000.0, hw[1] / 1000.0));
            }
            seriesRows.add(List.of(s.name() + (s.unit().isEmpty() ? "" : " (" + s.unit() + ")"), num(first), num(min),
                    num(max), num(last), signed(t.slopePerMin()), num(t.stdErr()),
                    Double.isNaN(s.threshold()) ? "(shown only)" : num(s.threshold()),
                    Double.isNaN(s.threshold()) ? "" : leak ? "**LEAKED**" : Double.isNaN(t.slopePerMin())
                            ? "not judged: no phase window of " + s.minWindowMs() / 1000 + " s" : "held"));
        }

        List<List<String>> phaseRows = new ArrayList<>();
        List<Series> memory = series.subList(0, 3);
        for (SoakMain.PhaseRun r : runs) {
            long len = r.endMs() - r.startMs();
            boolean mixed = r.name().equals("mixed");
            long from = windowStart(r);
            Trend[] ts = new Trend[3];
            for (int i = 0; i < 3; i++) {
                ts[i] = trend(memory.get(i), from, r.endMs());
            }
            // Per phase only RSS is judged: heap and NMT over a few seconds are noise (in-flight bodies),
            // and their long-run trend is in the headline. The mixed phase needs a long window of its own.
            String trend;
            double growth = Double.isNaN(ts[0].slopePerMin()) ? 0 : ts[0].slopePerMin() * (r.endMs() - from) / 60_000.0;
            if (r.endMs() <= from || (mixed && r.endMs() - from < MIXED_MIN_WINDOW_MS)) {
                trend = "(window too short to judge)";
            } else if (ts[0].grows(memory.get(0).threshold()) && growth >= (r.endMs() - from < JVM_SERIES_MIN_WINDOW_MS
                    ? SHORT_PHASE_MIN_GROWTH_MB : PHASE_MIN_GROWTH_MB)) {
                trend = "**LEAKED** (RSS)";
                if (runs.size() > 1) { // with one phase the headline already says it
                    leaks.add(String.format(Locale.ROOT, "RSS +%.1f MB/min while %s ran", ts[0].slopePerMin(),
                            mixed ? "the mixed load" : "only '" + r.name() + "'"));
                }
            } else {
                trend = "held";
            }
            double perMin = len > 0 ? r.requests() / (len / 60_000.0) : 0;
            double kbPerReq = perMin > 0 ? ts[0].slopePerMin() * 1024 / perMin : Double.NaN;
            phaseRows.add(List.of(r.name(), String.format(Locale.ROOT, "%.0f-%.0f", from / 1000.0, r.endMs() / 1000.0),
                    Long.toString(r.requests()), String.format(Locale.ROOT, "%.0f", perMin / 60), Long.toString(r.errors()),
                    signed(ts[0].slopePerMin()), signed(ts[1].slopePerMin()), signed(ts[2].slopePerMin()),
                    signed(kbPerReq), trend));
        }
        if (abortReason != null) {
            leaks.add(0, "stopped early: " + abortReason);
        }

        Verdict v;
        if (tally.errors() > 0) {
            v = new Verdict("ERRORED", tally.errors() + " wrong answers or failed exchanges in " + tally.requests()
                    + " requests" + (leaks.isEmpty() ? "" : "; also " + String.join("; ", leaks)), 2);
        } else if (!leaks.isEmpty()) {
            v = new Verdict("LEAKED", String.join("; ", leaks), 1);
        } else {
            v = new Verdict("HELD", String.format(Locale.ROOT, "no series grew beyond its threshold; %d requests, 0 errors",
                    tally.requests()), 0);
        }

        writeSamplesCsv();
        writeRequestsCsv();
        SoakChart.write(o.out().resolve("chart.svg"), samples, runs, series.subList(0, 5), series.subList(5, 7),
                "rest-compress demo soak: " + v.word());
        writeMarkdown(v, hw, seriesRows, phaseRows);
        return v;
    }

    private void writeMarkdown(Verdict v, long[] hw, List<List<String>> seriesRows, List<List<String>> phaseRows) {
        Markdown md = new Markdown().heading(1, "Soak of the rest-compress demo: " + v.word());
        md.paragraph("**" + v.word() + "**: " + v.summary());
        md.paragraph(String.join("\n", String.format(Locale.ROOT, "- when: %s; measured: %s", Instant.now(),
                o.label().isEmpty() ? "(no label)" : o.label()),
                String.format(Locale.ROOT, "- load: %.1f s planned %.1f min, %d threads%s, %d requests, %.0f req/s, %d errors%s",
                loadMs / 1000.0, o.minutes(), o.threads(),
                o.rate() > 0 ? " paced at " + o.rate() + " req/s" : " unpaced", tally.requests(), tally.requests() / (loadMs / 1000.0),
                tally.errors(), o.onlyPost() != null ? "; POST " + o.onlyPost() + " only" : ""),
                "- server: the demo (RESTEasy on Undertow) in its own JVM on 127.0.0.1: `" + String.join(" ", SoakServer.ENVIRONMENT)
                + " java " + String.join(" ", jvmOptions)
                + "`; JVM " + System.getProperty("java.vm.version") + ", " + Runtime.getRuntime().availableProcessors()
                + " CPUs shared with the load generator",
                String.format(Locale.ROOT, "- samples: every %.1f s (%d): RSS from /proc, heap used right after a "
                + "full GC, NMT summary totals, threads, open fds", o.intervalSeconds(), samples.size()),
                String.format(Locale.ROOT, "- headline window: %.0f s to %.0f s (the first %.0f%% of the run is warm-up), every phase: one "
                + "least-squares slope shared by the phase windows below, each phase at its own level (a step at a "
                + "phase change is not growth, a climb within phases is); a series leaks when that slope is over its "
                + "threshold, significant (one-sided Student t, 99.5%%, degrees of freedom reduced for autocorrelated "
                + "samples) and climbs more than twice the scatter around the line",
                hw[0] / 1000.0, hw[1] / 1000.0, o.warmupFraction() * 100)));
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
        List<List<String>> requestRows = new ArrayList<>();
        tally.rows().forEach((category, r) -> requestRows.add(List.of(category, Long.toString(r.requests.sum()),
                Long.toString(r.errors.sum()), r.outcomes.entrySet().stream().sorted(Map.Entry.comparingByKey())
                        .map(x -> x.getKey() + ": " + x.getValue().sum()).collect(Collectors.joining(", ")))));
        md.heading(2, "Requests").table(List.of("category", "requests", "errors", "outcomes"), requestRows);
        md.paragraph("Every answer is checked: status; Content-Encoding (the requested coding for bodies of 1 KiB "
                + "and more and for streams, none below); the body decoded by the library's codecs (gzip by the JDK's) "
                + "and compared byte-exact with the identity response or the body sent. Bombs (32 MiB of zeros) "
                + "must get 413, truncated bodies 400, unknown codings 415, `*;q=0` 406.");
        if (!tally.firstErrors().isEmpty()) {
            md.heading(2, "Errors (first " + Tally.KEPT_ERRORS + ")").paragraph(tally.firstErrors().stream()
                    .map(e -> "- " + e.replace("|", "\\|")).collect(Collectors.joining("\n")));
        }
        md.paragraph("Files: `samples.csv`, `requests.csv`, `chart.svg`, `server.log`.");
        md.write(o.out().resolve("report.md"));
    }

    private void writeSamplesCsv() {
        Csv csv = new Csv("t_s", "phase", "rss_mb", "heap_after_gc_mb", "nmt_committed_mb", "nmt_other_mb", "direct_mb",
                "threads", "fds");
        for (int i = 0; i < samples.size(); i++) {
            Sample s = samples.get(i);
            csv.row(s.tMillis() / 1000.0, samplePhases.get(i), s.rss() / MB, s.heapAfterGc() / MB, s.nmtCommitted() / MB,
                    s.nmtOther() / MB, s.direct() / MB, s.threads(), s.fds());
        }
        csv.write(o.out().resolve("samples.csv"));
    }

    private void writeRequestsCsv() {
        Csv csv = new Csv("category", "requests", "errors");
        tally.rows().forEach((k, r) -> csv.row(k, r.requests.sum(), r.errors.sum()));
        csv.write(o.out().resolve("requests.csv"));
    }

    private static String num(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "-";
        }
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String signed(double v) {
        return Double.isNaN(v) ? "-" : (v >= 0 ? "+" : "") + num(v);
    }
}
