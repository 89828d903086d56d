package dev.restcompress.server;

import dev.restcompress.adaptive.PressureMonitor;
import jakarta.ws.rs.core.Configuration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What compression did in one application, counted as it happens: per coding and per resource method,
 * the bodies encoded (responses) and decoded (requests), their bytes before and after, and the
 * nanoseconds spent in the codec; the bodies per coding and level; and the adaptive state (step,
 * last CPU sample, the level each method's codings get now).
 *
 * <p>Where to get it: {@link RestCompressFeature#statistics()}, or from anywhere that sees the
 * application's configuration (a resource's {@code @Context Configuration}) with {@link #of}. One
 * instance per application; with {@code rest-compress.statistics=off} the counters stay at zero (the
 * adaptive state is still reported).
 *
 * <p>Cost: counters are {@link LongAdder}s found at deployment, so counting a body is twelve adds, no
 * lookup, no lock, no allocation. Time is wall time around the codec call ({@link System#nanoTime()}),
 * which for one-shot compression on a worker thread is its CPU time; for streamed bodies it is the
 * time spent inside the encoder's writes, and for decoded request bodies the time inside the
 * decoder. Snapshots are not atomic across counters (each is exact on its own). Thread-safe.
 */
public final class CompressionStatistics {
    /** The configuration property under which the application's statistics are found. */
    static final String PROPERTY = "dev.restcompress.server.CompressionStatistics";

    /**
     * Totals of one coding or one method.
     *
     * @param bodies bodies counted
     * @param bytesIn bytes before (encoding: the entity; decoding: the compressed body)
     * @param bytesOut bytes after (encoding: what was sent; decoding: the decoded body)
     * @param nanos nanoseconds spent in the codec
     */
    public record Totals(long bodies, long bytesIn, long bytesOut, long nanos) {
        /** {@code bytesIn - bytesOut}: for encoding, the bytes compression saved. */
        public long savedBytes() {
            return bytesIn - bytesOut;
        }
    }

    /** Counters of one coding or method in one direction. */
    static final class Counters {
        final LongAdder bodies = new LongAdder();
        final LongAdder bytesIn = new LongAdder();
        final LongAdder bytesOut = new LongAdder();
        final LongAdder nanos = new LongAdder();

        void add(long in, long out, long ns) {
            bodies.increment();
            bytesIn.add(in);
            bytesOut.add(out);
            nanos.add(ns);
        }

        Totals totals() {
            return new Totals(bodies.sum(), bytesIn.sum(), bytesOut.sum(), nanos.sum());
        }
    }

    private final boolean enabled;
    private final PressureMonitor monitor;
    private final ConcurrentHashMap<String, Counters> encodedByCoding = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Counters> decodedByCoding = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Counters> encodedByMethod = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Counters> decodedByMethod = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Counters> bodiesByLevel = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, AdaptivePlans> methods = new ConcurrentHashMap<>();

    private final LevelCosts levelCosts = new LevelCosts();

    CompressionStatistics(boolean enabled, PressureMonitor monitor) {
        this.enabled = enabled;
        this.monitor = monitor;
        if (enabled && monitor != null) {
            monitor.costsFrom(levelCosts); // the codec time per level predicts the step above
        }
    }

    /**
     * The statistics of the application {@code configuration} belongs to, or {@code null} when
     * rest-compress is not registered there.
     */
    public static CompressionStatistics of(Configuration configuration) {
        return configuration.getProperty(PROPERTY) instanceof CompressionStatistics s ? s : null;
    }

    /** Whether bodies are counted ({@code rest-compress.statistics}, default on). */
    public boolean enabled() {
        return enabled;
    }

    /** Response bodies encoded, per coding. */
    public Map<String, Totals> encodedByCoding() {
        return snapshot(encodedByCoding);
    }

    /** Request bodies decoded, per coding (a body in two stacked codings counts for both). */
    public Map<String, Totals> decodedByCoding() {
        return snapshot(decodedByCoding);
    }

    /** Response bodies encoded, per resource method ({@code SimpleClassName#method}). */
    public Map<String, Totals> encodedByMethod() {
        return snapshot(encodedByMethod);
    }

    /** Request bodies decoded, per resource method. */
    public Map<String, Totals> decodedByMethod() {
        return snapshot(decodedByMethod);
    }

    /**
     * Response bodies per coding and level, keyed {@code coding/level} (e.g. {@code gzip/6};
     * {@code lzf/0} for codings without levels; {@code gzip/stream} for streamed bodies, which use the
     * coding's streaming level): shows what adaptation did.
     */
    public Map<String, Long> encodedBodiesByLevel() {
        Map<String, Long> out = new TreeMap<>();
        bodiesByLevel.forEach((k, v) -> out.put(k, v.bodies.sum()));
        return out;
    }

    /** Whether adaptive compression is on. */
    public boolean adaptive() {
        return monitor != null;
    }

    /** The current adaptive step (0: as configured; always 0 when adaptation is off). */
    public int adaptiveStep() {
        return monitor == null ? 0 : monitor.currentStep();
    }

    /** The last pressure sample (fraction of capacity), NaN when off, idle or unknown. */
    public double load() {
        return monitor == null ? Double.NaN : monitor.lastLoad();
    }

    /**
     * Per resource method, the level each of its codings gets at the current step (0 for codings
     * without levels).
     */
    public Map<String, Map<String, Integer>> currentLevels() {
        int step = adaptiveStep();
        Map<String, Map<String, Integer>> out = new TreeMap<>();
        methods.forEach((m, plans) -> out.put(m, plans.levelsAt(step)));
        return out;
    }

    @Override
    public String toString() {
        return "CompressionStatistics[step " + adaptiveStep() + ", encoded " + encodedByCoding() + ", decoded "
                + decodedByCoding() + "]";
    }

    Counters encodedCoding(String coding) {
        return encodedByCoding.computeIfAbsent(coding, k -> new Counters());
    }

    Counters decodedCoding(String coding) {
        Counters c = decodedByCoding.get(coding);
        return c != null ? c : decodedByCoding.computeIfAbsent(coding, k -> new Counters());
    }

    Counters encodedMethod(String method) {
        return encodedByMethod.computeIfAbsent(method, k -> new Counters());
    }

    Counters decodedMethod(String method) {
        return decodedByMethod.computeIfAbsent(method, k -> new Counters());
    }

    /**
     * The bodies of one coding and level, with their bytes and codec time (the cost per byte of a level).
     *
     * @param level a level, or {@code "stream"} for streamed bodies (which use the streaming level)
     */
    Counters bodiesAt(String coding, Object level) {
        return bodiesByLevel.computeIfAbsent(coding + "/" + level, k -> new Counters());
    }

    /** The codec cost per level, which predicts the adaptive step above. */
    LevelCosts levelCosts() {
        return levelCosts;
    }

    void register(String method, AdaptivePlans plans) {
        methods.put(method, plans);
    }

    private static Map<String, Totals> snapshot(ConcurrentHashMap<String, Counters> counters) {
        Map<String, Totals> out = new TreeMap<>();
        counters.forEach((k, v) -> out.put(k, v.totals()));
        return out;
    }
}
