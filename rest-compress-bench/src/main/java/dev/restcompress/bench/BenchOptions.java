package dev.restcompress.bench;

import dev.restcompress.bench.load.LoadOptions;
import dev.restcompress.bench.load.OverloadOptions;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@link BenchMain}, parsed and validated. Immutable after parsing.
 *
 * <pre>
 * --quick              smoke mode: few files, 0 forks, 100 ms iterations (finishes in well under 3 min)
 * --corpus DIR         folder of files to compress (default testdata)
 * --out DIR            results folder (default results/bench-&lt;timestamp&gt;)
 * --codecs a,b         codec ids (default: every available one in BenchCodecs)
 * --files a,b          corpus file names for the codec suite (default: all; quick: three)
 * --suites a,b         codec, small, interceptor, load, native, overload, peers, bandwidth
 *                      (default: all but bandwidth)
 * --forks N --warmups N --iterations N --time-ms N    JMH settings (full mode: 1, 2, 3, 1000)
 * --link-mbps N        reference link for the small-payload verdict (default 1000)
 * --native-harness PATH  the compiled libdeflate_harness of the native-floor suite (bench.sh builds it)
 * --load-..., --bandwidth...   the HTTP load and bandwidth suites: see LoadOptions
 * --overload-..., --peers-..., --pin   the overload and peers suites: see OverloadOptions
 * </pre>
 */
final class BenchOptions {
    boolean quick;
    Path corpus = Paths.get("testdata");
    Path out = Paths.get("results", "bench-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    List<String> codecs = new ArrayList<>();
    List<String> files = new ArrayList<>();
    List<String> suites = new ArrayList<>(List.of("codec", "small", "interceptor", "load", "native",
            "overload", "peers"));
    /** Options of the load and bandwidth suites. */
    final LoadOptions load = new LoadOptions();
    /** Options of the overload and peers suites. */
    final OverloadOptions overload = new OverloadOptions();
    /** The native-floor suite's C harness; without one the suite says so in the report. */
    Path nativeHarness;
    int forks = 1;
    int warmups = 2;
    int iterations = 3;
    int timeMs = 1000;
    double linkMbps = 1000;

    static BenchOptions parse(String[] args) {
        BenchOptions o = new BenchOptions();
        boolean jmhSet = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--quick" -> o.quick = true;
                case "--corpus" -> o.corpus = Paths.get(value(args, ++i, a));
                case "--out" -> o.out = Paths.get(value(args, ++i, a));
                case "--codecs" -> o.codecs = List.of(value(args, ++i, a).split(","));
                case "--files" -> o.files = List.of(value(args, ++i, a).split(","));
                case "--suites" -> o.suites = List.of(value(args, ++i, a).split(","));
                case "--forks" -> { o.forks = intValue(args, ++i, a, 0); jmhSet = true; }
                case "--warmups" -> { o.warmups = intValue(args, ++i, a, 0); jmhSet = true; }
                case "--iterations" -> { o.iterations = intValue(args, ++i, a, 1); jmhSet = true; }
                case "--time-ms" -> { o.timeMs = intValue(args, ++i, a, 10); jmhSet = true; }
                case "--link-mbps" -> o.linkMbps = intValue(args, ++i, a, 1);
                case "--native-harness" -> o.nativeHarness = Paths.get(value(args, ++i, a));
                case "-h", "--help" -> throw new IllegalArgumentException("help");
                default -> {
                    int used = o.load.accept(args, i);
                    if (used < 0) {
                        used = o.overload.accept(args, i);
                    }
                    if (used < 0) {
                        throw new IllegalArgumentException("unknown option " + a);
                    }
                    i += used;
                }
            }
        }
        if (o.quick && !jmhSet) {
            // In-process, short: proves every benchmark runs and every report is produced; the
            // numbers are only indicative.
            o.forks = 0;
            o.warmups = 1;
            o.iterations = 2;
            o.timeMs = 100;
        }
        List<String> known = List.of("codec", "small", "interceptor", "load", "native", "overload", "peers",
                "bandwidth");
        for (String s : o.suites) {
            if (!known.contains(s)) {
                throw new IllegalArgumentException("unknown suite " + s + " (" + String.join(", ", known) + ")");
            }
        }
        // --bandwidth asks for the bandwidth suite; the suite without rates has nothing to do.
        if (o.load.hasBandwidths() && !o.suites.contains("bandwidth")) {
            o.suites = new ArrayList<>(o.suites);
            o.suites.add("bandwidth");
        }
        if (o.suites.contains("bandwidth") && !o.load.hasBandwidths()) {
            throw new IllegalArgumentException("the bandwidth suite needs --bandwidth RATES (through scripts/bench.sh)");
        }
        o.load.applyDefaults(o.quick);
        o.overload.applyDefaults(o.quick);
        return o;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int intValue(String[] args, int i, String option, int min) {
        String v = value(args, i, option);
        try {
            int n = Integer.parseInt(v);
            if (n < min) {
                throw new IllegalArgumentException(option + " must be >= " + min + ", was " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " must be an integer, was '" + v + "'");
        }
    }

    static String usage() {
        return "usage: BenchMain [--quick] [--corpus DIR] [--out DIR] [--codecs a,b] [--files a,b]\n"
                + "                 [--suites codec,small,interceptor,load,native,overload,peers,bandwidth]\n"
                + "                 [--forks N] [--warmups N] [--iterations N] [--time-ms N] [--link-mbps N]\n"
                + LoadOptions.usage() + " [--native-harness PATH]\n" + OverloadOptions.usage();
    }
}
