package dev.restcompress.bench.proxies;

import dev.restcompress.bench.core.Cli;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The options of the proxies suite ({@link ProxiesBench}): a picocli mixin; {@code --pin} is the overload suite's. */
public final class ProxiesOptions {
    static final List<String> DEFAULT_PAYLOADS =
            List.of("orders-min-30k.json", "catalog-50k.json", "users-2k.json", "catalog-1m.json");

    @Option(names = "--proxies-rounds", description = "rounds, every set-up measured in turn in each (default 3; quick 1)")
    public int rounds = -1;
    @Option(names = "--proxies-seconds", description = "measured seconds per set-up and model in a round "
            + "(default 3; quick 0.3)")
    public double seconds = Double.NaN;
    @Option(names = "--proxies-payloads", split = ",", description = "corpus files served (default "
            + "orders-min-30k.json,catalog-50k.json,users-2k.json,catalog-1m.json; quick orders-min-30k.json)")
    public List<String> payloads;
    @Option(names = "--proxies-setups", split = ",", description = "set-ups to measure (default all: app-identity, "
            + "app-gzip, ..., nginx-gzip-6, caddy-zstd, haproxy-gzip; see the bench README)")
    public List<String> setUps = new ArrayList<>(SetUp.ids());
    /** Closed-model connections (the peers suite's), and the open model's at half the capacity. */
    public final int closedConnections = 16;
    public final int openConnections = 32;
    public int verifyEvery;
    public double warmUpSeconds;
    public double codecSeconds;
    public boolean quick;

    /** Fills in what the user left open, with quick-mode or full-mode defaults, and checks the values. */
    public void applyDefaults(boolean quick) {
        this.quick = quick;
        rounds = rounds < 0 ? quick ? 1 : 3 : rounds;
        seconds = Double.isNaN(seconds) ? quick ? 0.3 : 3 : seconds;
        payloads = payloads == null ? quick ? List.of(DEFAULT_PAYLOADS.get(0)) : DEFAULT_PAYLOADS : payloads;
        verifyEvery = quick ? 1 : 16;
        warmUpSeconds = quick ? 0.2 : 3;
        codecSeconds = quick ? 0.1 : 1;
        if (rounds < 1 || !(seconds > 0) || payloads.isEmpty()) {
            throw new IllegalArgumentException("--proxies-rounds and --proxies-seconds must be positive, payloads given");
        }
        Cli.oneOf("--proxies-setups", setUps, SetUp.ids());
    }
}
