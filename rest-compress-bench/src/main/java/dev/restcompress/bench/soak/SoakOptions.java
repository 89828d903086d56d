package dev.restcompress.bench.soak;

import java.nio.file.Path;

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

    static final String USAGE = """
            usage: SoakMain --testdata DIR --out DIR [--minutes N] [--short] [--only-post CODING]
                   [--interval S] [--threads N] [--rate N] [--timeout-ms N] [--heap-mb N] [--warmup F] [--isolated F]
                   [--rss-mb-per-min X] [--heap-mb-per-min X] [--max-rss-mb N] [--label TEXT]
              --minutes N      load time in minutes (default 10; --short: 1.75)
              --short          the test-suite mode: 1.75 minutes, 1 s samples, 40% warm-up, isolated
                               phases half the run
              --only-post C    POST /rest/echo with Content-Encoding C only (identity, lzf, gzip, zstd, br)
              --interval S     seconds between samples (default: 5, or less so that each isolated phase
                               gets 10 samples, but at least 1; --short: 1)
              --threads N      load threads (default 4)
              --rate N         requests per second over all threads (default 400; 0: unlimited, which
                               takes both cores of a small machine)
              --isolated F     share of the run for the per-coding POST phases (default 0.4; --short: 0.5)
              --warmup F       leading share of the run left out of the headline slopes (default 0.2; --short: 0.4)
              --rss-mb-per-min X, --heap-mb-per-min X   leak thresholds (default 2 and 1)
              --max-rss-mb N   stop early (LEAKED) when the server's RSS passes N MB (default 2048)
            """;

    static SoakOptions parse(String[] args) {
        Path testdata = null;
        Path out = null;
        Double minutes = null;
        Double interval = null;
        Double isolated = null;
        int threads = 4;
        int timeoutMs = 10_000;
        int heapMb = 256;
        int rate = 400;
        Double warmup = null;
        String onlyPost = null;
        double rss = 2;
        double heap = 1;
        long maxRss = 2048;
        String label = "";
        boolean shortRun = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--short")) {
                shortRun = true;
                continue;
            }
            if (a.equals("-h") || a.equals("--help")) {
                System.out.print(USAGE);
                System.exit(0);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(a + " needs a value\n" + USAGE);
            }
            String v = args[++i];
            switch (a) {
                case "--testdata" -> testdata = Path.of(v);
                case "--out" -> out = Path.of(v);
                case "--minutes" -> minutes = positive(a, Double.parseDouble(v));
                case "--interval" -> interval = positive(a, Double.parseDouble(v));
                case "--threads" -> threads = (int) positive(a, Integer.parseInt(v));
                case "--timeout-ms" -> timeoutMs = (int) positive(a, Integer.parseInt(v));
                case "--rate" -> rate = Integer.parseInt(v);
                case "--heap-mb" -> heapMb = (int) positive(a, Integer.parseInt(v));
                case "--warmup" -> warmup = fraction(a, Double.parseDouble(v));
                case "--isolated" -> isolated = fraction(a, Double.parseDouble(v));
                case "--only-post" -> onlyPost = v;
                case "--rss-mb-per-min" -> rss = positive(a, Double.parseDouble(v));
                case "--heap-mb-per-min" -> heap = positive(a, Double.parseDouble(v));
                case "--max-rss-mb" -> maxRss = (long) positive(a, Long.parseLong(v));
                case "--label" -> label = v;
                default -> throw new IllegalArgumentException("unknown argument " + a + "\n" + USAGE);
            }
        }
        if (testdata == null || out == null) {
            throw new IllegalArgumentException("--testdata and --out are required\n" + USAGE);
        }
        // --short: RSS of this JVM under the mix settles after about 40 s (measured with the decoder leak
        // fixed: +100 MB in the first 10 s, +25 MB more until 40 s, flat after), hence 40% of 105 s.
        double m = minutes != null ? minutes : shortRun ? 1.75 : 10;
        double iso = onlyPost != null ? 0 : isolated != null ? isolated : shortRun ? 0.5 : 0.4;
        if (interval == null) {
            // At most 5 s, and at least 10 samples in each of the five isolated phases (their slopes
            // skip the first 30%), but no more than one a second: each sample is a full GC.
            interval = iso > 0 ? Math.max(1, Math.min(5, Math.floor(m * 60 * iso / 5 / 10 * 10) / 10)) : 5;
        }
        return new SoakOptions(testdata, out, m, interval, threads, timeoutMs, heapMb, rate,
                warmup != null ? warmup : shortRun ? 0.4 : 0.2, iso, onlyPost, rss, heap, 10, maxRss, label, shortRun);
    }

    private static double positive(String flag, double v) {
        if (!(v > 0)) {
            throw new IllegalArgumentException(flag + " must be positive, got " + v);
        }
        return v;
    }

    private static double fraction(String flag, double v) {
        if (!(v >= 0 && v < 1)) {
            throw new IllegalArgumentException(flag + " must be in [0, 1), got " + v);
        }
        return v;
    }
}
