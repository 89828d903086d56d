package dev.restcompress.bench.soak;

import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The soak's command line (picocli), validated once; {@link #parse} fills in the defaults that depend on --short. */
@Command(name = "SoakMain", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Soaks the demo server: mixed load, then a POST phase per coding; samples memory, threads, fds.")
final class SoakOptions {
    @Option(names = "--testdata", required = true, description = "the corpus folder")
    Path testdata;
    @Option(names = "--out", required = true, description = "the results folder")
    Path out;
    @Option(names = "--minutes", description = "load time in minutes (default 10; --short: 1.75)")
    Double minutes;
    @Option(names = "--short", description = "the test-suite mode: 1.75 minutes, 1 s samples, 40%% warm-up, "
            + "isolated phases half the run")
    boolean shortRun;
    @Option(names = "--only-post", description = "POST /rest/echo with Content-Encoding C only (identity, lzf, gzip, zstd, br)")
    String onlyPost;
    @Option(names = "--interval", description = "seconds between samples (default: 5, or less so that each "
            + "isolated phase gets 10 samples, but at least 1; --short: 1)")
    Double interval;
    @Option(names = "--threads", description = "load threads (default 4)")
    int threads = 4;
    @Option(names = "--rate", description = "requests per second over all threads (default 400; 0: unlimited, "
            + "which takes both cores of a small machine)")
    int rate = 400;
    @Option(names = "--warmup", description = "leading share of the run left out of the headline slopes "
            + "(default 0.2; --short: 0.4)")
    Double warmup;
    @Option(names = "--isolated", description = "share of the run for the per-coding POST phases (default 0.4; --short: 0.5)")
    Double isolated;
    @Option(names = "--rss-mb-per-min", description = "RSS and NMT leak threshold (default 2)")
    double rssMbPerMin = 2;
    @Option(names = "--heap-mb-per-min", description = "heap-after-GC leak threshold (default 1)")
    double heapMbPerMin = 1;
    @Option(names = "--max-rss-mb", description = "stop early (LEAKED) when the server's RSS passes N MB (default 2048)")
    long maxRssMb = 2048;
    @Option(names = "--label", description = "what was measured (commit), for the report")
    String label = "";

    /** Parses {@code args}; null when {@code --help} or {@code --version} was printed. */
    static SoakOptions parse(String[] args) {
        SoakOptions o = new SoakOptions();
        CommandLine cl = new CommandLine(o);
        cl.parseArgs(args);
        if (cl.printHelpIfRequested(cl.getParseResult())) {
            return null;
        }
        for (double v : new double[] {o.minutes == null ? 1 : o.minutes, o.interval == null ? 1 : o.interval, o.threads,
            o.rssMbPerMin, o.heapMbPerMin, o.maxRssMb}) {
            if (!(v > 0)) {
                throw new CommandLine.ParameterException(cl, "the numbers must be positive, got " + v);
            }
        }
        for (Double f : new Double[] {o.warmup, o.isolated}) {
            if (f != null && !(f >= 0 && f < 1)) {
                throw new CommandLine.ParameterException(cl, "--warmup and --isolated must be in [0, 1), got " + f);
            }
        }
        // --short: RSS of this JVM under the mix settles after about 40 s (measured with the decoder leak
        // fixed: +100 MB in the first 10 s, +25 MB more until 40 s, flat after), hence 40% of 105 s.
        o.minutes = o.minutes != null ? o.minutes : o.shortRun ? 1.75 : 10;
        o.isolated = o.onlyPost != null ? 0 : o.isolated != null ? o.isolated : o.shortRun ? 0.5 : 0.4;
        // At most 5 s, and at least 10 samples in each of the five isolated phases (their slopes skip the
        // first 30%), but no more than one a second: each sample is a full GC.
        o.interval = o.interval != null ? o.interval
                : o.isolated > 0 ? Math.max(1, Math.min(5, Math.floor(o.minutes * 60 * o.isolated / 5 / 10 * 10) / 10)) : 5;
        o.warmup = o.warmup != null ? o.warmup : o.shortRun ? 0.4 : 0.2;
        return o;
    }
}
