package dev.restcompress.bench.soak;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * <p>Slopes are least-squares lines ({@link Trend}) after a warm-up: the headline window starts at
 * {@code warmup} of the run and ends with the mixed phase (the whole run with {@code --only-post});
 * each isolated POST phase gets its own window, minus the same share of its start. A series leaks
 * when its slope is over its threshold and three standard errors from flat.
 */
final class SoakReport {
    private static final double MB = 1024.0 * 1024.0;

    /** One sampled series: how to read it, its unit scale and its leak threshold per minute (NaN: shown only). */
    record Series(String name, String unit, ToLongFunction<Sample> value, double scale, double threshold) {
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
                new Series("RSS", "MB", Sample::rss, MB, o.rssMbPerMin()),
                new Series("NMT committed", "MB", Sample::nmtCommitted, MB, o.rssMbPerMin()),
                new Series("heap after GC", "MB", Sample::heapAfterGc, MB, o.heapMbPerMin()),
                new Series("NMT Other", "MB", Sample::nmtOther, MB, Double.NaN),
                new Series("direct buffers", "MB", Sample::direct, MB, Double.NaN),
                new Series("threads", "", Sample::threads, 1, o.countPerMin()),
                new Series("open fds", "", Sample::fds, 1, o.countPerMin()));
    }

    /** The headline window: from the warm-up's end to the end of the mixed phase (or of the run). */
    long[] headlineWindow() {
        long end = loadMs;
        for (SoakMain.PhaseRun r : runs) {
            if (r.name().equals("mixed")) {
                end = r.endMs();
            }
        }
        return new long[] {(long) (o.warmupFraction() * (o.minutes() * 60_000)), end};
    }

    Trend trend(Series s, long from, long to) {
        List<Long> ts = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (Sample x : samples) {
            double v = s.of(x);
            if (x.tMillis() >= from && x.tMillis() <= to + 500 && !Double.isNaN(v)) {
                ts.add(x.tMillis());
                ys.add(v);
            }
        }
        return Trend.fit(ts.stream().mapToLong(Long::longValue).toArray(), ys.stream().mapToDouble(Double::doubleValue).toArray());
    }

    Verdict write() throws IOException {
        List<String> leaks = new ArrayList<>();
        long[] hw = headlineWindow();
        StringBuilder seriesTable = new StringBuilder();
        seriesTable.append("| series | first | min | max | last | growth/min (window) | ± std err | threshold/min | trend |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
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
            Trend t = trend(s, hw[0], hw[1]);
            boolean leak = !Double.isNaN(s.threshold()) && t.grows(s.threshold());
            if (leak) {
                leaks.add(String.format(Locale.ROOT, "%s +%.2f %s/min (mixed load)", s.name(), t.slopePerMin(), unit(s)));
            }
            seriesTable.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
                    s.name() + (s.unit().isEmpty() ? "" : " (" + s.unit() + ")"), num(first), num(min), num(max),
                    num(last), signed(t.slopePerMin()), num(t.stdErr()),
                    Double.isNaN(s.threshold()) ? "(shown only)" : num(s.threshold()),
                    Double.isNaN(s.threshold()) ? "" : leak ? "**LEAKED**" : "held"));
        }

        StringBuilder phaseTable = new StringBuilder();
        phaseTable.append("| phase | from-to (s) | requests | req/s | errors | RSS MB/min | NMT MB/min | heap MB/min "
                + "| RSS KB/request | trend |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
        List<Series> memory = series.subList(0, 3);
        for (SoakMain.PhaseRun r : runs) {
            long len = r.endMs() - r.startMs();
            long from = r.name().equals("mixed") ? hw[0] : r.startMs() + (long) (o.warmupFraction() * len);
            Trend[] ts = new Trend[3];
            List<String> phaseLeaks = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                ts[i] = trend(memory.get(i), from, r.endMs());
                if (ts[i].grows(memory.get(i).threshold())) {
                    phaseLeaks.add(memory.get(i).name());
                    if (!r.name().equals("mixed")) {
                        leaks.add(String.format(Locale.ROOT, "%s +%.1f MB/min while only '%s' ran", memory.get(i).name(),
                                ts[i].slopePerMin(), r.name()));
                    }
                }
            }
            double perMin = len > 0 ? r.requests() / (len / 60_000.0) : 0;
            double kbPerReq = perMin > 0 ? ts[0].slopePerMin() * 1024 / perMin : Double.NaN;
            phaseTable.append(String.format(Locale.ROOT, "| %s | %.0f-%.0f | %d | %.0f | %d | %s | %s | %s | %s | %s |\n",
                    r.name(), r.startMs() / 1000.0, r.endMs() / 1000.0, r.requests(), perMin / 60, r.errors(),
                    signed(ts[0].slopePerMin()), signed(ts[1].slopePerMin()), signed(ts[2].slopePerMin()),
                    signed(kbPerReq), phaseLeaks.isEmpty() ? "held" : "**LEAKED** (" + String.join(", ", phaseLeaks) + ")"));
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
        Files.writeString(o.out().resolve("chart.svg"), SoakChart.svg(samples, runs, series.subList(0, 5),
                series.subList(5, 7), "rest-compress demo soak: " + v.word()));
        writeMarkdown(v, hw, seriesTable.toString(), phaseTable.toString());
        return v;
    }

    private void writeMarkdown(Verdict v, long[] hw, String seriesTable, String phaseTable) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("# Soak of the rest-compress demo: ").append(v.word()).append("\n\n");
        md.append("**").append(v.word()).append("**: ").append(v.summary()).append("\n\n");
        md.append(String.format(Locale.ROOT, "- when: %s; measured: %s%n", Instant.now(), o.label().isEmpty() ? "(no label)" : o.label()));
        md.append(String.format(Locale.ROOT, "- load: %.1f s planned %.1f min, %d threads%s, %d requests, %.0f req/s, %d errors%s%n",
                loadMs / 1000.0, o.minutes(), o.threads(),
                o.rate() > 0 ? " paced at " + o.rate() + " req/s" : " unpaced", tally.requests(), tally.requests() / (loadMs / 1000.0),
                tally.errors(), o.onlyPost() != null ? "; POST " + o.onlyPost() + " only" : ""));
        md.append("- server: the demo (RESTEasy on Undertow) in its own JVM on 127.0.0.1: `java ")
                .append(String.join(" ", jvmOptions)).append("`; JVM ").append(System.getProperty("java.vm.version"))
                .append(", ").append(Runtime.getRuntime().availableProcessors()).append(" CPUs shared with the load generator\n");
        md.append(String.format(Locale.ROOT, "- samples: every %.0f s (%d): RSS from /proc, heap used right after a "
                + "full GC, NMT summary totals, threads, open fds%n", o.intervalSeconds(), samples.size()));
        md.append(String.format(Locale.ROOT, "- headline window: %.0f s to %.0f s (the first %.0f%% is warm-up%s); "
                + "leak = slope over threshold and over 3 standard errors%n%n", hw[0] / 1000.0, hw[1] / 1000.0,
                o.warmupFraction() * 100, o.onlyPost() == null && o.isolatedShare() > 0 ? ", isolated phases follow" : ""));
        md.append("## Series\n\n").append(seriesTable).append('\n');
        md.append("RSS is what the OS gives the process. NMT counts only what the JVM allocates itself (heap, "
                + "metaspace, threads, code, GC, direct buffers under Other); memory that native libraries "
                + "(zstd-jni, brotli4j, libdeflate) malloc shows in RSS but not in NMT.\n\n");
        md.append("## Phases\n\n").append(phaseTable).append('\n');
        md.append("Each isolated phase POSTs /rest/echo with one Content-Encoding only (several bodies, echoed "
                + "as identity or in the same coding). Its slopes skip its first ")
                .append(String.format(Locale.ROOT, "%.0f%%", o.warmupFraction() * 100))
                .append("; short phases give rough slopes, so only a trend over 3 standard errors counts.\n\n");
        md.append("![memory over time](chart.svg)\n\n");
        md.append("## Requests\n\n| category | requests | errors | outcomes |\n|---|---:|---:|---|\n");
        for (Map.Entry<String, Tally.Row> e : tally.rows().entrySet()) {
            Tally.Row r = e.getValue();
            md.append("| ").append(e.getKey()).append(" | ").append(r.requests.sum()).append(" | ")
                    .append(r.errors.sum()).append(" | ")
                    .append(r.outcomes.entrySet().stream().sorted(Map.Entry.comparingByKey())
                            .map(x -> x.getKey() + ": " + x.getValue().sum()).collect(Collectors.joining(", ")))
                    .append(" |\n");
        }
        md.append("\nEvery answer is checked: status; Content-Encoding (the requested coding for bodies of 1 KiB "
                + "and more and for streams, none below); the body decoded by the library's codecs (gzip by the JDK's) "
                + "and compared byte-exact with the identity response or the body sent. Bombs (32 MiB of zeros) "
                + "must get 413, truncated bodies 400, unknown codings 415, `*;q=0` 406.\n");
        if (!tally.firstErrors().isEmpty()) {
            md.append("\n## Errors (first ").append(Tally.KEPT_ERRORS).append(")\n\n");
            tally.firstErrors().forEach(e -> md.append("- ").append(e.replace("|", "\\|")).append('\n'));
        }
        md.append("\nFiles: `samples.csv`, `requests.csv`, `chart.svg`, `server.log`.\n");
        Files.writeString(o.out().resolve("report.md"), md.toString());
    }

    private void writeSamplesCsv() throws IOException {
        StringBuilder sb = new StringBuilder("t_s,phase,rss_mb,heap_after_gc_mb,nmt_committed_mb,nmt_other_mb,"
                + "direct_mb,threads,fds\n");
        for (int i = 0; i < samples.size(); i++) {
            Sample s = samples.get(i);
            sb.append(String.format(Locale.ROOT, "%.1f,%s,%.2f,%.2f,%.2f,%.2f,%.2f,%d,%d%n", s.tMillis() / 1000.0,
                    samplePhases.get(i), s.rss() / MB, s.heapAfterGc() / MB, s.nmtCommitted() / MB, s.nmtOther() / MB,
                    s.direct() / MB, s.threads(), s.fds()));
        }
        Files.writeString(o.out().resolve("samples.csv"), sb.toString());
    }

    private void writeRequestsCsv() throws IOException {
        StringBuilder sb = new StringBuilder("category,requests,errors\n");
        tally.rows().forEach((k, r) -> sb.append('"').append(k).append("\",").append(r.requests.sum()).append(',')
                .append(r.errors.sum()).append('\n'));
        Files.writeString(o.out().resolve("requests.csv"), sb.toString());
    }

    private static String unit(Series s) {
        return s.unit().isEmpty() ? "" : s.unit();
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
