package dev.restcompress.bench.interceptor;

import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.core.ResponseBody;
import dev.restcompress.bench.report.Csv;
import dev.restcompress.bench.report.Markdown;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns {@link InterceptorBench} and {@link ResponseCodecBench} results into {@code interceptor.csv}
 * and a markdown section that checks the overhead targets: on the ~30 KB body the cost added
 * outside the codec is under 2% of the codec's time, and the below-threshold path adds under 1 us and
 * no allocation per request. The targets say the feature must be negligible next to the codec it
 * drives, and free when it decides not to encode.
 */
final class InterceptorReport {
    /** The files {@link #write} creates. */
    static final List<String> FILES = List.of("interceptor.csv");

    private static final double MAX_OUTSIDE_SHARE = 0.02;
    private static final double MAX_BELOW_THRESHOLD_NS = 1000;
    /** gc.alloc.rate.norm is exact to a byte or so; anything above this is a real allocation. */
    private static final double ALLOCATION_NOISE_B = 1;

    private final List<Measurement> measurements;
    private final String bodyFile;

    InterceptorReport(List<Measurement> measurements, String bodyFile) {
        this.measurements = measurements;
        this.bodyFile = bodyFile;
    }

    private Measurement find(String benchmark, String method, String... keyValues) {
        outer:
        for (Measurement m : measurements) {
            if (!m.benchmark().equals(benchmark) || !m.method().equals(method)) {
                continue;
            }
            for (int i = 0; i < keyValues.length; i += 2) {
                if (!keyValues[i + 1].equals(m.param(keyValues[i]))) {
                    continue outer;
                }
            }
            return m;
        }
        return null;
    }

    void write(Path dir, Markdown md) {
        Csv csv = new Csv("path", "coding", "off_ns", "off_ns_err", "on_ns", "on_ns_err", "added_ns", "off_alloc_b_op",
                "on_alloc_b_op", "added_alloc_b_op", "codec_ns", "outside_codec_ns", "outside_share_of_codec", "target_met");
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
                boolean met;
                String target;
                if (path.equals("below-threshold")) {
                    met = added < MAX_BELOW_THRESHOLD_NS && addedAlloc <= ALLOCATION_NOISE_B;
                    target = "< 1 us, 0 B";
                } else {
                    Measurement codec = find("ResponseCodecBench", path.equals("one-shot") ? "oneShot" : "streaming",
                            "coding", coding);
                    codecNs = codec == null ? Double.NaN : codec.nsPerOp();
                    outside = added - codecNs;
                    share = outside / codecNs;
                    met = share < MAX_OUTSIDE_SHARE;
                    target = "outside codec < 2%";
                }
                csv.row(path, coding, off.nsPerOp(), off.nsError(), on.nsPerOp(), on.nsError(), added, off.bytesPerOp(),
                        on.bytesPerOp(), addedAlloc, codecNs, outside, share, met);
                table.add(List.of(path, coding,
                        Markdown.withError(off.nsPerOp(), off.nsError(), 0),
                        Markdown.withError(on.nsPerOp(), on.nsError(), 0),
                        Markdown.num(added, 0), Markdown.num(addedAlloc, 0), Markdown.num(codecNs, 0),
                        Markdown.num(outside, 0), Double.isNaN(share) ? "" : Markdown.num(100 * share, 1) + "%",
                        target + ": " + (met ? "**met**" : "**not met**")
                                + (Double.isNaN(off.nsError()) || Double.isNaN(on.nsError()) ? " (no error bar)" : "")));
            }
        }
        csv.write(dir.resolve("interceptor.csv"));
        md.heading(2, "Interceptor overhead (RESTEasy in-memory dispatcher)");
        md.paragraph("One GET through RESTEasy's `MockDispatcherFactory` dispatcher (matching, filters, entity "
                + "writer, interceptors; no sockets), with `RestCompressFeature` (on) and without it (off), same "
                + "resource. Body: `" + bodyFile + "` (the corpus file closest to 30 KB); below-threshold body: its "
                + "first " + ResponseBody.SMALL + " bytes. Streaming writes " + BenchResource.STREAM_CHUNK / 1024
                + " KiB chunks with a flush after each. \"codec\" is the codec alone on the same bytes "
                + "(`ResponseCodecBench`); \"outside codec\" = added − codec. Differences of two noisy means: read "
                + "them with the ± of both. B/op includes the mock response's growing byte array, which holds "
                + "the bytes sent, so encoded paths can allocate less than identity ones.");
        md.table(List.of("path", "coding", "off ns/op", "on ns/op", "added ns", "added B/op", "codec ns",
                "outside codec ns", "outside / codec", "target"), table);
    }
}
