package dev.restcompress.bench.interceptor;

import dev.restcompress.codec.Codec;
import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.server.RestCompressFeature;
import jakarta.ws.rs.core.HttpHeaders;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.jboss.resteasy.mock.MockDispatcherFactory;
import org.jboss.resteasy.mock.MockHttpRequest;
import org.jboss.resteasy.mock.MockHttpResponse;
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
     * The per-round medians and the spread of the added cost.
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
    record Result(double offNs, double onNs, double codecNs, double outsideNs, double outsideQ1, double outsideQ3,
            int rounds, double addedBytes, double varyBytes, double statisticsNs, double jfrNs) {
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
        Dispatcher off = dispatcher(false, true);
        Dispatcher on = dispatcher(true, true);
        Dispatcher onUncounted = dispatcher(true, false);
        Codec codec = CompressionSettings.fromSystemProperties().createRegistry().forCoding(coding);
        byte[] out = new byte[codec.maxCompressedLength(body.length)];
        String offUri = "/plain/" + path;
        String onUri = "/" + path;
        Runnable[] variants = {
            () -> request(off, offUri),
            () -> request(on, onUri),
            () -> codec.compress(body, 0, body.length, out, 0),
            () -> request(off, "/plain/response"),
            () -> request(off, "/plain/response-with-vary"),
            () -> request(onUncounted, onUri),
            () -> request(on, onUri), // with a JFR recording running around the batch
        };
        boolean[] measured = {true, true, encoded, !encoded, !encoded, encoded, encoded};
        com.sun.management.ThreadMXBean clock =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        // Compiled code first: sized on a cold path, a batch is so small that the warm-up rounds below
        // end before the JIT has compiled the dispatcher (the first row measured read 3-30x slow).
        for (int v = 0; v < variants.length; v++) {
            if (measured[v]) {
                warmUp(variants[v], WARM_UP_BATCHES * batchMs, clock);
            }
        }
        int batch = batchSize(variants[1], batchMs, clock); // with the feature: the slowest variant
        double[][] ns = new double[variants.length][rounds];
        long[] allocated = new long[variants.length];
        for (int round = -rounds; round < rounds; round++) { // negative rounds warm up
            for (int v = 0; v < variants.length; v++) {
                if (!measured[v]) {
                    continue;
                }
                Recording recording = v == JFR ? startRecording() : null;
                long bytes = clock.getCurrentThreadAllocatedBytes();
                long start = clock.getCurrentThreadCpuTime();
                for (int i = 0; i < batch; i++) {
                    variants[v].run();
                }
                if (round >= 0) {
                    ns[v][round] = (clock.getCurrentThreadCpuTime() - start) / (double) batch;
                    allocated[v] += clock.getCurrentThreadAllocatedBytes() - bytes;
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
        return new Result(quantile(ns[0], 0.5), quantile(ns[1], 0.5), encoded ? quantile(ns[2], 0.5) : Double.NaN,
                quantile(outside, 0.5), quantile(outside, 0.25), quantile(outside, 0.75), rounds,
                (allocated[1] - allocated[0]) / requests, encoded ? Double.NaN : (allocated[4] - allocated[3]) / requests,
                encoded ? quantile(statistics, 0.5) : Double.NaN, encoded ? quantile(jfr, 0.5) : Double.NaN);
    }

    /** A JFR recording as the peers suite's {@code ours-jfr} runs one: JDK default settings. */
    private static Recording startRecording() {
        try {
            Recording r = new Recording(Configuration.getConfiguration("default"));
            r.setToDisk(false);
            r.start();
            return r;
        } catch (java.io.IOException | java.text.ParseException e) {
            throw new IllegalStateException("the JDK's default JFR configuration is unreadable", e);
        }
    }

    private Dispatcher dispatcher(boolean feature, boolean statistics) {
        Dispatcher d = MockDispatcherFactory.createDispatcher();
        // The configured level: the adaptive policy would step down in a saturated benchmark JVM, and the
        // codec reference is timed at the configured level.
        d.getProviderFactory().property(AdaptiveSettings.ADAPTIVE, "off");
        if (!statistics) {
            d.getProviderFactory().property(AdaptiveSettings.STATISTICS, "off");
        }
        if (feature) {
            d.getProviderFactory().register(RestCompressFeature.class);
        }
        d.getRegistry().addSingletonResource(new BenchResource(body, Arrays.copyOf(body,
                dev.restcompress.bench.core.ResponseBody.SMALL)));
        return d;
    }

    private void request(Dispatcher d, String uri) {
        try {
            MockHttpResponse response = new MockHttpResponse();
            d.invoke(MockHttpRequest.get(uri).header(HttpHeaders.ACCEPT_ENCODING, coding), response);
            if (response.getStatus() != 200) {
                throw new IllegalStateException(uri + ": status " + response.getStatus());
            }
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Runs {@code variant} for about {@code ms} of this thread's CPU time, at most a million times. */
    private static void warmUp(Runnable variant, long ms, com.sun.management.ThreadMXBean clock) {
        long start = clock.getCurrentThreadCpuTime();
        for (int n = 0; n < 1_000_000 && clock.getCurrentThreadCpuTime() - start < ms * 1_000_000L; n++) {
            variant.run();
        }
    }

    /** Runs per batch so that one batch of {@code slowest} takes about {@code batchMs}. */
    private static int batchSize(Runnable slowest, int batchMs, com.sun.management.ThreadMXBean clock) {
        long start = clock.getCurrentThreadCpuTime();
        int n = 0;
        while (n < 10_000 && clock.getCurrentThreadCpuTime() - start < 50_000_000L) {
            slowest.run();
            n++;
        }
        double perOp = (clock.getCurrentThreadCpuTime() - start) / (double) n;
        return (int) Math.max(1, Math.min(100_000, batchMs * 1e6 / perOp));
    }

    static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.round(q * (sorted.length - 1))];
    }
}
