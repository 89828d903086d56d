package dev.restcompress.bench.load;

import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.config.CompressionSettings;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of the overload suite ({@link OverloadBench}) and the peers suite ({@link PeersBench}),
 * both driven by the open-model generator ({@link LoadGenerator}).
 *
 * <pre>
 * --overload-multipliers 0.5,1,2,4   offered load as multiples of the measured capacity (default)
 * --overload-seconds N               measured seconds per step (default 10; quick 0.5)
 * --overload-connections N           generator connections in the open model (default 64)
 * --overload-adaptive off,on         rest-compress.adaptive settings to compare (default off,on)
 * --overload-on-settings k=v,k=v     more settings for the adaptive=on server, keys without the
 *                                    "rest-compress." prefix (e.g. adaptive.dwell-down=2): to try a tuning
 * --overload-mixes large,small-json  payloads: the large file, and the small-JSON mix (default both; quick large)
 * --overload-file NAME               the large file (default catalog-50k.json, else the load suite's file)
 * --peers-servers a,b                ours,resteasy-gzip,jersey-gzip,undertow-gzip (default these four), and
 *                                    ours-statistics-off, ours-jfr, ours-twin, ours-identity ({@link OurVariants})
 * --peers-rounds N                   repeated rounds for the error bars (default 3; quick 1)
 * --peers-seconds N                  measured seconds per server per round (default 5; quick 0.5)
 * --peers-concurrency N              closed-loop connections at saturation (default 16)
 * --pin on|off                       server and generator on separate cores with taskset (default on)
 * --verify-every N                   decode and compare every N-th encoded body (default 16; quick 1)
 * </pre>
 */
public final class OverloadOptions {
    List<Double> multipliers = List.of(0.5, 1.0, 2.0, 4.0);
    double seconds = Double.NaN;
    int connections = 64;
    List<String> adaptive = List.of("off", "on");
    /** Extra {@code -Drest-compress.*} options of the adaptive=on server. */
    List<String> onSettings = List.of();
    List<String> mixes;
    String file;
    List<String> peers = BenchServerMain.KINDS;
    int rounds = -1;
    double peerSeconds = Double.NaN;
    int peerConcurrency = 16;
    boolean pin = true;
    int verifyEvery = -1;
    boolean quick;

    /**
     * Consumes the option at {@code args[i]} (and its value) if it is one of ours.
     *
     * @return how many extra arguments were consumed (1), or -1 if the option is not ours
     */
    public int accept(String[] args, int i) {
        String a = args[i];
        if (!a.startsWith("--overload-") && !a.startsWith("--peers-") && !a.equals("--pin") && !a.equals("--verify-every")) {
            return -1;
        }
        if (i + 1 >= args.length) {
            throw new IllegalArgumentException(a + " needs a value");
        }
        String v = args[i + 1];
        switch (a) {
            case "--overload-multipliers" -> multipliers = doubles(a, v);
            case "--overload-seconds" -> seconds = doubles(a, v).get(0);
            case "--overload-connections" -> connections = (int) (double) doubles(a, v).get(0);
            case "--overload-adaptive" -> adaptive = oneOf(a, v, List.of("off", "on"));
            case "--overload-on-settings" -> onSettings = settings(a, v);
            case "--overload-mixes" -> mixes = oneOf(a, v, List.of("large", "small-json"));
            case "--overload-file" -> file = v;
            case "--peers-servers" -> peers = oneOf(a, v, OurVariants.CHOICES);
            case "--peers-rounds" -> rounds = (int) (double) doubles(a, v).get(0);
            case "--peers-seconds" -> peerSeconds = doubles(a, v).get(0);
            case "--peers-concurrency" -> peerConcurrency = (int) (double) doubles(a, v).get(0);
            case "--verify-every" -> verifyEvery = (int) (double) doubles(a, v).get(0);
            case "--pin" -> pin = oneOf(a, v, List.of("on", "off")).get(0).equals("on");
            default -> throw new IllegalArgumentException("unknown option " + a);
        }
        return 1;
    }

    /** Fills in what the user left open, with quick-mode or full-mode defaults. */
    public void applyDefaults(boolean quick) {
        this.quick = quick;
        if (Double.isNaN(seconds)) {
            seconds = quick ? 0.5 : 10;
        }
        if (mixes == null) {
            mixes = quick ? List.of("large") : List.of("large", "small-json");
        }
        if (verifyEvery < 0) {
            verifyEvery = quick ? 1 : 16;
        }
        if (rounds < 0) {
            rounds = quick ? 1 : 3;
        }
        if (Double.isNaN(peerSeconds)) {
            peerSeconds = quick ? 0.5 : 5;
        }
        if (connections > 1024 || peerConcurrency > 1024) {
            throw new IllegalArgumentException("connections are bounded by 1024");
        }
    }

    private static List<Double> doubles(String option, String v) {
        List<Double> out = new ArrayList<>();
        for (String s : v.split(",")) {
            try {
                double d = Double.parseDouble(s.trim());
                if (!(d > 0)) {
                    throw new IllegalArgumentException(option + " takes positive numbers, was '" + v + "'");
                }
                out.add(d);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " takes numbers, was '" + v + "'");
            }
        }
        return out;
    }

    /** {@code k=v,k=v} as {@code -Drest-compress.k=v} options; an unknown key fails here, not in the server. */
    private static List<String> settings(String option, String v) {
        List<String> out = new ArrayList<>();
        for (String kv : v.split(",")) {
            int eq = kv.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(option + " takes key=value pairs, was '" + kv + "'");
            }
            String key = CompressionSettings.PREFIX + kv.substring(0, eq).trim();
            if (!CompressionSettings.unknownKeys(List.of(key)).isEmpty()) {
                throw new IllegalArgumentException(option + ": unknown setting " + key);
            }
            out.add("-D" + key + "=" + kv.substring(eq + 1).trim());
        }
        return List.copyOf(out);
    }

    private static List<String> oneOf(String option, String v, List<String> allowed) {
        List<String> out = List.of(v.split(","));
        for (String s : out) {
            if (!allowed.contains(s)) {
                throw new IllegalArgumentException(option + ": unknown value " + s + " (" + String.join(", ", allowed) + ")");
            }
        }
        return out;
    }

    /** The usage lines of these options. */
    public static String usage() {
        return "                 [--overload-multipliers 0.5,1,2,4] [--overload-seconds N] [--overload-connections N]\n"
                + "                 [--overload-adaptive off,on] [--overload-on-settings k=v,...]\n"
                + "                 [--overload-mixes large,small-json] [--overload-file NAME]\n"
                + "                 [--peers-servers ours,resteasy-gzip,jersey-gzip,undertow-gzip,\n"
                + "                   ours-statistics-off,ours-jfr,ours-twin,ours-identity] [--peers-rounds N]\n"
                + "                 [--peers-seconds N] [--peers-concurrency N] [--pin on|off]\n"
                + "                 [--verify-every N]";
    }
}
