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
import dev.restcompress.bench.nativefloor.NativeFloor;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.small.SmallPayloadSuite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.runner.RunnerException;
import picocli.CommandLine;

/**
 * Runs the benchmark suites and writes the results folder: {@code report.md}, CSV files, PNG charts
 * and JMH's own JSON. {@code scripts/bench.sh} is the usual way in; see {@link BenchOptions} for the
 * command line. Each suite lives in its own package and gets what it needs passed in (a
 * {@link SuiteContext}, the JMH settings, its options); this class only decides which suites run, in
 * which order, and checks that every file they promised exists.
 *
 * <p>Run it with {@code -Djava.io.tmpdir=<private dir>}: JMH takes a machine-wide lock in the temp
 * folder, and another engineer's run would otherwise block this one. Forked JVMs get the same temp
 * folder and the corpus through {@code -D} flags.
 */
public final class BenchMain {
    private static final Progress PROGRESS = Progress.console();

    private BenchMain() {
    }

    public static void main(String[] args) throws Exception {
        BenchOptions o;
        try {
            o = BenchOptions.parse(args);
        } catch (CommandLine.ParameterException e) {
            System.err.println("bench: " + e.getMessage());
            e.getCommandLine().usage(System.err);
            System.exit(2);
            return;
        }
        if (o == null) {
            return; // --help or --version was printed
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
        PROGRESS.report("results go to " + out);
        PROGRESS.report("corpus " + corpus + ": " + files.size() + " file(s)"
                + (files.size() < Corpus.names(corpus).size() ? " (a subset)" : ""));

        Markdown md = new Markdown();
        md.heading(1, "rest-compress benchmark " + out.getFileName());
        md.paragraph(Environment.describe(o, corpus, files, codecs));
        SuiteContext ctx = new SuiteContext(out, corpus, md, PROGRESS);
        JmhRunner jmh = new JmhRunner(o.forks, o.warmups, o.iterations, o.timeMs, out);
        List<String> produced = new ArrayList<>(List.of("report.md"));
        // The codec suite's summaries, for the native-floor comparison (empty without that suite).
        List<CodecSummary> codecSummaries = new ArrayList<>();

        if (o.suites.contains("codec")) {
            codecSummaries.addAll(CodecSuite.run(ctx, jmh, codecs, files));
            produced.addAll(CodecSuite.FILES);
        }
        if (o.suites.contains("small")) {
            produced.addAll(SmallPayloadSuite.run(ctx, jmh, codecs, o.linkMbps, o.quick));
        }
        if (o.suites.contains("interceptor")) {
            produced.addAll(InterceptorSuite.run(ctx, jmh));
        }
        try {
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
            if (o.suites.contains("bandwidth")) {
                produced.addAll(BandwidthBench.run(ctx, o.load));
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
        PROGRESS.report("done in " + Duration.between(start, Instant.now()).toSeconds() + " s: "
                + out.resolve("report.md"));
        return 0;
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
                PROGRESS.report("skipping codec " + c.id() + ": " + why);
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
            throw new UncheckedIOException(e);
        }
    }
}
