package dev.restcompress.server.internal.observe;

import dev.restcompress.adaptive.PressureMonitor;
import dev.restcompress.server.internal.EncodedVariants;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The statistics listener of one application: the counters every observed body adds to (per coding
 * and per resource method, both directions, per coding and level), the codec cost per level that
 * predicts the adaptive step above, and the methods whose current levels are reported. The public
 * view is {@link dev.restcompress.server.CompressionStatistics}, which reads these counters.
 *
 * <p>Counters are found at deployment, so counting a body is a few {@link LongAdder} adds, no
 * lookup, no lock, no allocation. Thread-safe.
 */
public final class Statistics {
    /** The configuration property under which the application's statistics are found. */
    public static final String PROPERTY = "dev.restcompress.server.CompressionStatistics";

    /** Counters of one coding or method in one direction. Thread-safe. */
    public static final class Counters {
        private final LongAdder bodies = new LongAdder();
        private final LongAdder bytesIn = new LongAdder();
        private final LongAdder bytesOut = new LongAdder();
        private final LongAdder nanos = new LongAdder();

        void add(long in, long out, long ns) {
            bodies.increment();
            bytesIn.add(in);
            bytesOut.add(out);
            nanos.add(ns);
        }

        public long bodies() {
            return bodies.sum();
        }

        public long bytesIn() {
            return bytesIn.sum();
        }

        public long bytesOut() {
            return bytesOut.sum();
        }

        public long nanos() {
            return nanos.sum();
        }
    }

    private final boolean enabled;
    private final PressureMonitor monitor;
    private final ConcurrentHashMap<String, Counters> encodedByCoding = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Counters> decodedByCoding = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Counters> encodedByMethod = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Counters> decodedByMethod = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Counters> bodiesByLevel = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, IntFunction<Map<String, Integer>>> methods = new ConcurrentHashMap<>();
    private final LevelCosts levelCosts = new LevelCosts();
    private Object view; // guarded by this
    private volatile Supplier<EncodedVariants.Totals> cache;

    /**
     * @param enabled whether bodies are counted ({@code rest-compress.statistics})
     * @param monitor the application's pressure monitor, {@code null} when adaptation is off
     */
    public Statistics(boolean enabled, PressureMonitor monitor) {
        this.enabled = enabled;
        this.monitor = monitor;
        if (enabled && monitor != null) {
            monitor.costsFrom(levelCosts); // the codec time per level predicts the step above
        }
    }

    /**
     * The one public view of these statistics, built by {@code make} the first time: one object per
     * application, so that meters holding it weakly (Micrometer gauges) keep reading it.
     */
    public synchronized Object view(Function<Statistics, Object> make) {
        if (view == null) {
            view = make.apply(this);
        }
        return view;
    }

    public boolean enabled() {
        return enabled;
    }

    /** The pressure monitor, {@code null} when adaptation is off. */
    public PressureMonitor monitor() {
        return monitor;
    }

    public Map<String, Counters> encodedByCoding() {
        return encodedByCoding;
    }

    public Map<String, Counters> decodedByCoding() {
        return decodedByCoding;
    }

    public Map<String, Counters> encodedByMethod() {
        return encodedByMethod;
    }

    public Map<String, Counters> decodedByMethod() {
        return decodedByMethod;
    }

    public Map<String, Counters> bodiesByLevel() {
        return bodiesByLevel;
    }

    /** Per resource method, the level each of its codings gets at {@code step}. */
    public Map<String, Map<String, Integer>> levelsAt(int step) {
        Map<String, Map<String, Integer>> out = new TreeMap<>();
        methods.forEach((m, levels) -> out.put(m, levels.apply(step)));
        return out;
    }

    /** Reads the cache of encoded variants' counters from {@code totals} (set once the cache exists). */
    public void cacheFrom(Supplier<EncodedVariants.Totals> totals) {
        this.cache = totals;
    }

    /** The counters of the cache of encoded variants ({@link EncodedVariants.Totals#NONE} without a cache). */
    public EncodedVariants.Totals cache() {
        Supplier<EncodedVariants.Totals> c = cache;
        return c == null ? EncodedVariants.Totals.NONE : c.get();
    }

    /** Reports the levels of {@code method}'s codings per adaptive step ({@link #levelsAt}). */
    public void register(String method, IntFunction<Map<String, Integer>> levelsAtStep) {
        methods.put(method, levelsAtStep);
    }

    Counters encodedCoding(String coding) {
        return encodedByCoding.computeIfAbsent(coding, k -> new Counters());
    }

    /** The decoded-body counters of {@code coding}, created at deployment so that every series exists from the start. */
    public Counters decodedCoding(String coding) {
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
    public Counters bodiesAt(String coding, Object level) {
        return bodiesByLevel.computeIfAbsent(coding + "/" + level, k -> new Counters());
    }

    /** The codec cost per level, which predicts the adaptive step above. */
    public LevelCosts levelCosts() {
        return levelCosts;
    }
}
