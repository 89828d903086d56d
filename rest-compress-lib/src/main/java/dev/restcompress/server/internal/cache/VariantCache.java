package dev.restcompress.server.internal.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import dev.restcompress.codec.Codec;
import dev.restcompress.config.CacheSettings;
import dev.restcompress.io.FlightRecorder;
import dev.restcompress.server.internal.EncodedVariants;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.IntSupplier;

/**
 * The cache of encoded variants of one application: a Caffeine cache bounded by the bytes it holds
 * (identity and encoded bytes of every entry, {@code rest-compress.cache.max-bytes}; Caffeine's
 * size-weighted W-TinyLFU chooses what leaves), shared by the methods that cache, each seeing it through
 * its own {@link MethodCache} ({@link #forMethod}), which also bounds its entries.
 *
 * <p>A hit that makes an entry hot ({@code rest-compress.cache.upgrade-after} hits) queues its upgrade
 * on the {@link Upgrader}: the identity bytes are compressed again at the coding's best useful level
 * (zstd 19, br 11, gzip 12 with libdeflate or 9 with the JDK; codings without levels, like lzf, are not
 * upgraded) and, when smaller, the new variant replaces the old entry (a new entry, so its weight is
 * counted again). Requests that hold the old entry still send its bytes, with its own codec's tag.
 *
 * <p>Caffeine's maintenance runs on the calling thread (no pool of its own), so evictions are done when
 * a store returns. Thread-safe. Only loaded when Caffeine is on the class path ({@link VariantCaches}).
 */
public final class VariantCache {
    private final Cache<CacheKey, CacheEntry> entries;
    private final CacheSettings settings;
    private final Function<String, Codec> bestCodecs;
    private final BodyHash hash;
    /** {@code null} when upgrades are off ({@code rest-compress.cache.upgrade-queue=0}). */
    private final Upgrader upgrader;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder firstSightings = new LongAdder();
    private final LongAdder collisions = new LongAdder();
    private final LongAdder notCached = new LongAdder();
    private final LongAdder passed = new LongAdder();
    private final LongAdder savedBytes = new LongAdder();
    private final LongAdder upgrades = new LongAdder();
    private final LongAdder upgradesDropped = new LongAdder();
    private final LongAdder evictions = new LongAdder();

    /**
     * @param bestCodecs per coding, the codec of its best useful level; {@code null} for codings not upgraded
     * @param pressure the adaptive step (above 0, upgrades wait)
     * @param hash the body hash (tests force collisions through it)
     * @param pauseMillis how often a waiting upgrade looks at the pressure again
     */
    VariantCache(CacheSettings settings, Function<String, Codec> bestCodecs, IntSupplier pressure, BodyHash hash,
            long pauseMillis) {
        this.settings = settings;
        this.bestCodecs = bestCodecs;
        this.hash = hash;
        this.upgrader = settings.upgradeQueue() == 0 ? null : new Upgrader(settings.upgradeQueue(), pressure,
                pauseMillis);
        this.entries = Caffeine.newBuilder()
                .maximumWeight(settings.maxBytes())
                .weigher((CacheKey k, CacheEntry e) -> e.weight())
                .executor(Runnable::run)
                .removalListener((CacheKey k, CacheEntry e, RemovalCause cause) -> removed(k, cause))
                .build();
    }

    /**
     * The view of the method {@code method} with {@code rules} (its bound: {@code rest-compress.cache.max-entries-per-method};
     * with {@code rest-compress.cache.admit=second}, its own {@link Doorkeeper}; with
     * {@code rest-compress.cache.pass=on}, its own {@link PassMode}).
     */
    public EncodedVariants forMethod(String method, EncodedVariants.Rules rules) {
        int max = settings.maxEntriesPerMethod();
        return new MethodCache(this, method, rules, max,
                settings.admit() == CacheSettings.Admit.SECOND ? Doorkeeper.forEntries(max) : null,
                settings.pass() ? PassMode.forSlots(Doorkeeper.slotsFor(max)) : null);
    }

    /** What the cache did so far, and holds now. */
    public EncodedVariants.Totals totals() {
        long bytes = entries.policy().eviction().map(e -> e.weightedSize().orElse(0)).orElse(0L);
        return new EncodedVariants.Totals(hits.sum(), misses.sum(), firstSightings.sum(), collisions.sum(),
                notCached.sum(), passed.sum(), savedBytes.sum(), upgrades.sum(), upgradesDropped.sum(), evictions.sum(),
                entries.estimatedSize(), bytes);
    }

    /** Stops upgrades and empties the cache. Idempotent. */
    public void close() {
        if (upgrader != null) {
            upgrader.close();
        }
        entries.invalidateAll();
    }

    /** The bound of the cache's bytes. */
    long maxBytes() {
        return settings.maxBytes();
    }

    long hash(byte[] body, int length) {
        return hash.hash(body, length);
    }

    CacheEntry get(CacheKey key) {
        return entries.getIfPresent(key);
    }

    void put(CacheEntry entry) {
        entries.put(entry.key, entry);
    }

    /** Removes {@code key} for its method's bound. */
    void evictForMethod(CacheKey key) {
        if (entries.asMap().remove(key) != null) {
            evictions.increment();
        }
    }

    void notCached() {
        notCached.increment();
    }

    /** Counts a response of a method in pass mode that skipped the lookup. */
    void passed() {
        passed.increment();
    }

    void miss(boolean collision) {
        misses.increment();
        if (collision) {
            collisions.increment();
        }
    }

    /** Counts a miss whose body the doorkeeper had not seen: compressed, not kept. */
    void firstSighting() {
        firstSightings.increment();
    }

    /** Counts a hit on {@code entry}, and queues its upgrade when it is due. */
    void hit(CacheEntry entry, boolean upgrade) {
        hits.increment();
        savedBytes.add(entry.identity.length - entry.encoded.length);
        if (upgrade && upgrader != null && entry.hitClaimsUpgrade(settings.upgradeAfter())) {
            if (!upgrader.submit(() -> upgrade(entry))) {
                entry.unclaim();
                upgradesDropped.increment();
            }
        }
    }

    /**
     * Re-encodes {@code entry}'s body at its coding's best level; swaps the result in when it is smaller and
     * the entry is still the cached one. Upgrade thread only.
     */
    void upgrade(CacheEntry entry) {
        Codec best = bestCodecs.apply(entry.key.coding());
        if (best == null || best == entry.codec) {
            entries.asMap().replace(entry.key, entry, entry.upgradedTo(entry.codec, entry.encoded));
            return;
        }
        CacheUpgradeEvent event = null;
        if (FlightRecorder.AVAILABLE) {
            event = new CacheUpgradeEvent();
            event.begin();
        }
        byte[] out = new byte[best.maxCompressedLength(entry.identity.length)];
        int m = best.compress(entry.identity, 0, entry.identity.length, out, 0);
        boolean better = m < entry.encoded.length;
        // Not better: the entry is marked as tried, so it is not queued again.
        CacheEntry next = better ? entry.upgradedTo(best, Arrays.copyOf(out, m))
                : entry.upgradedTo(entry.codec, entry.encoded);
        boolean swapped = entries.asMap().replace(entry.key, entry, next) && better;
        if (event != null) {
            event.end();
            if (event.shouldCommit()) {
                event.method = entry.key.owner().method();
                event.coding = entry.key.coding();
                event.level = VariantCaches.bestLevel(entry.key.coding());
                event.identityBytes = entry.identity.length;
                event.bytesBefore = entry.encoded.length;
                event.bytesAfter = m;
                event.swapped = swapped;
                event.commit();
            }
        }
        if (swapped) {
            upgrades.increment(); // last: whoever sees the count sees the event too
        }
    }

    /** Whether the upgrade thread is alive (tests). */
    boolean upgrading() {
        return upgrader != null && upgrader.running();
    }

    /** Runs Caffeine's pending maintenance (tests). */
    void cleanUp() {
        entries.cleanUp();
    }

    private void removed(CacheKey key, RemovalCause cause) {
        if (cause == RemovalCause.REPLACED || key == null) {
            return;
        }
        key.owner().forget(key);
        if (cause.wasEvicted()) {
            evictions.increment();
        }
    }
}
