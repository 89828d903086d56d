package dev.restcompress.server.internal.cache;

import static dev.restcompress.server.internal.cache.VariantCacheTest.GZIP1;
import static dev.restcompress.server.internal.cache.VariantCacheTest.GZIP_BEST;
import static dev.restcompress.server.internal.cache.VariantCacheTest.RULES;
import static dev.restcompress.server.internal.cache.VariantCacheTest.body;
import static dev.restcompress.server.internal.cache.VariantCacheTest.missAndKeep;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.config.CacheSettings;
import dev.restcompress.server.internal.EncodedVariants;
import dev.restcompress.testing.Codecs;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Admission at the second sighting ({@code rest-compress.cache.admit=second}, the default): a body's first
 * miss is not kept (nothing copied, nothing evicted), its second is, its third request is the first hit;
 * bodies that never repeat leave the cache empty however many there are, while a recurring body among
 * them still gets in; upgrades count hits of the kept entry; {@code admit=first} keeps every miss; the
 * filter's table is bounded and forgets old bodies.
 */
class DoorkeeperTest extends CacheFixture {
    /**
     * The cache's hash under a fixed key: which slot a body's mark takes depends on the key, and these tests count
     * on given bodies not sharing a slot (with the process's random key, 20 bodies took the recurring body's slot
     * in about one run in 13: 1 - (255/256)^20).
     */
    static final BodyHash FIXED_KEY = new TwoLaneSipHash(0x5EED_0001L, 0x5EED_0002L, 0x5EED_0003L, 0x5EED_0004L);


    /** A method of a cache with the default settings but {@code keyValues}: admission at the second sighting. */
    EncodedVariants method(BodyHash hash, Object... keyValues) {
        Map<String, Object> m = new java.util.HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        Function<String, Codec> best = coding -> coding.equals("gzip") ? GZIP_BEST : null;
        cache = new VariantCache(CacheSettings.from(m::get), best, () -> 0, hash, 10);
        return cache.forMethod("R#m", RULES);
    }

    @Test
    void theDefaultIsTheSecondSighting() {
        assertSame(CacheSettings.Admit.SECOND, CacheSettings.from(k -> null).admit());
        assertSame(CacheSettings.Admit.FIRST, CacheSettings.from(Map.of(CacheSettings.ADMIT, " First ")::get).admit());
    }

    @Test
    void aBodyIsKeptAtItsSecondSightingAndHitAtItsThird() throws Exception {
        EncodedVariants method = method(FIXED_KEY);
        byte[] body = body(48_500, 1);
        missAndKeep(method, GZIP1, body, headers); // first sighting: compressed, sent, only marked
        cache.cleanUp();
        assertEquals(0, cache.totals().entries(), "a first sighting is not kept");
        assertEquals(0, cache.totals().bytes(), "nothing copied in");
        byte[] encoded = missAndKeep(method, GZIP1, body.clone(), headers); // second: kept
        assertEquals(1, cache.totals().entries());
        EncodedVariants.Lookup hit = method.lookup(GZIP1, body.clone(), body.length, headers); // third: a hit
        assertSame(GZIP1, hit.codec());
        assertArrayEquals(encoded, hit.bytes());
        assertArrayEquals(body, VariantCacheTest.decode(GZIP1, hit.bytes(), body.length));
        EncodedVariants.Totals t = cache.totals();
        assertEquals(1, t.hits());
        assertEquals(2, t.misses(), "both sightings before the entry are misses");
        assertEquals(1, t.firstSightings(), "the first was not kept");
        // The mark is of the body, not of the coding: another coding of a body seen before is kept at once.
        Codec lzf = Codecs.of("lzf");
        missAndKeep(method, lzf, body, headers);
        assertSame(lzf, method.lookup(lzf, body, body.length, headers).codec());
    }

    @Test
    void bodiesThatNeverRepeatLeaveTheCacheEmpty() {
        EncodedVariants method = method(FIXED_KEY, CacheSettings.MAX_ENTRIES_PER_METHOD, 8);
        for (int i = 0; i < 200; i++) {
            missAndKeep(method, GZIP1, body(6_000, i), headers);
        }
        cache.cleanUp();
        EncodedVariants.Totals t = cache.totals();
        assertEquals(200, t.misses());
        assertEquals(200, t.firstSightings(), "every miss was a first sighting, none kept");
        assertEquals(0, t.entries(), t.toString());
        assertEquals(0, t.bytes(), t.toString());
        assertEquals(0, t.evictions(), "nothing was copied in, so nothing churned out: " + t);
    }

    @Test
    void aRecurringBodyAmongUniqueOnesIsKeptWhenItsMarkSurvived() {
        EncodedVariants method = method(FIXED_KEY); // 64 entries: 256 slots
        byte[] recurring = body(6_000, -1);
        missAndKeep(method, GZIP1, recurring, headers);
        for (int i = 0; i < 20; i++) { // 20 bodies in 256 slots: the mark survives unless one shares its slot
            missAndKeep(method, GZIP1, body(6_000, i), headers);
        }
        assertEquals(0, cache.totals().entries());
        missAndKeep(method, GZIP1, recurring, headers);
        assertSame(GZIP1, method.lookup(GZIP1, recurring, recurring.length, headers).codec(),
                "seen twice: kept, and hit at its third request");
        assertEquals(1, cache.totals().entries());
    }

    @Test
    void upgradesCountHitsOfTheKeptEntry() throws Exception {
        EncodedVariants method = method(FIXED_KEY, CacheSettings.UPGRADE_AFTER, 2);
        byte[] body = body(30_000, 3);
        missAndKeep(method, GZIP1, body, headers); // 1: marked
        missAndKeep(method, GZIP1, body, headers); // 2: kept
        assertSame(GZIP1, method.lookup(GZIP1, body, body.length, headers).codec()); // 3: hit 1, not hot yet
        Thread.sleep(100);
        assertEquals(0, cache.totals().upgrades(), "one hit is not two");
        assertSame(GZIP1, method.lookup(GZIP1, body, body.length, headers).codec()); // 4: hit 2 queues it
        VariantCacheTest.awaitVariant(method, body, GZIP_BEST, headers);
    }

    @Test
    void admitFirstKeepsEveryMiss() {
        EncodedVariants method = method(FIXED_KEY, CacheSettings.ADMIT, "first");
        byte[] body = body(6_000, 4);
        missAndKeep(method, GZIP1, body, headers);
        assertSame(GZIP1, method.lookup(GZIP1, body, body.length, headers).codec(), "the second request hits");
        assertEquals(1, cache.totals().misses());
        assertEquals(0, cache.totals().firstSightings(), "admit=first keeps the first sighting");
    }

    @Test
    void aCollidingBodyIsNeverServedAndIsKeptAtItsOwnTurn() throws Exception {
        EncodedVariants method = method((b, n) -> 42L); // every body the same hash: the mark cannot tell them apart
        byte[] a = body(4_000, 1);
        byte[] b = body(4_000, 2);
        missAndKeep(method, GZIP1, a, headers); // marked
        missAndKeep(method, GZIP1, a, headers); // kept
        EncodedVariants.Lookup lookup = method.lookup(GZIP1, b, b.length, headers);
        assertNull(lookup.codec(), "a colliding body must not be served another body's bytes");
        assertEquals(1, cache.totals().collisions());
        byte[] out = new byte[GZIP1.maxCompressedLength(b.length)];
        lookup.keep(GZIP1, out, GZIP1.compress(b, 0, b.length, out, 0)); // the mark matched: b replaces a
        assertArrayEquals(b, VariantCacheTest.decode(GZIP1, method.lookup(GZIP1, b, b.length, headers).bytes(),
                b.length));
    }

    @Test
    void theTableIsBoundedAndForgets() {
        assertEquals(256, Doorkeeper.forEntries(64).slots());
        assertEquals(Doorkeeper.MIN_SLOTS, Doorkeeper.forEntries(1).slots());
        assertEquals(Doorkeeper.MAX_SLOTS, Doorkeeper.forEntries(1_000_000).slots());
        assertEquals(512, Doorkeeper.forEntries(100).slots(), "the next power of two");
        assertThrows(IllegalArgumentException.class, () -> new Doorkeeper(100));
        Doorkeeper d = new Doorkeeper(64);
        assertFalse(d.seenBefore(0L), "hash 0 is a mark like any other, not an empty slot");
        assertTrue(d.seenBefore(0L));
        assertFalse(d.seenBefore(7L));
        assertTrue(d.seenBefore(7L));
        assertFalse(d.seenBefore(7L + 64), "another body in the same slot");
        assertFalse(d.seenBefore(7L), "overwritten: forgotten");
        assertTrue(d.seenBefore(7L));
    }

    @Test
    void aWrongValueNamesTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CacheSettings.from(Map.of(CacheSettings.ADMIT, "second-sighting")::get));
        assertEquals("rest-compress.cache.admit must be 'second' or 'first', was 'second-sighting'", e.getMessage());
    }
}
