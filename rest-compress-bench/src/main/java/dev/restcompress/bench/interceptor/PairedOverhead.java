package dev.restcompress.bench.interceptor;

import dev.restcompress.bench.interceptor.CpuClock.Rounds;
import dev.restcompress.codec.Codec;
import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.config.CompressionSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import java.util.stream.IntStream;
import org.jboss.resteasy.spi.Dispatcher;

/**
 * The cost the feature adds outside the codec, paired in one JVM ({@link CpuClock}): in separate forks the small
 * difference of two large means carries the spread of both, and each fork compiles the pure-Java codec against its
 * own profile. One-shot rounds also time statistics off and a JFR recording (over HTTP lost in a +-10% A/A spread).
 */
final class PairedOverhead {
    /**
     * Per-round medians, ns per request; {@code outside*}: "on - off - codec" ("on - off" below the threshold, where
     * codec, statistics and JFR are NaN); {@code varyBytes}: the {@code Vary} entry's own allocation (below only);
     * {@code statisticsNs}: on minus {@code statistics=off}; {@code jfrNs}: on under a JFR recording minus on.
     */
    record Result(String path, String coding, double offNs, double onNs, double codecNs, double outsideNs,
            double outsideQ1, double outsideQ3, int rounds, double addedBytes, double varyBytes, double statisticsNs,
            double jfrNs) {
        boolean below() {
            return path.equals("below-threshold");
        }

        /** The cost outside the codec as a share of the codec's (NaN below the threshold). */
        double share() {
            return below() ? Double.NaN : outsideNs / codecNs;
        }
    }

    private PairedOverhead() {}

    /** Measures {@code path} ("below-threshold" or "one-shot") over {@code rounds} after as many warm-up rounds. */
    static Result measure(byte[] body, String coding, String path, int rounds, int batchMs) {
        boolean encoded = path.equals("one-shot");
        Dispatcher off = InMemory.dispatcher(new BenchResource(body), false);
        Dispatcher on = InMemory.dispatcher(new BenchResource(body), true);
        String offUri = "/plain/" + path; // built once: a URI built per request would count as the row's allocation
        String onUri = "/" + path;
        List<Runnable> rows = new ArrayList<>(List.of(() -> InMemory.get(off, offUri, coding),
                () -> InMemory.get(on, onUri, coding)));
        if (encoded) {
            Dispatcher uncounted = InMemory.dispatcher(new BenchResource(body), true,
                    AdaptiveSettings.STATISTICS, "off");
            Codec codec = CompressionSettings.fromSystemProperties().createRegistry().forCoding(coding);
            byte[] out = new byte[codec.maxCompressedLength(body.length)];
            rows.add(() -> codec.compress(body, 0, body.length, out, 0));
            rows.add(() -> InMemory.get(uncounted, onUri, coding));
            rows.add(() -> InMemory.get(on, onUri, coding)); // under a JFR recording
        } else {
            rows.add(() -> InMemory.get(off, "/plain/response", coding));
            rows.add(() -> InMemory.get(off, "/plain/response-with-vary", coding));
        }
        // Warm-up per row: 40 batches' worth of time.
        Rounds m = CpuClock.measure(new CpuClock.Schedule(40L * batchMs * 1_000_000L, 1_000_000,
                50_000_000L, batchMs, rounds, rounds, false), rows, encoded ? 4 : -1);
        double[][] ns = m.threadNs();
        double[] outside = perRound(rounds, r -> ns[1][r] - ns[0][r] - (encoded ? ns[2][r] : 0));
        return new Result(path, coding, median(ns[0]), median(ns[1]), encoded ? median(ns[2]) : Double.NaN,
                median(outside), CpuClock.quantile(outside, 0.25), CpuClock.quantile(outside, 0.75), rounds,
                m.bytes()[1] - m.bytes()[0], encoded ? Double.NaN : m.bytes()[3] - m.bytes()[2],
                encoded ? median(perRound(rounds, r -> ns[1][r] - ns[3][r])) : Double.NaN,
                encoded ? median(perRound(rounds, r -> ns[4][r] - ns[1][r])) : Double.NaN);
    }

    private static double[] perRound(int rounds, IntToDoubleFunction difference) {
        return IntStream.range(0, rounds).mapToDouble(difference).toArray();
    }

    private static double median(double[] values) {
        return CpuClock.quantile(values, 0.5);
    }
}
