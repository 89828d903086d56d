package dev.restcompress.server;

import dev.restcompress.adaptive.PressureMonitor;
import dev.restcompress.server.internal.observe.Statistics;
import jakarta.ws.rs.core.Configuration;
import java.util.Map;
import java.util.TreeMap;

/**
 * What compression did in one application, counted as it happens: per coding and per resource method,
 * the bodies encoded (responses) and decoded (requests), their bytes before and after, and the
 * nanoseconds spent in the codec; the bodies per coding and level; and the adaptive state (step,
 * last CPU sample, the level each method's codings get now). Every body is counted, whatever its
 * coding: dictionary codings ({@code dcb}, {@code dcz}) and bodies decoded on methods without
 * annotations ({@code rest-compress.request-decoding=all}) included.
 *
 * <p>Where to get it: {@link RestCompressFeature#statistics()}, or from anywhere that sees the
 * application's configuration (a resource's {@code @Context Configuration}) with {@link #of}. One
 * instance per application; with {@code rest-compress.statistics=off} the counters stay at zero (the
 * adaptive state is still reported).
 *
 * <p>Cost: counters are found at deployment, so counting a body is a few adds, no lookup, no lock, no
 * allocation. Time is wall time around the codec call ({@link System#nanoTime()}), which for one-shot
 * compression on a worker thread is its CPU time; for streamed bodies it is the time spent inside the
 * encoder's writes, and for decoded request bodies the time inside the decoder. Snapshots are not
 * atomic across counters (each is exact on its own). Thread-safe.
 */
public final class CompressionStatistics {
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

    /**
     * What the cache of encoded variants ({@code @CacheEncoded}) did; all zero without a cache. Hits are
     * not in the encoded totals above: no codec ran for them.
     *
     * @param hits responses served from the cache (identity bytes compared equal)
     * @param misses responses looked up and not found, then compressed (and kept, unless a first sighting)
     * @param firstSightings misses whose body had not been seen before, so not kept: the cache keeps a body
     *     at its second sighting ({@code rest-compress.cache.admit=second}, the default); a part of {@code misses}
     * @param collisions misses whose key matched an entry holding other bytes (a hash collision, served right)
     * @param notCached responses of caching methods not cached: {@code Set-Cookie}, {@code no-store}, {@code private}
     * @param passed responses of caching methods not looked up because the method was in pass mode: after a
     *     long run of lookups that found and kept nothing (bodies that never repeat), only one response in 17
     *     is looked up ({@code rest-compress.cache.pass}, on by default); the others cost what they cost with
     *     the cache off. Not a part of {@code misses}
     * @param savedBytes wire bytes the hits saved (identity length minus variant length, summed)
     * @param upgrades variants re-encoded at the coding's best level off the request path and swapped in
     * @param upgradesDropped upgrades dropped because their queue was full
     * @param evictions entries removed to keep the cache's bounds
     * @param entries entries held now
     * @param bytes bytes held now (identity and encoded bytes, plus a fixed cost per entry)
     */
    public record CacheTotals(long hits, long misses, long firstSightings, long collisions, long notCached,
            long passed, long savedBytes, long upgrades, long upgradesDropped, long evictions, long entries, long bytes) {
    }

    private final Statistics store;

    private CompressionStatistics(Statistics store) {
        this.store = store;
    }

    /** The store behind this view (tests). */
    Statistics store() {
        return store;
    }

    /** The one view of {@code store}. */
    static CompressionStatistics of(Statistics store) {
        return store == null ? null : (CompressionStatistics) store.view(CompressionStatistics::new);
    }

    /**
     * The statistics of the application {@code configuration} belongs to, or {@code null} when
     * rest-compress is not registered there.
     */
    public static CompressionStatistics of(Configuration configuration) {
        return configuration.getProperty(Statistics.PROPERTY) instanceof Statistics s ? of(s) : null;
    }

    /** Whether bodies are counted ({@code rest-compress.statistics}, default on). */
    public boolean enabled() {
        return store.enabled();
    }

    /** Response bodies encoded, per coding. */
    public Map<String, Totals> encodedByCoding() {
        return snapshot(store.encodedByCoding());
    }

    /** Request bodies decoded, per coding (a body in two stacked codings counts for both). */
    public Map<String, Totals> decodedByCoding() {
        return snapshot(store.decodedByCoding());
    }

    /** Response bodies encoded, per resource method ({@code SimpleClassName#method}). */
    public Map<String, Totals> encodedByMethod() {
        return snapshot(store.encodedByMethod());
    }

    /** Request bodies decoded, per resource method. */
    public Map<String, Totals> decodedByMethod() {
        return snapshot(store.decodedByMethod());
    }

    /**
     * Response bodies per coding and level, keyed {@code coding/level} (e.g. {@code gzip/6};
     * {@code lzf/0} for codings without levels; {@code gzip/stream} for streamed bodies, which use the
     * coding's streaming level): shows what adaptation did.
     */
    public Map<String, Long> encodedBodiesByLevel() {
        Map<String, Long> out = new TreeMap<>();
        store.bodiesByLevel().forEach((k, v) -> out.put(k, v.bodies()));
        return out;
    }

    /** What the cache of encoded variants did, and holds now (zero without a cache). */
    public CacheTotals cache() {
        dev.restcompress.server.internal.EncodedVariants.Totals t = store.cache();
        return new CacheTotals(t.hits(), t.misses(), t.firstSightings(), t.collisions(), t.notCached(),
                t.passed(), t.savedBytes(), t.upgrades(), t.upgradesDropped(), t.evictions(), t.entries(), t.bytes());
    }

    /** Whether adaptive compression is on. */
    public boolean adaptive() {
        return store.monitor() != null;
    }

    /** The current adaptive step (0: as configured; always 0 when adaptation is off). */
    public int adaptiveStep() {
        PressureMonitor monitor = store.monitor();
        return monitor == null ? 0 : monitor.currentStep();
    }

    /** The last pressure sample (fraction of capacity), NaN when off, idle or unknown. */
    public double load() {
        PressureMonitor monitor = store.monitor();
        return monitor == null ? Double.NaN : monitor.lastLoad();
    }

    /**
     * Per resource method, the level each of its codings gets at the current step (0 for codings
     * without levels).
     */
    public Map<String, Map<String, Integer>> currentLevels() {
        return store.levelsAt(adaptiveStep());
    }

    @Override
    public String toString() {
        return "CompressionStatistics[step " + adaptiveStep() + ", encoded " + encodedByCoding() + ", decoded "
                + decodedByCoding() + "]";
    }

    private static Map<String, Totals> snapshot(Map<String, Statistics.Counters> counters) {
        Map<String, Totals> out = new TreeMap<>();
        counters.forEach((k, v) -> out.put(k, new Totals(v.bodies(), v.bytesIn(), v.bytesOut(), v.nanos())));
        return out;
    }
}
