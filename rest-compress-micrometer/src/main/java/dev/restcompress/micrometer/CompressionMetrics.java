package dev.restcompress.micrometer;

import dev.restcompress.server.CompressionStatistics;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * Publishes an application's {@link CompressionStatistics} as Micrometer meters, so that a
 * {@code /metrics} scrape shows bytes saved and codec time per coding:
 *
 * <ul>
 *   <li>{@code rest.compress.encoded.bodies}, {@code .bytes.in}, {@code .bytes.out}, {@code .saved}
 *       (bytes) and {@code .time} (seconds in the codec), tagged {@code coding}; the same under
 *       {@code rest.compress.decoded.*} for request bodies;</li>
 *   <li>{@code rest.compress.method.encoded.*} and {@code rest.compress.method.decoded.*}, tagged
 *       {@code method} ({@code SimpleClassName#method});</li>
 *   <li>{@code rest.compress.encoded.level.bodies}, tagged {@code coding} and {@code level};</li>
 *   <li>gauges {@code rest.compress.adaptive.step} and {@code rest.compress.adaptive.load};</li>
 *   <li>the cache of encoded variants ({@code @CacheEncoded}): counters {@code rest.compress.cache.hits},
 *       {@code .misses}, {@code .first.sightings} (misses not kept: seen once), {@code .collisions},
 *       {@code .not.cached}, {@code .saved} (bytes), {@code .upgrades}, {@code .upgrades.dropped},
 *       {@code .evictions}, and gauges {@code rest.compress.cache.entries} and {@code rest.compress.cache.bytes}
 *       (all zero without a cache).</li>
 * </ul>
 *
 * <p>Bind it once the application is deployed ({@code new CompressionMetrics(feature.statistics())
 * .bindTo(registry)}, or {@code CompressionStatistics.of(configuration)} from a resource): the series
 * are those of the resource methods deployed by then. Meters read the statistics when scraped; they
 * hold them weakly, as Micrometer's function meters do. Thread-safe.
 */
public final class CompressionMetrics implements MeterBinder {
    private final CompressionStatistics statistics;

    /** @param statistics the application's statistics, e.g. {@code RestCompressFeature#statistics()} */
    public CompressionMetrics(CompressionStatistics statistics) {
        if (statistics == null) {
            throw new IllegalArgumentException("no CompressionStatistics: is rest-compress registered and configured?");
        }
        this.statistics = statistics;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        totals(registry, "rest.compress.encoded", "coding", CompressionStatistics::encodedByCoding);
        totals(registry, "rest.compress.decoded", "coding", CompressionStatistics::decodedByCoding);
        totals(registry, "rest.compress.method.encoded", "method", CompressionStatistics::encodedByMethod);
        totals(registry, "rest.compress.method.decoded", "method", CompressionStatistics::decodedByMethod);
        for (String key : statistics.encodedBodiesByLevel().keySet()) {
            int slash = key.indexOf('/');
            FunctionCounter.builder("rest.compress.encoded.level.bodies", statistics,
                            s -> s.encodedBodiesByLevel().getOrDefault(key, 0L))
                    .tags(Tags.of("coding", key.substring(0, slash), "level", key.substring(slash + 1)))
                    .description("Response bodies encoded per coding and level").register(registry);
        }
        Gauge.builder("rest.compress.adaptive.step", statistics, CompressionStatistics::adaptiveStep)
                .description("Adaptive compression step (0: as configured)").register(registry);
        Gauge.builder("rest.compress.adaptive.load", statistics, CompressionStatistics::load)
                .description("Last process CPU sample, fraction of the available cores").register(registry);
        cache(registry, "hits", null, "responses served from the cache of encoded variants",
                CompressionStatistics.CacheTotals::hits);
        cache(registry, "misses", null, "responses looked up in the cache and compressed",
                CompressionStatistics.CacheTotals::misses);
        cache(registry, "first.sightings", null, "misses not kept: the body was seen for the first time",
                CompressionStatistics.CacheTotals::firstSightings);
        cache(registry, "collisions", null, "misses on an entry of other bytes (hash collision)",
                CompressionStatistics.CacheTotals::collisions);
        cache(registry, "not.cached", null, "responses of caching methods not cached (Set-Cookie, no-store, private)",
                CompressionStatistics.CacheTotals::notCached);
        cache(registry, "passed", null, "responses of caching methods in pass mode, not looked up",
                CompressionStatistics.CacheTotals::passed);
        cache(registry, "saved", "bytes", "wire bytes the cache hits saved", CompressionStatistics.CacheTotals::savedBytes);
        cache(registry, "upgrades", null, "cached variants re-encoded at the best level",
                CompressionStatistics.CacheTotals::upgrades);
        cache(registry, "upgrades.dropped", null, "upgrades dropped on a full queue",
                CompressionStatistics.CacheTotals::upgradesDropped);
        cache(registry, "evictions", null, "cache entries evicted to keep its bounds",
                CompressionStatistics.CacheTotals::evictions);
        Gauge.builder("rest.compress.cache.entries", statistics, s -> s.cache().entries())
                .description("Entries in the cache of encoded variants").register(registry);
        Gauge.builder("rest.compress.cache.bytes", statistics, s -> s.cache().bytes()).baseUnit("bytes")
                .description("Bytes held by the cache of encoded variants").register(registry);
    }

    private void cache(MeterRegistry registry, String name, String unit, String description,
            ToLongFunction<CompressionStatistics.CacheTotals> field) {
        FunctionCounter.Builder<CompressionStatistics> b = FunctionCounter.builder("rest.compress.cache." + name,
                statistics, s -> field.applyAsLong(s.cache())).description(description);
        if (unit != null) {
            b.baseUnit(unit);
        }
        b.register(registry);
    }

    private void totals(MeterRegistry registry, String prefix, String tag,
            Function<CompressionStatistics, Map<String, CompressionStatistics.Totals>> view) {
        for (String key : view.apply(statistics).keySet()) {
            Tags tags = Tags.of(tag, key);
            counter(registry, prefix + ".bodies", null, "bodies", tags, view, key, CompressionStatistics.Totals::bodies);
            counter(registry, prefix + ".bytes.in", "bytes", "bytes before", tags, view, key,
                    CompressionStatistics.Totals::bytesIn);
            counter(registry, prefix + ".bytes.out", "bytes", "bytes after", tags, view, key,
                    CompressionStatistics.Totals::bytesOut);
            counter(registry, prefix + ".saved", "bytes", "bytes saved", tags, view, key,
                    CompressionStatistics.Totals::savedBytes);
            FunctionCounter.builder(prefix + ".time", statistics, s -> totalsOf(view, s, key).nanos() / 1e9)
                    .baseUnit("seconds").tags(tags).description("seconds in the codec").register(registry);
        }
    }

    private void counter(MeterRegistry registry, String name, String unit, String description, Tags tags,
            Function<CompressionStatistics, Map<String, CompressionStatistics.Totals>> view, String key,
            ToLongFunction<CompressionStatistics.Totals> field) {
        FunctionCounter.Builder<CompressionStatistics> b = FunctionCounter.builder(name, statistics,
                s -> field.applyAsLong(totalsOf(view, s, key))).tags(tags).description(description);
        if (unit != null) {
            b.baseUnit(unit);
        }
        b.register(registry);
    }

    private static CompressionStatistics.Totals totalsOf(
            Function<CompressionStatistics, Map<String, CompressionStatistics.Totals>> view, CompressionStatistics s,
            String key) {
        return view.apply(s).getOrDefault(key, new CompressionStatistics.Totals(0, 0, 0, 0));
    }
}
