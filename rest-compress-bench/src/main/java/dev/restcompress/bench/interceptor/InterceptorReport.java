package dev.restcompress.bench.interceptor;

import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.core.ResponseBody;
import dev.restcompress.bench.report.Csv;
import dev.restcompress.bench.report.Markdown;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Turns the interceptor suite's results into {@code interceptor.csv}, {@code interceptor-paired.csv}
 * and a markdown section that checks the overhead targets: on the ~30 KB body the cost added outside
 * the codec is under 2% of the codec's time; the below-threshold path adds under 1 us and allocates
 * under 64 B per request beyond the {@code Vary} entry itself. The targets say the feature must be
 * negligible next to the codec it drives, and nearly free when it decides not to encode.
 *
 * <p>Time verdicts come from {@link PairedOverhead} (one JVM, paired rounds); the JMH rows
 * ({@link InterceptorBench} and {@link ResponseCodecBench} in separate forks) are shown beside them
 * with their error bars, and give the exact allocation per request. {@code paired}: the paired results
 * keyed {@code path/coding}.
 */
record InterceptorReport(List<Measurement> measurements, Map<String, PairedOverhead.Result> paired, String bodyFile) {
    /** The files {@link #write} creates. */
    static final List<String> FILES = List.of("interceptor.csv", "interceptor-paired.csv");

    private static final double MAX_OUTSIDE_SHARE = 0.02;
    /** Statistics and JFR each: at most this share of a response's CPU. */
    private static final double MAX_OBSERVABILITY_SHARE = 0.01;
    private static final double MAX_BELOW_THRESHOLD_NS = 1000;
    private static final double MAX_BELOW_THRESHOLD_B = 64;

    /** The measurement of {@code benchmark.method} with the parameters {@code name, value, ...}, or null. */
    private Measurement find(String benchmark, String method, String... kv) {
        return measurements.stream().filter(m -> m.benchmark().equals(benchmark) && m.method().equals(method)
                && IntStream.range(0, kv.length / 2).allMatch(i -> kv[2 * i + 1].equals(m.param(kv[2 * i]))))
                .findFirst().orElse(null);
    }

    /** Bytes the {@code Vary: Accept-Encoding} entry itself allocates ({@link VaryEntryBench}); NaN if not run. */
    private double varyEntryBytes() {
        Measurement with = find("VaryEntryBench", "request", "vary", "with");
        Measurement without = find("VaryEntryBench", "request", "vary", "without");
        return with == null || without == null ? Double.NaN : with.bytesPerOp() - without.bytesPerOp();
    }

    void write(Path dir, Markdown md) {
        double vary = varyEntryBytes();
        writeJmh(dir, md, vary);
        writePaired(dir, md);
    }

    private void writeJmh(Path dir, Markdown md, double vary) {
        Csv csv = new Csv("path", "coding", "off_ns", "off_ns_err", "on_ns", "on_ns_err", "added_ns", "off_alloc_b_op",
                "on_alloc_b_op", "added_alloc_b_op", "vary_entry_b", "codec_ns", "outside_codec_ns",
                "outside_share_of_codec");
        List<List<String>> table = new ArrayList<>();
        for (String path : List.of("below-threshold", "one-shot", "streaming")) {
            for (String coding : List.of("lzf", "gzip")) {
                Measurement off = find("InterceptorBench", "request", "feature", "off", "path", path, "coding", coding);
                Measurement on = find("InterceptorBench", "request", "feature", "on", "path", path, "coding", coding);
                if (off == null || on == null) {
                    continue;
                }
                double added = on.nsPerOp() - off.nsPerOp();
                double addedAlloc = on.bytesPerOp() - off.bytesPerOp();
                double codecNs = Double.NaN;
                double outside = Double.NaN;
                double share = Double.NaN;
                if (!path.equals("below-threshold")) {
                    Measurement codec = find("ResponseCodecBench", path.equals("one-shot") ? "oneShot" : "streaming",
                            "coding", coding);
                    codecNs = codec == null ? Double.NaN : codec.nsPerOp();
                    outside = added - codecNs;
                    share = outside / codecNs;
                }
                csv.row(path, coding, off.nsPerOp(), off.nsError(), on.nsPerOp(), on.nsError(), added, off.bytesPerOp(),
                        on.bytesPerOp(), addedAlloc, vary, codecNs, outside, share);
                String allocation = Markdown.num(addedAlloc, 0);
                if (path.equals("below-threshold") && !Double.isNaN(vary)) {
                    double beyond = addedAlloc - vary;
                    allocation += " (" + Markdown.num(beyond, 0) + " beyond Vary: "
                            + (beyond < MAX_BELOW_THRESHOLD_B ? "**met**" : "**not met**") + ")";
                }
                table.add(List.of(path, coding,
                        Markdown.withError(off.nsPerOp(), off.nsError(), 0),
                        Markdown.withError(on.nsPerOp(), on.nsError(), 0),
                        Markdown.num(added, 0), allocation, Markdown.num(codecNs, 0),
                        Markdown.num(outside, 0), Double.isNaN(share) ? "" : Markdown.num(100 * share, 1) + "%"));
            }
        }
        csv.write(dir.resolve("interceptor.csv"));
        md.heading(2, "Interceptor overhead (RESTEasy in-memory dispatcher)");
        md.paragraph("One GET through RESTEasy's `MockDispatcherFactory` dispatcher (matching, filters, entity "
                + "writer, interceptors; no sockets), with `RestCompressFeature` (on) and without it (off), same "
                + "resource. Body: `" + bodyFile + "` (the corpus file closest to 30 KB); below-threshold body: its "
                + "first " + ResponseBody.SMALL + " bytes. Streaming writes " + BenchResource.STREAM_CHUNK / 1024
                + " KiB chunks with a flush after each. JMH, each row its own fork: \"codec\" is the codec alone on "
                + "the same bytes (`ResponseCodecBench`); \"outside codec\" = added − codec, a difference of noisy "
                + "means from three forks (read it with the ± of each; the paired table below is the verdict on "
                + "time). B/op is exact (`gc.alloc.rate.norm`) and includes the mock response's growing byte array, "
                + "which holds the bytes sent, so encoded paths can allocate less than identity ones. The "
                + "`Vary: Accept-Encoding` entry itself costs " + Markdown.num(vary, 0) + " B from resource to container "
                + "(`VaryEntryBench`: the same small body as a built response with and without it); "
                + "target below the threshold: < " + (int) MAX_BELOW_THRESHOLD_B + " B beyond it.");
        md.table(List.of("path", "coding", "off ns/op", "on ns/op", "added ns", "added B/op", "codec ns",
                "outside codec ns", "outside / codec"), table);
    }

    private void writePaired(Path dir, Markdown md) {
        Csv csv = new Csv("path", "coding", "rounds", "off_ns", "on_ns", "codec_ns", "outside_ns_median", "outside_ns_q1",
                "outside_ns_q3", "outside_share_of_codec", "added_bytes", "vary_entry_bytes", "target_met");
        List<List<String>> table = new ArrayList<>();
        for (Map.Entry<String, PairedOverhead.Result> e : paired.entrySet()) {
            String[] key = e.getKey().split("/");
            PairedOverhead.Result r = e.getValue();
            boolean below = key[0].equals("below-threshold");
            double share = below ? Double.NaN : r.outsideNs() / r.codecNs();
            boolean met = below ? r.outsideNs() < MAX_BELOW_THRESHOLD_NS : share < MAX_OUTSIDE_SHARE;
            boolean bytesMet = below && r.addedBytes() - r.varyBytes() < MAX_BELOW_THRESHOLD_B;
            csv.row(key[0], key[1], r.rounds(), r.offNs(), r.onNs(), r.codecNs(), r.outsideNs(), r.outsideQ1(),
                    r.outsideQ3(), share, r.addedBytes(), r.varyBytes(), below ? met && bytesMet : met);
            table.add(List.of(key[0], key[1], Markdown.num(r.offNs(), 0), Markdown.num(r.onNs(), 0),
                    Markdown.num(r.codecNs(), 0),
                    Markdown.num(r.outsideNs(), 0) + " [" + Markdown.num(r.outsideQ1(), 0) + ", "
                            + Markdown.num(r.outsideQ3(), 0) + "]",
                    below ? "" : Markdown.num(100 * share, 2) + "%",
                    Markdown.num(r.addedBytes(), 0) + (below ? " (Vary entry " + Markdown.num(r.varyBytes(), 0) + ")" : ""),
                    (below ? "< 1 us" : "outside codec < 2%") + ": " + (met ? "**met**" : "**not met**")
                            + (below ? "; < " + (int) MAX_BELOW_THRESHOLD_B + " B beyond Vary: "
                                    + (bytesMet ? "**met**" : "**not met**") : "")));
        }
        csv.write(dir.resolve("interceptor-paired.csv"));
        md.paragraph("Paired, one JVM (`PairedOverhead`): each round times a batch without the feature, one with "
                + "it and (one-shot) one of the codec alone on the same body, back to back, on this thread's CPU "
                + "clock; the figure is the median of the per-round \"on − off − codec\" with its quartiles, over "
                + (paired.isEmpty() ? 0 : paired.values().iterator().next().rounds()) + " rounds. Drift between "
                + "forks cancels, the pure-Java codec runs the same compiled code in both places, and time spent "
                + "descheduled by other processes is not counted (garbage-collector threads are not either). "
                + "Added B/req: bytes this thread allocated per request with the feature minus without, over every "
                + "measured batch (its allocation counter: exact, and on the same compiled code, where the JMH "
                + "table's forks may each scalar-replace different objects); below the threshold against what the "
                + "`Vary: Accept-Encoding` entry costs by itself (a built response with and without it), measured "
                + "the same way. The below-threshold body is a `byte[]`, whose size is known before writing.");
        md.table(List.of("path", "coding", "off ns", "on ns", "codec ns", "outside codec ns [q1, q3]",
                "outside / codec", "added B/req", "target"), table);
        writeObservability(md);
    }

    /** What statistics and a JFR recording cost per one-shot response, from the same paired rounds. */
    private void writeObservability(Markdown md) {
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<String, PairedOverhead.Result> e : paired.entrySet()) {
            PairedOverhead.Result r = e.getValue();
            if (Double.isNaN(r.statisticsNs())) {
                continue;
            }
            double stats = r.statisticsNs() / r.onNs();
            double jfr = r.jfrNs() / r.onNs();
            rows.add(List.of(e.getKey().split("/")[1], Markdown.num(r.onNs(), 0),
                    Markdown.num(r.statisticsNs(), 0) + " (" + Markdown.num(100 * stats, 2) + "%)",
                    Markdown.num(r.jfrNs(), 0) + " (" + Markdown.num(100 * jfr, 2) + "%)",
                    (stats < MAX_OBSERVABILITY_SHARE && jfr < MAX_OBSERVABILITY_SHARE) ? "**met**" : "**not met**"));
        }
        if (rows.isEmpty()) {
            return;
        }
        md.paragraph("Observability, same paired rounds (one-shot 30 KB): the response with the feature minus the "
                + "same with `rest-compress.statistics=off`, and with a JDK Flight Recorder recording running "
                + "(`settings=default`: this library's Encode events and the JDK's defaults) minus without, medians "
                + "of the per-round differences. Target: each < 1% of the response; over HTTP the response costs "
                + "more (sockets, container), so the share at saturation is smaller than here.");
        md.table(List.of("coding", "response ns", "statistics ns", "JFR recording ns", "< 1% each"), rows);
    }
}
