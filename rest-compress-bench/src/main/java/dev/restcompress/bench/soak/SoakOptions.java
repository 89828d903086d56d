package dev.restcompress.bench.soak;

import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The soak's settings, validated once.
 *
 * @param rate requests per second over all threads (0: as fast as they go)
 * @param minutes load time (the server's start and the report come on top)
 * @param intervalSeconds seconds between samples
 * @param warmupFraction leading share of the run left out of the headline slopes
 * @param isolatedShare share of the run given to the isolated POST phases (0: mixed only)
 * @param onlyPost one coding whose POSTs are the whole load, or null
 * @param rssMbPerMin the RSS and NMT slope above which a series leaks
 * @param heapMbPerMin the heap-after-GC slope above which it leaks
 * @param countPerMin the thread and fd slope above which they leak
 * @param maxRssMb RSS at which the run stops early (as LEAKED)
 * @param label what was measured (commit), for the report
 */
record SoakOptions(Path testdata, Path out, double minutes, double intervalSeconds, int threads, int timeoutMs,
        int heapMb, int rate, double warmupFraction, double isolatedShare, String onlyPost, double rssMbPerMin,
        double heapMbPerMin, double countPerMin, long maxRssMb, String label, boolean shortRun) {

    /** The command line (picocli); {@link #parse} turns it into the record. */
    @Command(name = "SoakMain", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Soaks the demo server: mixed load, then a POST phase per coding; samples memory, threads, fds.")
    static final class Cli {
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
        @Option(names = "--timeout-ms", description = "socket timeout (default 10000)")
        int timeoutMs = 10_000;
        @Option(names = "--heap-mb", description = "the server's heap (default 256)")
        int heapMb = 256;
        @Option(names = "--warmup", description = "leading share of the run left out of the headline slopes "
                + "(default 0.2; --short: 0.4)")
        Double warmup;
        @Option(names = "--isolated", description = "share of the run for the per-coding POST phases (default 0.4; --short: 0.5)")
        Double isolated;
        @Option(names = "--rss-mb-per-min", description = "RSS and NMT leak threshold (default 2)")
        double rss = 2;
        @Option(names = "--heap-mb-per-min", description = "heap-after-GC leak threshold (default 1)")
        double heap = 1;
        @Option(names = "--max-rss-mb", description = "stop early (LEAKED) when the server's RSS passes N MB (default 2048)")
        long maxRss = 2048;
        @Option(names = "--label", description = "what was measured (commit), for the report")
        String label = "";
    }

    /** Parses {@code args}; null when {@code --help} or {@code --version} was printed. */
    static SoakOptions parse(String[] args) {
        Cli c = new Cli();
        CommandLine cl = new CommandLine(c);
        cl.parseArgs(args);
        if (cl.printHelpIfRequested(cl.getParseResult())) {
            return null;
        }
        for (double v : new double[] {c.minutes == null ? 1 : c.minutes, c.interval == null ? 1 : c.interval, c.threads,
            c.timeoutMs, c.heapMb, c.rss, c.heap, c.maxRss}) {
            if (!(v > 0)) {
                throw new CommandLine.ParameterException(cl, "the numbers must be positive, got " + v);
            }
        }
        for (Double f : new Double[] {c.warmup, c.isolated}) {
            if (f != null && !(f >= 0 && f < 1)) {
                throw new CommandLine.ParameterException(cl, "--warmup and --isolated must be in [0, 1), got " + f);
            }
        }
        // --short: RSS of this JVM under the mix settles after about 40 s (measured with the decoder leak
        // fixed: +100 MB in the first 10 s, +25 MB more until 40 s, flat after), hence 40% of 105 s.
        double m = c.minutes != null ? c.minutes : c.shortRun ? 1.75 : 10;
        double iso = c.onlyPost != null ? 0 : c.isolated != null ? c.isolated : c.shortRun ? 0.5 : 0.4;
        // At most 5 s, and at least 10 samples in each of the five isolated phases (their slopes skip the
        // first 30%), but no more than one a second: each sample is a full GC.
        double interval = c.interval != null ? c.interval
                : iso > 0 ? Math.max(1, Math.min(5, Math.floor(m * 60 * iso / 5 / 10 * 10) / 10)) : 5;
        return new SoakOptions(c.testdata, c.out, m, interval, c.threads, c.timeoutMs, c.heapMb, c.rate,
                c.warmup != null ? c.warmup : c.shortRun ? 0.4 : 0.2, iso, c.onlyPost, c.rss, c.heap, 10, c.maxRss,
                c.label, c.shortRun);
    }
}
