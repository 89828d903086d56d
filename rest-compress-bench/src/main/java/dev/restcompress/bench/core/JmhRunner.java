package dev.restcompress.bench.core;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs one JMH benchmark class (selected by its full name) with the run's settings, single-threaded with
 * the GC profiler, keeping JMH's JSON as {@code jmh-<name>.json}. Forks get the corpus and this JVM's
 * temp folder, where JMH's machine-wide {@code jmh.lock} lives: a private one keeps parallel runs apart.
 */
public record JmhRunner(int forks, int warmups, int iterations, int timeMs, Path out) {

    /** The run's options for every benchmark method of {@code benchmark}; add {@code param(...)} to narrow. */
    public ChainedOptionsBuilder options(Class<?> benchmark) {
        return new OptionsBuilder().include("^" + Pattern.quote(benchmark.getName()) + "\\.").forks(forks)
                .warmupIterations(warmups).warmupTime(TimeValue.milliseconds(timeMs))
                .measurementIterations(iterations).measurementTime(TimeValue.milliseconds(timeMs))
                .threads(1).addProfiler(GCProfiler.class).shouldFailOnError(true)
                .jvmArgsAppend("-D" + Corpus.PROPERTY + "=" + System.getProperty(Corpus.PROPERTY),
                        "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
                        "--enable-native-access=ALL-UNNAMED");
    }

    /** Runs {@code options}, writes {@code jmh-<name>.json} and returns the results. */
    public List<Measurement> run(String name, ChainedOptionsBuilder options) throws RunnerException {
        options.resultFormat(ResultFormatType.JSON).result(out.resolve("jmh-" + name + ".json").toString());
        return new Runner(options.build()).run().stream().map(Measurement::from).toList();
    }

    /** A rough duration for {@code n} benchmarks: iterations plus about a second per fork to start. */
    public String estimate(int n) {
        double perBenchmark = Math.max(1, forks) * ((warmups + iterations) * timeMs / 1000.0 + (forks > 0 ? 1 : 0.1));
        return String.format(Locale.ROOT, " (%d benchmarks, about %.0f s)", n, n * perBenchmark);
    }
}
