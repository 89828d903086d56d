package dev.restcompress.bench.interceptor;

import dev.restcompress.codec.Codec;
import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.config.CompressionSettings;
import java.io.IOException;
import java.text.ParseException;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.jboss.resteasy.spi.Dispatcher;

/**
 * The cost the feature adds outside the codec, measured as a paired difference in one JVM: rounds of
 * three back-to-back batches (the write path without the feature, with it, and the codec alone on
 * the same bytes), each timed with this thread's CPU clock.
 *
 * <p>Why next to {@link InterceptorBench}: there, "with", "without" and "codec alone" are three
 * separate forks, so the small difference of two large means carries the spread of both, and each
 * fork compiles a pure-Java codec (LZF) against its own profile; on a shared machine the error bars
 * are larger than the cost being measured. Here every round measures all three under the same
 * conditions, so drift cancels in the per-round difference, the codec runs the same compiled code
 * in both places, and time the thread spends descheduled by other processes is not counted. What
 * this does not see is garbage-collector threads' work. Allocation is counted here too, exactly (the
 * thread's allocation counter), on the same compiled code: the JMH rows' {@code gc.alloc.rate.norm}
 * comes from separate forks whose compilers may scalar-replace different objects (there the lzf and
 * gzip rows, the same code below the threshold, have read from 184 to 280 B added).
 *
 * <p>The one-shot rounds also time the response with statistics off and with a JFR recording running,
 * so what observability costs per response is a paired difference too: between server JVMs over HTTP
 * it is lost in a +-10% A/A spread, and the in-memory response (no sockets) is the smaller
 * denominator, so its share is an upper bound of the share at saturation over HTTP.
 */
final class PairedOverhead {
    /**
     * The per-round medians and the spread of the added cost of {@code path} ({@code below-threshold} or
     * {@code one-shot}) and {@code coding}.
     *
     * @param offNs the path without the feature, median ns per request
     * @param onNs with the feature
     * @param codecNs the codec alone on the same body (one-shot compress), NaN for below-threshold
     * @param outsideNs median of the per-round "on - off - codec" (below-threshold: "on - off")
     * @param outsideQ1 its lower quartile
     * @param outsideQ3 its upper quartile
     * @param rounds rounds measured
     * @param addedBytes bytes this thread allocated per request with the feature minus without it, over
     *        every measured batch (exact: the thread's allocation counter, in the same JVM and compiled code)
     * @param varyBytes below-threshold only (else NaN): what the {@code Vary: Accept-Encoding} entry costs
     *        by itself, the same small body as a built response with the header minus without it
     * @param statisticsNs one-shot only (else NaN): median per-round CPU of the response with the feature
     *        minus the same with {@code rest-compress.statistics=off}
     * @param jfrNs one-shot only (else NaN): median per-round CPU of the response with the feature while a
     *        JDK Flight Recorder recording ({@code settings=default}, this library's events on) runs, minus
     *        without one
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

    /** The variant with statistics off. */
    private static final int STATISTICS_OFF = 5;
    /** The variant timed while a JFR recording runs. */
    private static final int JFR = 6;
    /** Warm-up per variant before any batch is sized, in batches' worth of time. */
    private static final int WARM_UP_BATCHES = 40;

    private final byte[] body;
    private final String coding;

    PairedOverhead(byte[] body, String coding) {
        this.body = body;
        this.coding = coding;
    }

    /**
     * Measures {@code path} ("below-threshold" or "one-shot"): {@code rounds} rounds after as many
     * warm-up rounds, each batch sized to take about {@code batchMs}.
     */
    Result measure(String path, int rounds, int batchMs) {
        boolean encoded = path.equals("one-shot");
        Dispatcher off = InMemory.dispatcher(new BenchResource(body), false);
        Dispatcher on = InMemory.dispatcher(new BenchResource(body), true);
        Dispatcher onUncounted = InMemory.dispatcher(new BenchResource(body), true, AdaptiveSettings.STATISTICS, "off");
        Codec codec = CompressionSettings.fromSystemProperties().createRegistry().forCoding(coding);
        byte[] out = new byte[codec.maxCompressedLength(body.length)];
        String offUri = "/plain/" + path;
        String onUri = "/" + path;
        Runnable[] variants = {
            () -> InMemory.get(off, offUri, coding),
            () -> InMemory.get(on, onUri, coding),
            () -> codec.compress(body, 0, body.length, out, 0),
            () -> InMemory.get(off, "/plain/response", coding),
            () -> InMemory.get(off, "/plain/response-with-vary", coding),
            () -> InMemory.get(onUncounted, onUri, coding),
            () -> InMemory.get(on, onUri, coding), // with a JFR recording running around the batch
        };
        boolean[] measured = {true, true, encoded, !encoded, !encoded, encoded, encoded};
        // Compiled code first: sized on a cold path, a batch is so small that the warm-up rounds below
        // end before the JIT has compiled the dispatcher (the first row measured read 3-30x slow).
        for (int v = 0; v < variants.length; v++) {
            if (measured[v]) {
                CpuClock.runFor(variants[v], WARM_UP_BATCHES * batchMs * 1_000_000L, 1_000_000);
            }
        }
        int batch = CpuClock.batchSize(variants[1], 50_000_000L, batchMs); // with the feature: the slowest variant
        double[][] ns = new double[variants.length][rounds];
        long[] allocated = new long[variants.length];
        for (int round = -rounds; round < rounds; round++) { // negative rounds warm up
            for (int v = 0; v < variants.length; v++) {
                if (!measured[v]) {
                    continue;
                }
                Recording recording = v == JFR ? startRecording() : null;
                long bytes = CpuClock.allocatedBytes();
                long start = CpuClock.threadNs();
                for (int i = 0; i < batch; i++) {
                    variants[v].run();
                }
                if (round >= 0) {
                    ns[v][round] = (CpuClock.threadNs() - start) / (double) batch;
                    allocated[v] += CpuClock.allocatedBytes() - bytes;
                }
                if (recording != null) {
                    recording.close(); // stops it; nothing is written
                }
            }
        }
        double requests = (double) rounds * batch;
        double[] outside = new double[rounds];
        double[] statistics = new double[rounds];
        double[] jfr = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            outside[r] = ns[1][r] - ns[0][r] - (encoded ? ns[2][r] : 0);
            statistics[r] = ns[1][r] - ns[STATISTICS_OFF][r];
            jfr[r] = ns[JFR][r] - ns[1][r];
        }
        return new Result(path, coding, median(ns[0]), median(ns[1]), encoded ? median(ns[2]) : Double.NaN,
                median(outside), CpuClock.quantile(outside, 0.25), CpuClock.quantile(outside, 0.75), rounds,
                (allocated[1] - allocated[0]) / requests, encoded ? Double.NaN : (allocated[4] - allocated[3]) / requests,
                encoded ? median(statistics) : Double.NaN, encoded ? median(jfr) : Double.NaN);
    }

    private static double median(double[] values) {
        return CpuClock.quantile(values, 0.5);
    }

    /** A JFR recording as the peers suite's {@code ours-jfr} runs one: JDK default settings. */
    private static Recording startRecording() {
        try {
            Recording r = new Recording(Configuration.getConfiguration("default"));
            r.setToDisk(false);
            r.start();
            return r;
        } catch (IOException | ParseException e) {
            throw new IllegalStateException("the JDK's default JFR configuration is unreadable", e);
        }
    }
}
