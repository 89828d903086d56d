package dev.restcompress.bench.sweep;

import dev.restcompress.bench.core.Cli;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The options of the HTTP load and bandwidth suites: a picocli mixin. */
public final class LoadOptions {
    private static final List<String> CODINGS = List.of("identity", "lzf", "gzip");

    @Option(names = "--load-codings", split = ",", description = "codings to request (default identity,lzf,gzip: what the demo offers)")
    List<String> codings = new ArrayList<>(CODINGS);
    @Option(names = "--load-concurrency", split = ",", description = "closed-model connections per step (default 1,4,16,64; quick 1,4,16)")
    List<Integer> concurrency;
    @Option(names = "--load-seconds", description = "measured seconds per step (default 10; quick 1)")
    double seconds = Double.NaN;
    @Option(names = "--load-endpoints", split = ",", description = "uncached (/rest/static), cached (/rest/cached, "
            + "@CacheEncoded, the same body every time), miss (/rest/unique, @CacheEncoded, every body different); default all three")
    List<String> endpoints = new ArrayList<>(LoadBench.ENDPOINTS);
    @Option(names = "--load-file", description = "corpus file served by /rest/static (default: the one closest to 30 KB)")
    String file;
    @Option(names = "--bandwidth", split = ",", description = "link rates of the bandwidth suite, e.g. 100mbit,1gbit (adds the suite; root, through bench.sh)")
    List<String> bandwidths = new ArrayList<>();
    @Option(names = "--bandwidth-netns", description = "the namespace pair scripts/bench.sh created (rcb-srv-ID, rcb-cli-ID)")
    String netnsId;
    @Option(names = "--bandwidth-link-script", description = "netns-link.sh, called as \"P rate ID RATE\" before each rate")
    Path linkScript;
    @Option(names = "--bandwidth-concurrency", description = "connections per bandwidth step (default 16)")
    int bandwidthConcurrency = 16;
    /** Unrecorded: per step, and per coding before the first step (which lets the server JIT-compile its paths). */
    int warmupMs;
    double warmUpSeconds;
    boolean quick;

    /** Fills in what the user left open, with quick-mode or full-mode defaults, and checks the values. */
    public void applyDefaults(boolean quick) {
        this.quick = quick;
        concurrency = concurrency != null ? concurrency : quick ? List.of(1, 4, 16) : List.of(1, 4, 16, 64);
        seconds = Double.isNaN(seconds) ? quick ? 1 : 10 : seconds;
        warmupMs = quick ? 300 : 2000;
        warmUpSeconds = quick ? 1 : 3;
        if (!(seconds > 0) || bandwidthConcurrency < 1) {
            throw new IllegalArgumentException("--load-seconds and --bandwidth-concurrency must be positive");
        }
        Cli.oneOf("--load-codings", codings, CODINGS);
        Cli.oneOf("--load-endpoints", endpoints, LoadBench.ENDPOINTS);
        concurrency.stream().filter(c -> c < 1 || c > 1024).findFirst().ifPresent(c -> {
            throw new IllegalArgumentException("concurrency " + c + " is outside 1..1024");
        });
        bandwidths.forEach(BandwidthBench::mbps); // a bad rate fails now, not after the other suites ran for minutes
        if (!bandwidths.isEmpty() && (netnsId == null || linkScript == null)) {
            throw new IllegalArgumentException("--bandwidth needs the network namespaces scripts/bench.sh "
                    + "creates (--bandwidth-netns, --bandwidth-link-script); run it through scripts/bench.sh");
        }
    }

    /** Link rates ask for the bandwidth suite. */
    public boolean hasBandwidths() {
        return !bandwidths.isEmpty();
    }
}
