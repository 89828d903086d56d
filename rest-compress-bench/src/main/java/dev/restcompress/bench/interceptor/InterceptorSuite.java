package dev.restcompress.bench.interceptor;

import dev.restcompress.bench.core.JmhRunner;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.core.ResponseBody;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.interceptor.PairedOverhead.Result;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.openjdk.jmh.runner.RunnerException;

/** Runs and reports the interceptor suite and checks its targets (README); the JMH rows have no verdict on time. */
public final class InterceptorSuite {
    private static final double MAX_OUTSIDE_SHARE = 0.02;
    /** Statistics and JFR each, of a response's CPU. */
    private static final double MAX_OBSERVABILITY_SHARE = 0.01;
    private static final double MAX_BELOW_THRESHOLD_NS = 1000;
    private static final double MAX_BELOW_THRESHOLD_B = 64;
    private static final String SERVER = "InterceptorBench.request";

    /** One JMH row: the path without and with the feature, and the codec alone (NaN below the threshold). */
    private record JmhRow(String path, String coding, Measurement off, Measurement on, double codecNs, double vary) {
        double added() {
            return on.nsPerOp() - off.nsPerOp();
        }

        double addedAlloc() {
            return on.bytesPerOp() - off.bytesPerOp();
        }

        double share() {
            return (added() - codecNs()) / codecNs();
        }
    }

    private static final Table<JmhRow> JMH = new Table<JmhRow>()
            .text("path", "path", JmhRow::path).text("coding", "coding", JmhRow::coding)
            .withError("off_ns", "off ns/op", r -> r.off().nsPerOp(), r -> r.off().nsError(), 0)
            .withError("on_ns", "on ns/op", r -> r.on().nsPerOp(), r -> r.on().nsError(), 0)
            .number("added_ns", "added ns", JmhRow::added, 0)
            .csvOnly("off_alloc_b_op", r -> r.off().bytesPerOp()).csvOnly("on_alloc_b_op", r -> r.on().bytesPerOp())
            .column("added_alloc_b_op", "added B/op", JmhRow::addedAlloc, r -> Markdown.num(r.addedAlloc(), 0)
                    + (!r.path().equals("below-threshold") || Double.isNaN(r.vary()) ? "" : " (" // beyond its target
                    + Markdown.num(r.addedAlloc() - r.vary(), 0) + " beyond Vary: "
                    + met(r.addedAlloc() - r.vary() < MAX_BELOW_THRESHOLD_B) + ")"))
            .csvOnly("vary_entry_b", JmhRow::vary).number("codec_ns", "codec ns", JmhRow::codecNs, 0)
            .number("outside_codec_ns", "outside codec ns", r -> r.added() - r.codecNs(), 0)
            .column("outside_share_of_codec", "outside / codec", JmhRow::share,
                    r -> Double.isNaN(r.share()) ? "" : Markdown.num(100 * r.share(), 1) + "%");

    private static final Table<Result> PAIRED = new Table<Result>()
            .text("path", "path", Result::path).text("coding", "coding", Result::coding)
            .csvOnly("rounds", Result::rounds).number("off_ns", "off ns", Result::offNs, 0)
            .number("on_ns", "on ns", Result::onNs, 0).number("codec_ns", "codec ns", Result::codecNs, 0)
            .column("outside_ns_median", "outside codec ns [q1, q3]", Result::outsideNs,
                    r -> Markdown.num(r.outsideNs(), 0) + " [" + Markdown.num(r.outsideQ1(), 0) + ", "
                            + Markdown.num(r.outsideQ3(), 0) + "]")
            .csvOnly("outside_ns_q1", Result::outsideQ1).csvOnly("outside_ns_q3", Result::outsideQ3)
            .column("outside_share_of_codec", "outside / codec", Result::share,
                    r -> r.below() ? "" : Markdown.num(100 * r.share(), 2) + "%")
            .column("added_bytes", "added B/req", Result::addedBytes, r -> Markdown.num(r.addedBytes(), 0)
                    + (r.below() ? " (Vary entry " + Markdown.num(r.varyBytes(), 0) + ")" : ""))
            .csvOnly("vary_entry_bytes", Result::varyBytes)
            .column("target_met", "target", r -> timeMet(r) && (!r.below() || bytesMet(r)),
                    r -> (r.below() ? "< 1 us" : "outside codec < 2%") + ": " + met(timeMet(r)) + (r.below()
                            ? "; < " + (int) MAX_BELOW_THRESHOLD_B + " B beyond Vary: " + met(bytesMet(r)) : ""));

    private static final Table<Result> OBSERVABILITY = new Table<Result>().shownOnly("coding", Result::coding)
            .shownOnly("response ns", r -> Markdown.num(r.onNs(), 0))
            .shownOnly("statistics ns", r -> withShare(r.statisticsNs(), r))
            .shownOnly("JFR recording ns", r -> withShare(r.jfrNs(), r))
            .shownOnly("< 1% each",
                    r -> met(Math.max(r.statisticsNs(), r.jfrNs()) / r.onNs() < MAX_OBSERVABILITY_SHARE));

    private static String withShare(double ns, Result r) {
        return Markdown.num(ns, 0) + " (" + Markdown.num(100 * (ns / r.onNs()), 2) + "%)";
    }

    private static boolean timeMet(Result r) {
        return r.below() ? r.outsideNs() < MAX_BELOW_THRESHOLD_NS : r.share() < MAX_OUTSIDE_SHARE;
    }

    private static boolean bytesMet(Result r) {
        return r.addedBytes() - r.varyBytes() < MAX_BELOW_THRESHOLD_B;
    }

    private static String met(boolean met) {
        return met ? "**met**" : "**not met**";
    }

    private InterceptorSuite() {}

    public static List<String> run(SuiteContext ctx, JmhRunner jmh) throws RunnerException {
        ctx.progress().report("interceptor suite: RESTEasy in-memory dispatcher with and without the feature, "
                + "3 paths x 2 codings, plus the codec alone" + jmh.estimate(18));
        List<Measurement> results = new ArrayList<>(jmh.run("interceptor", jmh.options(InterceptorBench.class)));
        results.addAll(jmh.run("response-codec", jmh.options(ResponseCodecBench.class)));
        results.addAll(jmh.run("vary-entry", jmh.options(InterceptorBench.class).param("feature", "off")
                .param("path", "response", "response-with-vary").param("coding", "none")));
        byte[] body = ResponseBody.load(ctx.corpus());
        int rounds = Math.max(10, 6 * jmh.iterations());
        ctx.progress().report("interceptor suite: paired one-JVM measurement, " + rounds + " rounds per row");
        List<Result> paired = Stream.of("lzf", "gzip").flatMap(coding -> Stream.of("below-threshold", "one-shot")
                .map(path -> PairedOverhead.measure(body, coding, path, rounds, Math.max(5, jmh.timeMs() / 20))))
                .toList();
        writeJmh(results, ResponseBody.pick(ctx.corpus()), ctx.out(), ctx.md());
        writePaired(paired, ctx.out(), ctx.md());
        return List.of("interceptor.csv", "interceptor-paired.csv");
    }

    /** The measurement of {@code benchmark.method} with the parameters {@code name, value, ...}, or null. */
    private static Measurement find(List<Measurement> all, String name, String... kv) {
        return all.stream().filter(m -> name.equals(m.benchmark() + "." + m.method())
                && IntStream.range(0, kv.length / 2).allMatch(i -> kv[2 * i + 1].equals(m.param(kv[2 * i]))))
                .findFirst().orElse(null);
    }

    private static void writeJmh(List<Measurement> all, String bodyFile, Path dir, Markdown md) {
        Measurement with = find(all, SERVER, "path", "response-with-vary");
        Measurement without = find(all, SERVER, "path", "response");
        double vary = with == null || without == null ? Double.NaN : with.bytesPerOp() - without.bytesPerOp();
        List<JmhRow> rows = new ArrayList<>();
        for (String path : List.of("below-threshold", "one-shot", "streaming")) {
            for (String coding : List.of("lzf", "gzip")) {
                Measurement off = find(all, SERVER, "feature", "off", "path", path, "coding", coding);
                Measurement on = find(all, SERVER, "feature", "on", "path", path, "coding", coding);
                Measurement codec = path.equals("below-threshold") ? null : find(all, "ResponseCodecBench."
                        + (path.equals("one-shot") ? "oneShot" : "streaming"), "coding", coding);
                if (off != null && on != null) {
                    rows.add(new JmhRow(path, coding, off, on, codec == null ? Double.NaN : codec.nsPerOp(), vary));
                }
            }
        }
        JMH.writeCsv(rows, dir.resolve("interceptor.csv"));
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
                + "`Vary: Accept-Encoding` entry itself costs " + Markdown.num(vary, 0) + " B from resource to "
                + "container (the same small body as a built response with and without it, no feature); target "
                + "below the threshold: < " + (int) MAX_BELOW_THRESHOLD_B + " B beyond it.");
        JMH.markdown(md, rows);
    }

    private static void writePaired(List<Result> paired, Path dir, Markdown md) {
        PAIRED.writeCsv(paired, dir.resolve("interceptor-paired.csv"));
        md.paragraph("Paired, one JVM (`PairedOverhead`): each round times a batch without the feature, one with "
                + "it and (one-shot) one of the codec alone on the same body, back to back, on this thread's CPU "
                + "clock; the figure is the median of the per-round \"on − off − codec\" with its quartiles, over "
                + (paired.isEmpty() ? 0 : paired.get(0).rounds()) + " rounds. Drift between forks cancels, the "
                + "pure-Java codec runs the same compiled code in both places, and time spent descheduled by other "
                + "processes is not counted (garbage-collector threads are not either). Added B/req: bytes this "
                + "thread allocated per request with the feature minus without, over every measured batch (its "
                + "allocation counter: exact, on the same compiled code, where the JMH forks may each scalar-replace "
                + "different objects); below the threshold against what the `Vary: Accept-Encoding` entry costs by "
                + "itself (a built response with and without it), measured the same way. The below-threshold body is "
                + "a `byte[]`, whose size is known before writing.");
        PAIRED.markdown(md, paired);
        List<Result> observed = paired.stream().filter(r -> !r.below()).toList();
        if (!observed.isEmpty()) {
            md.paragraph("Observability, same paired rounds (one-shot 30 KB): the response with the feature minus "
                    + "the same with `rest-compress.statistics=off`, and with a JDK Flight Recorder recording running "
                    + "(`settings=default`: this library's Encode events and the JDK's defaults) minus without, "
                    + "medians of the per-round differences. Target: each < 1% of the response; over HTTP the "
                    + "response costs more (sockets, container), so the share at saturation is smaller than here.");
            OBSERVABILITY.markdown(md, observed);
        }
    }
}
