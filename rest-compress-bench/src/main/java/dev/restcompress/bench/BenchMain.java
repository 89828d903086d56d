package dev.restcompress.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the benchmark suites through JMH and writes the results folder: {@code report.md}, CSV files,
 * PNG charts and JMH's own JSON. {@code scripts/bench.sh} is the usual way in; see
 * {@link BenchOptions} for the command line. JMH prints progress as it goes.
 *
 * <p>Run it with {@code -Djava.io.tmpdir=<private dir>}: JMH takes a machine-wide lock in the temp
 * folder, and another engineer's run would otherwise block this one. Forked JVMs get the same temp
 * folder and the corpus through {@code -D} flags.
 */
public final class BenchMain {
    private BenchMain() {
    }

    public static void main(String[] args) throws Exception {
        BenchOptions o;
        try {
            o = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println((e.getMessage().equals("help") ? "" : "bench: " + e.getMessage() + "\n")
                    + BenchOptions.usage());
            System.exit(2);
            return;
        }
        System.exit(run(o));
    }

    static int run(BenchOptions o) throws IOException, RunnerException {
        Instant start = Instant.now();
        Path corpus = o.corpus.toAbsolutePath().normalize();
        if (!Files.isDirectory(corpus) || Corpus.names(corpus).isEmpty()) {
            System.err.println("bench: corpus folder " + corpus + " is missing or empty (use --corpus DIR)");
            return 2;
        }
        System.setProperty(Corpus.PROPERTY, corpus.toString());
        List<BenchCodec> codecs = availableCodecs(o);
        if (codecs.isEmpty()) {
            System.err.println("bench: no codec to run");
            return 2;
        }
        Path out = o.out.toAbsolutePath().normalize();
        Files.createDirectories(out);
        List<String> files = !o.files.isEmpty() ? o.files : o.quick ? quickFiles(corpus) : Corpus.names(corpus);
        for (String f : files) {
            if (!Files.isRegularFile(corpus.resolve(f))) {
                System.err.println("bench: no file " + f + " in " + corpus);
                return 2;
            }
        }
        progress("results go to " + out);
        progress("corpus " + corpus + ": " + files.size() + " file(s)"
                + (files.size() < Corpus.names(corpus).size() ? " (a subset)" : ""));

        Markdown md = new Markdown();
        md.heading(1, "rest-compress benchmark " + out.getFileName());
        md.paragraph(Environment.describe(o, corpus, files, codecs));
        List<String> produced = new ArrayList<>(List.of("report.md"));
        // The codec suite's summaries, for the native-floor comparison (empty without that suite).
        List<CodecReport.Summary> codecSummaries = new ArrayList<>();

        if (o.suites.contains("codec")) {
            produced.addAll(codecSuite(o, out, corpus, codecs, files, md, codecSummaries));
        }
        if (o.suites.contains("small")) {
            produced.addAll(smallPayloadSuite(o, out, corpus, codecs, md));
        }
        if (o.suites.contains("interceptor")) {
            produced.addAll(interceptorSuite(o, out, corpus, md));
        }
        // Issue 5 (HTTP load, bandwidth) and issue 3 (native floor): see LoadBench, BandwidthBench, NativeFloor.
        try {
            if (o.suites.contains("native")) {
                produced.addAll(NativeFloor.run(o, out, corpus, files, codecSummaries, md));
            }
            if (o.suites.contains("load")) {
                produced.addAll(LoadBench.run(o, out, corpus, md));
            }
            if (o.suites.contains("bandwidth")) {
                produced.addAll(BandwidthBench.run(o, out, corpus, md));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }

        Files.writeString(out.resolve("report.md"), md.toString());
        for (String f : produced) {
            // A report that silently lost a file is a broken benchmark: fail loudly.
            if (!Files.isRegularFile(out.resolve(f)) || Files.size(out.resolve(f)) == 0) {
                System.err.println("bench: expected output " + out.resolve(f) + " is missing or empty");
                return 1;
            }
        }
        progress("done in " + Duration.between(start, Instant.now()).toSeconds() + " s: " + out.resolve("report.md"));
        return 0;
    }

    private static List<String> codecSuite(BenchOptions o, Path out, Path corpus, List<BenchCodec> codecs,
            List<String> files, Markdown md, List<CodecReport.Summary> summaries) throws RunnerException {
        String[] ids = codecs.stream().map(BenchCodec::id).toArray(String[]::new);
        String[] rawIds = codecs.stream().filter(BenchCodec::hasRaw).map(BenchCodec::id).toArray(String[]::new);
        String[] names = files.toArray(String[]::new);
        progress("codec suite, SPI path: " + ids.length + " codec(s) x " + names.length + " file(s) x 3 ops"
                + estimate(o, ids.length * names.length * 3));
        List<Measurement> codec = new ArrayList<>(run(o, out, "codec-spi", base(o, CodecBench.class)
                .param("codec", ids).param("path", "spi").param("file", names)));
        if (rawIds.length > 0) {
            progress("codec suite, raw path: " + rawIds.length + " codec(s) x " + names.length + " file(s) x 3 ops"
                    + estimate(o, rawIds.length * names.length * 3));
            codec.addAll(run(o, out, "codec-raw", base(o, CodecBench.class)
                    .param("codec", rawIds).param("path", "raw").param("file", names)));
        }
        CodecReport report = new CodecReport(corpus, codec);
        report.write(out, md);
        summaries.addAll(report.summaries());
        return CodecReport.FILES;
    }

    private static List<String> smallPayloadSuite(BenchOptions o, Path out, Path corpus, List<BenchCodec> codecs,
            Markdown md) throws RunnerException {
        String[] ids = codecs.stream().map(BenchCodec::id).toArray(String[]::new);
        progress("small-payload suite: " + ids.length + " codec(s) x 7 sizes x 2 ops" + estimate(o, ids.length * 14));
        List<Measurement> small = run(o, out, "small", base(o, SmallPayloadBench.class).param("codec", ids));
        new SmallPayloadReport(corpus, small, o.linkMbps).write(out, md);
        return SmallPayloadReport.FILES;
    }

    private static List<String> interceptorSuite(BenchOptions o, Path out, Path corpus, Markdown md)
            throws RunnerException {
        progress("interceptor suite: RESTEasy in-memory dispatcher with and without the feature, "
                + "3 paths x 2 codings, plus the codec alone" + estimate(o, 16));
        List<Measurement> ic = new ArrayList<>(run(o, out, "interceptor", base(o, InterceptorBench.class)));
        ic.addAll(run(o, out, "response-codec", base(o, ResponseCodecBench.class)));
        new InterceptorReport(ic, ResponseBody.pick(corpus)).write(out, md);
        return InterceptorReport.FILES;
    }

    private static List<BenchCodec> availableCodecs(BenchOptions o) {
        List<BenchCodec> wanted = new ArrayList<>();
        if (o.codecs.isEmpty()) {
            wanted.addAll(BenchCodecs.all());
        } else {
            o.codecs.forEach(id -> wanted.add(BenchCodecs.byId(id.trim())));
        }
        List<BenchCodec> out = new ArrayList<>();
        for (BenchCodec c : wanted) {
            String why = c.unavailableReason();
            if (why == null) {
                out.add(c);
            } else {
                progress("skipping codec " + c.id() + ": " + why);
            }
        }
        return out;
    }

    /**
     * Quick mode's files: up to three, spread over the sizes between 4 KiB and 1 MiB (tiny files say
     * little about throughput, huge ones make 100 ms iterations meaningless).
     */
    static List<String> quickFiles(Path corpus) throws IOException {
        List<String> names = new ArrayList<>(Corpus.names(corpus));
        List<String> mid = new ArrayList<>();
        for (String n : names) {
            long size = Files.size(corpus.resolve(n));
            if (size >= 4096 && size <= 1 << 20) {
                mid.add(n);
            }
        }
        List<String> pool = mid.isEmpty() ? names : mid;
        pool.sort((a, b) -> Long.compare(size(corpus, a), size(corpus, b)));
        if (pool.size() <= 3) {
            return pool;
        }
        return List.of(pool.get(0), pool.get(pool.size() / 2), pool.get(pool.size() - 1));
    }

    private static long size(Path dir, String name) {
        try {
            return Files.size(dir.resolve(name));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static ChainedOptionsBuilder base(BenchOptions o, Class<?> benchmark) {
        String tmp = System.getProperty("java.io.tmpdir");
        return new OptionsBuilder()
                .include("^" + Pattern.quote(benchmark.getName()) + "\\.")
                .forks(o.forks)
                .warmupIterations(o.warmups)
                .warmupTime(TimeValue.milliseconds(o.timeMs))
                .measurementIterations(o.iterations)
                .measurementTime(TimeValue.milliseconds(o.timeMs))
                .threads(1)
                .addProfiler(GCProfiler.class)
                .shouldFailOnError(true)
                .jvmArgsAppend("-D" + Corpus.PROPERTY + "=" + System.getProperty(Corpus.PROPERTY),
                        "-Djava.io.tmpdir=" + tmp, "--enable-native-access=ALL-UNNAMED");
    }

    private static List<Measurement> run(BenchOptions o, Path out, String name, ChainedOptionsBuilder options)
            throws RunnerException {
        options.resultFormat(ResultFormatType.JSON).result(out.resolve("jmh-" + name + ".json").toString());
        Collection<RunResult> results = new Runner(options.build()).run();
        return Measurement.from(results);
    }

    /** A rough duration for {@code n} benchmarks: iterations plus about a second per fork to start. */
    private static String estimate(BenchOptions o, int n) {
        double perBenchmark = Math.max(1, o.forks) * ((o.warmups + o.iterations) * o.timeMs / 1000.0 + (o.forks > 0 ? 1 : 0.1));
        return String.format(java.util.Locale.ROOT, " (%d benchmarks, about %.0f s)", n, n * perBenchmark);
    }

    static void progress(String message) {
        System.out.println("[bench] " + message);
        System.out.flush();
    }
}
