package dev.restcompress.bench.load;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of the HTTP load suite ({@link LoadBench}) and the bandwidth suite ({@link BandwidthBench}).
 * The main command line hands every option it does not know to {@link #accept}, so these stay out
 * of the JMH options.
 *
 * <pre>
 * --load-codings a,b          codings to request (default identity,lzf,gzip: what the demo offers)
 * --load-concurrency 1,4,16   closed-loop connections per step (default 1,4,16,64; quick 1,4,16)
 * --load-seconds N            measured seconds per step (default 10; quick 1)
 * --load-warmup-ms N          unrecorded warm-up per step (default 2000; quick 300)
 * --load-file NAME            corpus file served by /rest/static (default: the one closest to 30 KB)
 * --bandwidth 100mbit,1gbit   link rates of the bandwidth suite (adds the suite; root + bench.sh)
 * --bandwidth-netns ID        the namespace pair scripts/bench.sh created (rcb-srv-ID, rcb-cli-ID)
 * --bandwidth-link-script P   netns-link.sh, called as "P rate ID RATE" before each rate
 * --bandwidth-concurrency N   connections per bandwidth step (default 16)
 * --bandwidth-server-host IP  the server's address inside its namespace (default 10.213.0.2)
 * </pre>
 */
public final class LoadOptions {
    List<String> codings = List.of("identity", "lzf", "gzip");
    List<Integer> concurrency;
    double seconds = Double.NaN;
    int warmupMs = -1;
    String file;
    List<String> bandwidths = new ArrayList<>();
    String netnsId;
    Path linkScript;
    int bandwidthConcurrency = 16;
    String serverHost = BandwidthBench.DEFAULT_SERVER_HOST;
    /** Quick mode: shorter warm-ups and codec timings. */
    boolean quick;

    /**
     * Consumes the option at {@code args[i]} (and its value) if it is one of ours.
     *
     * @return how many extra arguments were consumed (0 or 1), or -1 if the option is not ours
     */
    public int accept(String[] args, int i) {
        String a = args[i];
        if (!a.startsWith("--load-") && !a.startsWith("--bandwidth")) {
            return -1;
        }
        if (i + 1 >= args.length) {
            throw new IllegalArgumentException(a + " needs a value");
        }
        String v = args[i + 1];
        switch (a) {
            case "--load-codings" -> codings = List.of(v.split(","));
            case "--load-concurrency" -> concurrency = ints(a, v);
            case "--load-seconds" -> seconds = positive(a, Double.parseDouble(v));
            case "--load-warmup-ms" -> {
                warmupMs = Integer.parseInt(v);
                if (warmupMs < 0) {
                    throw new IllegalArgumentException(a + " must be >= 0, was " + v);
                }
            }
            case "--load-file" -> file = v;
            case "--bandwidth" -> bandwidths = List.of(v.split(","));
            case "--bandwidth-netns" -> netnsId = v;
            case "--bandwidth-link-script" -> linkScript = Paths.get(v);
            case "--bandwidth-concurrency" -> bandwidthConcurrency = ints(a, v).get(0);
            case "--bandwidth-server-host" -> serverHost = v;
            default -> throw new IllegalArgumentException("unknown option " + a);
        }
        return 1;
    }

    /** Fills in what the user left open, with quick-mode or full-mode defaults. */
    public void applyDefaults(boolean quick) {
        this.quick = quick;
        if (concurrency == null) {
            concurrency = quick ? List.of(1, 4, 16) : List.of(1, 4, 16, 64);
        }
        if (Double.isNaN(seconds)) {
            seconds = quick ? 1 : 10;
        }
        if (warmupMs < 0) {
            warmupMs = quick ? 300 : 2000;
        }
        for (String c : codings) {
            if (!List.of("identity", "lzf", "gzip").contains(c)) {
                throw new IllegalArgumentException("unknown coding " + c + " (identity, lzf, gzip)");
            }
        }
        for (int c : concurrency) {
            if (c > 1024) {
                throw new IllegalArgumentException("concurrency " + c + " is above the bound of 1024");
            }
        }
        // Fail on a bad rate now, not after the other suites have run for minutes.
        bandwidths.forEach(LinkRate::parse);
        if (!bandwidths.isEmpty() && (netnsId == null || linkScript == null)) {
            throw new IllegalArgumentException("--bandwidth needs the network namespaces scripts/bench.sh "
                    + "creates (--bandwidth-netns, --bandwidth-link-script); run it through scripts/bench.sh");
        }
    }

    private static List<Integer> ints(String option, String v) {
        List<Integer> out = new ArrayList<>();
        for (String s : v.split(",")) {
            try {
                out.add((int) positive(option, Integer.parseInt(s.trim())));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " takes integers, was '" + v + "'");
            }
        }
        return out;
    }

    private static double positive(String option, double v) {
        if (!(v > 0)) {
            throw new IllegalArgumentException(option + " must be positive, was " + v);
        }
        return v;
    }

    /** Whether link rates were given, which asks for the bandwidth suite. */
    public boolean hasBandwidths() {
        return !bandwidths.isEmpty();
    }

    /** The usage lines of these options. */
    public static String usage() {
        return "                 [--load-codings identity,lzf,gzip] [--load-concurrency 1,4,16,64]\n"
                + "                 [--load-seconds N] [--load-warmup-ms N] [--load-file NAME]\n"
                + "                 [--bandwidth 100mbit,1gbit --bandwidth-netns ID --bandwidth-link-script P]\n"
                + "                 [--bandwidth-concurrency N]";
    }
}
