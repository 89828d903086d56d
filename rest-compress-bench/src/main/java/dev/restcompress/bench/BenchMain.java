package dev.restcompress.bench;

import dev.restcompress.bench.codec.BenchCodec;
import dev.restcompress.bench.codec.BenchCodecs;
import dev.restcompress.bench.codec.CodecSuite;
import dev.restcompress.bench.codec.CodecSummary;
import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.JmhRunner;
import dev.restcompress.bench.core.Progress;
import dev.restcompress.bench.core.SuiteContext;
import dev.restcompress.bench.interceptor.InterceptorSuite;
import dev.restcompress.bench.sweep.BandwidthBench;
import dev.restcompress.bench.sweep.LoadBench;
import dev.restcompress.bench.overload.OpenModelServers;
import dev.restcompress.bench.overload.OverloadBench;
import dev.restcompress.bench.peers.PeersBench;
import dev.restcompress.bench.proxies.ProxiesBench;
import dev.restcompress.bench.nativefloor.NativeFloor;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.small.SmallPayloadSuite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.openjdk.jmh.runner.RunnerException;
import picocli.CommandLine;

/**
 * Runs the chosen suites in order into the results folder and checks that every file they promised exists
 * ({@code scripts/bench.sh} is the way in). Run it with a private {@code java.io.tmpdir}: JMH's lock lives there.
 */
public final class BenchMain {
    private static final Progress PROGRESS = Progress.console();

    private BenchMain() {}

    public static void main(String[] args) throws Exception {
        try {
            BenchOptions o = BenchOptions.parse(args);
            if (o != null) { // null: --help or --version was printed
                System.exit(run(o));
            }
        } catch (CommandLine.ParameterException e) {
            System.err.println("bench: " + e.getMessage());
            e.getCommandLine().usage(System.err);
            System.exit(2);
        }
    }

    static int run(BenchOptions o) throws IOException, RunnerException, InterruptedException {
        Instant start = Instant.now();
        Path corpus = o.corpus.toAbsolutePath().normalize();
        if (!Files.isDirectory(corpus) || Corpus.names(corpus).isEmpty()) {
            return fail(2, "corpus folder " + corpus + " is missing or empty (use --corpus DIR)");
        }
        System.setProperty(Corpus.PROPERTY, corpus.toString());
        List<BenchCodec> codecs = availableCodecs(o);
        if (codecs.isEmpty()) {
            return fail(2, "no codec to run");
        }
        Path out = o.out.toAbsolutePath().normalize();
        Files.createDirectories(out);
        List<String> files = !o.files.isEmpty() ? o.files : o.quick ? quickFiles(corpus) : Corpus.names(corpus);
        Optional<String> absent = files.stream().filter(f -> !Files.isRegularFile(corpus.resolve(f))).findFirst();
        if (absent.isPresent()) {
            return fail(2, "no file " + absent.get() + " in " + corpus);
        }
        PROGRESS.report("results go to " + out);
        PROGRESS.report("corpus " + corpus + ": " + files.size() + " file(s)"
                + (files.size() < Corpus.names(corpus).size() ? " (a subset)" : ""));

        Markdown md = new Markdown();
        md.heading(1, "rest-compress benchmark " + out.getFileName());
        md.paragraph(environment(o, corpus, files, codecs));
        SuiteContext ctx = new SuiteContext(out, corpus, md, PROGRESS);
        JmhRunner jmh = new JmhRunner(o.forks, o.warmups, o.iterations, o.timeMs, out);
        List<String> produced = new ArrayList<>(List.of("report.md"));
        // The codec suite's summaries, for the native-floor comparison (empty without that suite).
        List<CodecSummary> codecSummaries = o.suites.contains("codec") ? CodecSuite.run(ctx, jmh, codecs, files) : List.of();
        if (o.suites.contains("codec")) {
            produced.addAll(CodecSuite.FILES);
        }
        if (o.suites.contains("small")) {
            produced.addAll(SmallPayloadSuite.run(ctx, jmh, codecs, o.linkMbps, o.quick));
        }
        if (o.suites.contains("interceptor")) {
            produced.addAll(InterceptorSuite.run(ctx, jmh));
        }
        if (o.suites.contains("native")) {
            produced.addAll(NativeFloor.run(ctx, o.nativeHarness, o.quick, files, codecSummaries));
        }
        if (o.suites.contains("load")) {
            produced.addAll(LoadBench.run(ctx, o.load));
        }
        boolean overload = o.suites.contains("overload");
        boolean peers = o.suites.contains("peers");
        if (overload || peers) {
            try (OpenModelServers servers = OpenModelServers.start(ctx, o.overload, overload, peers)) {
                if (overload) {
                    produced.addAll(OverloadBench.run(ctx, o.overload, servers));
                }
                if (peers) {
                    produced.addAll(PeersBench.run(ctx, o.overload, servers));
                }
            }
        }
        if (o.suites.contains("proxies")) {
            produced.addAll(ProxiesBench.run(ctx, o.proxies, o.overload.pin.equals("on")));
        }
        if (o.suites.contains("bandwidth")) {
            produced.addAll(BandwidthBench.run(ctx, o.load));
        }
        md.write(out.resolve("report.md"));
        for (String f : produced) {
            // A report that silently lost a file is a broken benchmark: fail loudly.
            if (!Files.isRegularFile(out.resolve(f)) || Files.size(out.resolve(f)) == 0) {
                return fail(1, "expected output " + out.resolve(f) + " is missing or empty");
            }
        }
        PROGRESS.report("done in " + Duration.between(start, Instant.now()).toSeconds() + " s: "
                + out.resolve("report.md"));
        return 0;
    }

    private static int fail(int status, String message) {
        System.err.println("bench: " + message);
        return status;
    }

    private static List<BenchCodec> availableCodecs(BenchOptions o) {
        List<BenchCodec> wanted = o.codecs.isEmpty() ? BenchCodecs.all()
                : o.codecs.stream().map(id -> BenchCodecs.byId(id.trim())).toList();
        return wanted.stream().filter(c -> {
            String why = c.unavailableReason();
            if (why != null) {
                PROGRESS.report("skipping codec " + c.id() + ": " + why);
            }
            return why == null;
        }).toList();
    }

    /** Quick mode's files: three spread over 4 KiB to 1 MiB (tiny ones say little, huge ones outlast 100 ms). */
    static List<String> quickFiles(Path corpus) {
        List<String> names = Corpus.names(corpus);
        List<String> mid = names.stream().filter(n -> Corpus.size(corpus.resolve(n)) >= 4096
                && Corpus.size(corpus.resolve(n)) <= 1 << 20).toList();
        List<String> pool = (mid.isEmpty() ? names : mid).stream()
                .sorted(Comparator.comparingLong(n -> Corpus.size(corpus.resolve(n)))).toList();
        return pool.size() <= 3 ? pool : List.of(pool.get(0), pool.get(pool.size() / 2), pool.get(pool.size() - 1));
    }

    private static String environment(BenchOptions o, Path corpus, List<String> files, List<BenchCodec> codecs) {
        return "Mode: " + (o.quick ? "**quick (smoke test: numbers are indicative only)**" : "full")
                + ". JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + ", " + Runtime.getRuntime().availableProcessors() + " processors, " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch") + ". JMH: " + o.forks + " fork(s), " + o.warmups + " warmup and "
                + o.iterations + " measurement iteration(s) of " + o.timeMs + " ms, AverageTime, 1 thread, -prof gc. "
                + "Corpus: `" + corpus + "` (" + files.size() + " file(s): " + String.join(", ", files) + "). Codecs: "
                + codecs.stream().map(BenchCodec::id).collect(Collectors.joining(", ")) + ".";
    }
}
