package dev.restcompress.bench;

import dev.restcompress.bench.core.Cli;
import dev.restcompress.bench.overload.OverloadOptions;
import dev.restcompress.bench.proxies.ProxiesOptions;
import dev.restcompress.bench.sweep.LoadOptions;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** The command line of {@link BenchMain} (picocli), parsed and validated. Not changed after parsing. */
@Command(name = "BenchMain", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs the rest-compress benchmark suites and writes a results folder.")
final class BenchOptions {
    private static final String SUITE_NAMES = "codec,small,interceptor,load,native,overload,peers,bandwidth,proxies";
    private static final List<String> SUITES = List.of(SUITE_NAMES.split(","));
    /** Run only when named: bandwidth needs root and rates, proxies starts nginx, Caddy and HAProxy. */
    private static final List<String> OPT_IN = List.of("bandwidth", "proxies");

    @Option(names = "--quick", description = "smoke mode: few files, 0 forks, 100 ms iterations (well under 3 min)")
    boolean quick;
    @Option(names = "--corpus", description = "folder of files to compress (default testdata)")
    Path corpus = Paths.get("testdata");
    @Option(names = "--out", description = "results folder (default results/bench-<timestamp>)")
    Path out = Paths.get("results", "bench-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    @Option(names = "--codecs", split = ",", description = "codec ids (default: every available one in BenchCodecs)")
    List<String> codecs = new ArrayList<>();
    @Option(names = "--files", split = ",", description = "corpus file names for the codec suite (default: all; quick: three)")
    List<String> files = new ArrayList<>();
    @Option(names = "--suites", split = ",", description = "of " + SUITE_NAMES + " (default: all but bandwidth and proxies)")
    List<String> suites = new ArrayList<>(SUITES.stream().filter(s -> !OPT_IN.contains(s)).toList());
    @Option(names = "--forks", description = "JMH forks (default 1; quick 0)")
    Integer forks;
    @Option(names = "--warmups", description = "JMH warm-up iterations (default 2; quick 1)")
    Integer warmups;
    @Option(names = "--iterations", description = "JMH measurement iterations (default 3; quick 2)")
    Integer iterations;
    @Option(names = "--time-ms", description = "JMH iteration time (default 1000; quick 100)")
    Integer timeMs;
    @Option(names = "--link-mbps", description = "reference link for the small-payload verdict (default 1000)")
    double linkMbps = 1000;
    @Option(names = "--native-harness", description = "the compiled libdeflate_harness of the native-floor suite "
            + "(bench.sh builds it); without one the suite says so in the report")
    Path nativeHarness;
    @Mixin
    final LoadOptions load = new LoadOptions();
    @Mixin
    final OverloadOptions overload = new OverloadOptions();
    @Mixin
    final ProxiesOptions proxies = new ProxiesOptions();

    /** Parses and validates {@code args} (a bad one throws a ParameterException); null when help was printed. */
    static BenchOptions parse(String[] args) {
        BenchOptions o = new BenchOptions();
        CommandLine cl = new CommandLine(o);
        cl.parseArgs(args);
        if (cl.printHelpIfRequested(cl.getParseResult())) {
            return null;
        }
        // Quick mode proves every benchmark runs and every report is produced; its numbers are only indicative.
        o.forks = check(cl, "--forks", o.forks, o.quick ? 0 : 1, 0);
        o.warmups = check(cl, "--warmups", o.warmups, o.quick ? 1 : 2, 0);
        o.iterations = check(cl, "--iterations", o.iterations, o.quick ? 2 : 3, 1);
        o.timeMs = check(cl, "--time-ms", o.timeMs, o.quick ? 100 : 1000, 10);
        // --bandwidth asks for the bandwidth suite; the suite without rates has nothing to do.
        if (o.load.hasBandwidths() && !o.suites.contains("bandwidth")) {
            o.suites.add("bandwidth");
        }
        if (o.suites.contains("bandwidth") && !o.load.hasBandwidths()) {
            throw new CommandLine.ParameterException(cl, "the bandwidth suite needs --bandwidth RATES (through scripts/bench.sh)");
        }
        try {
            Cli.oneOf("--suites", o.suites, SUITES);
            o.load.applyDefaults(o.quick);
            o.overload.applyDefaults(o.quick);
            o.proxies.applyDefaults(o.quick);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, e.getMessage(), e);
        }
        return o;
    }

    private static int check(CommandLine cl, String option, Integer given, int otherwise, int min) {
        if (given != null && given < min) {
            throw new CommandLine.ParameterException(cl, option + " must be >= " + min + ", was " + given);
        }
        return given != null ? given : otherwise;
    }
}
