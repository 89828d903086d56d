package dev.restcompress.bench.overload;

import dev.restcompress.bench.core.Cli;
import dev.restcompress.bench.server.OurVariants;
import dev.restcompress.config.CompressionSettings;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The options of the overload suite ({@link OverloadBench}) and the peers suite: a picocli mixin. */
public final class OverloadOptions {
    @Option(names = "--overload-multipliers", split = ",", description = "offered load as multiples of the measured capacity (default 0.5,1,2,4)")
    public List<Double> multipliers = new ArrayList<>(List.of(0.5, 1.0, 2.0, 4.0));
    @Option(names = "--overload-seconds", description = "measured seconds per step (default 10; quick 0.5)")
    public double seconds = Double.NaN;
    @Option(names = "--overload-connections", description = "generator connections in the open model (default 64)")
    public int connections = 64;
    @Option(names = "--overload-adaptive", split = ",", description = "rest-compress.adaptive settings to compare (default off,on)")
    public List<String> adaptive = new ArrayList<>(List.of("off", "on"));
    /** Extra {@code -Drest-compress.*} options of the adaptive=on server. */
    @Option(names = "--overload-on-settings", split = ",", description = "more settings k=v of the adaptive=on server, "
            + "keys without the \"rest-compress.\" prefix (e.g. adaptive.dwell-down=2): to try a tuning")
    public List<String> onSettings = new ArrayList<>();
    @Option(names = "--overload-mixes", split = ",", description = "payloads: large, small-json (default both; quick large)")
    public List<String> mixes;
    @Option(names = "--peers-servers", split = ",", description = "ours-cache-identity,ours-uncached,ours-cached,"
            + "ours-cache-miss,ours,resteasy-gzip,jersey-gzip,undertow-gzip (default these), "
            + "and ours-statistics-off, ours-jfr, ours-twin, ours-identity, ours-breach-off, ours-same-origin, "
            + "ours-breach-off-same-origin")
    public List<String> peers = new ArrayList<>(OurVariants.DEFAULTS);
    @Option(names = "--peers-rounds", description = "repeated rounds for the error bars (default 3; quick 1)")
    public int rounds = -1;
    @Option(names = "--peers-seconds", description = "measured seconds per server per round (default 5; quick 0.5)")
    public double peerSeconds = Double.NaN;
    @Option(names = "--pin", description = "on|off: server and generator on separate cores with taskset (default on)")
    public String pin = "on";
    /** Closed-model connections at saturation (capacity, warm-ups, peers). */
    public final int peerConcurrency = 16;
    /** Decode and compare every n-th encoded body (see the {@code LoadGenerator} constructor). */
    public int verifyEvery;
    public boolean quick;

    /** Fills in what the user left open, with quick-mode or full-mode defaults, and checks the values. */
    public void applyDefaults(boolean quick) {
        this.quick = quick;
        seconds = Double.isNaN(seconds) ? quick ? 0.5 : 10 : seconds;
        mixes = mixes == null ? quick ? List.of("large") : List.of("large", "small-json") : mixes;
        verifyEvery = quick ? 1 : 16;
        rounds = rounds < 0 ? quick ? 1 : 3 : rounds;
        peerSeconds = Double.isNaN(peerSeconds) ? quick ? 0.5 : 5 : peerSeconds;
        if (connections < 1 || connections > 1024) {
            throw new IllegalArgumentException("connections are bounded by 1..1024");
        }
        if (!(seconds > 0 && peerSeconds > 0 && rounds > 0) || multipliers.stream().anyMatch(m -> !(m > 0))) {
            throw new IllegalArgumentException("the overload and peers numbers must be positive");
        }
        Cli.oneOf("--overload-adaptive", adaptive, List.of("off", "on"));
        Cli.oneOf("--pin", List.of(pin), List.of("on", "off"));
        Cli.oneOf("--overload-mixes", mixes, List.of("large", "small-json"));
        Cli.oneOf("--peers-servers", peers, OurVariants.CHOICES);
        onSettings = onSettings.stream().map(kv -> kv.startsWith("-D") ? kv : setting(kv)).toList(); // -D: applied
    }

    /** {@code k=v} as a {@code -Drest-compress.k=v} option; an unknown key fails here, not in the server. */
    private static String setting(String kv) {
        int eq = kv.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("--overload-on-settings takes key=value pairs, was '" + kv + "'");
        }
        String key = CompressionSettings.PREFIX + kv.substring(0, eq).trim();
        if (!CompressionSettings.unknownKeys(List.of(key)).isEmpty()) {
            throw new IllegalArgumentException("--overload-on-settings: unknown setting " + key);
        }
        return "-D" + key + "=" + kv.substring(eq + 1).trim();
    }
}
