package dev.restcompress.server.internal.cache;

import static dev.restcompress.server.internal.cache.DoorkeeperTest.FIXED_KEY;
import static dev.restcompress.server.internal.cache.PassMode.PROBE_EVERY;
import static dev.restcompress.server.internal.cache.VariantCacheTest.GZIP1;
import static dev.restcompress.server.internal.cache.VariantCacheTest.GZIP_BEST;
import static dev.restcompress.server.internal.cache.VariantCacheTest.RULES;
import static dev.restcompress.server.internal.cache.VariantCacheTest.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.config.CacheSettings;
import dev.restcompress.server.internal.EncodedVariants;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Pass mode ({@code rest-compress.cache.pass=on}, the default): after a run of lookups in vain (first
 * sightings; with {@code admit=first}, misses without a hit) a method looks up only every 17th response and
 * the others are not hashed (counted through the {@link BodyHash} seam) and counted as passed; a body that
 * starts repeating is kept and hit within the bound and ends the pass; a hit or a kept body ends the run; off,
 * every response is looked up. The transitions depend on counts only, so the counts here are exact.
 */
class PassModeTest extends CacheFixture {
    /** One entry per method: the smallest doorkeeper table (64 slots), so the shortest run (256 lookups). */
    static final int ENTRIES = 1;
    static final int RUN = 256;

    /** Bodies hashed so far: the lookups that were not skipped. */
    int hashed;
    /** The seed of the next unique body. */
    int seed;
    EncodedVariants method;
    MethodCache methodCache;

    void method(Object... keyValues) {
        Map<String, Object> m = new HashMap<>();
        m.put(CacheSettings.MAX_ENTRIES_PER_METHOD, ENTRIES);
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        Function<String, Codec> best = coding -> coding.equals("gzip") ? GZIP_BEST : null;
        BodyHash counting = (b, n) -> {
            hashed++;
            return FIXED_KEY.hash(b, n);
        };
        cache = new VariantCache(CacheSettings.from(m::get), best, () -> 0, counting, 10);
        method = cache.forMethod("R#m", RULES);
        methodCache = (MethodCache) method;
    }

    /** What the data path does: look up, and on a miss compress and offer it to keep. The lookup's answer. */
    EncodedVariants.Lookup serve(byte[] body) {
        EncodedVariants.Lookup lookup = method.lookup(GZIP1, body, body.length, headers);
        if (lookup != null && lookup.codec() == null) {
            byte[] out = new byte[GZIP1.maxCompressedLength(body.length)];
            lookup.keep(GZIP1, out, GZIP1.compress(body, 0, body.length, out, 0));
        }
        return lookup;
    }

    byte[] unique() {
        return body(600, seed++);
    }

    /** Serves {@code n} unique bodies, each looked up (hashed): no pass mode before the last. */
    void lookUpUnique(int n) {
        for (int i = 0; i < n; i++) {
            int before = hashed;
            assertNotNull(serve(unique()), "looked up");
            assertEquals(before + 1, hashed, "hashed");
        }
    }

    @Test
    void theRunIsFourTimesTheDoorkeepersTable() {
        assertEquals(RUN, PassMode.forSlots(Doorkeeper.slotsFor(ENTRIES)).enterAfter());
        assertEquals(1_024, PassMode.forSlots(Doorkeeper.slotsFor(64)).enterAfter(), "the defaults: 64 entries");
        assertEquals(17, PROBE_EVERY);
    }

    @Test
    void aMethodOfUniqueBodiesPassesAndLooksUpEverySeventeenthResponse() {
        method();
        lookUpUnique(RUN - 1);
        assertFalse(methodCache.passing(), "one first sighting short of the run");
        lookUpUnique(1);
        assertTrue(methodCache.passing());
        assertEquals(RUN, cache.totals().firstSightings());
        for (int probe = 0; probe < 3; probe++) {
            for (int i = 1; i < PROBE_EVERY; i++) {
                assertNull(serve(unique()), "passed: compressed as with the cache off");
            }
            assertEquals(RUN + probe, hashed, "the 16 passed responses were not hashed");
            assertNotNull(serve(unique()), "the 17th is looked up");
            assertEquals(RUN + probe + 1, hashed);
        }
        EncodedVariants.Totals t = cache.totals();
        assertEquals(3 * (PROBE_EVERY - 1), t.passed());
        assertEquals(RUN + 3, t.misses(), "passed responses are no misses");
        assertEquals(RUN + 3, t.firstSightings());
        assertEquals(0, t.entries());
        assertEquals(0, t.notCached());
    }

    @Test
    void aBodyThatStartsRepeatingIsKeptAtTheSecondProbeHitAtOnceAndEndsThePass() {
        method();
        lookUpUnique(RUN);
        assertTrue(methodCache.passing());
        byte[] repeated = body(600, -1);
        int kept = -1;
        int hit = -1;
        for (int response = 1; response <= 3 * PROBE_EVERY && hit < 0; response++) {
            long entries = cache.totals().entries();
            EncodedVariants.Lookup l = serve(repeated.clone());
            if (l != null && l.codec() != null) {
                hit = response;
            } else if (cache.totals().entries() > entries) {
                kept = response;
            }
        }
        assertEquals(2 * PROBE_EVERY, kept, "marked at the first probe, kept at the second");
        assertEquals(2 * PROBE_EVERY + 1, hit, "the method looks up every response again: the next one hits");
        assertFalse(methodCache.passing());
        assertEquals(1, cache.totals().hits());
        lookUpUnique(RUN - 1); // a new run, from the start
        assertFalse(methodCache.passing());
    }

    @Test
    void aHitEndsTheRun() {
        method();
        byte[] shared = body(600, -1);
        serve(shared); // marked
        serve(shared); // kept: the run ends
        lookUpUnique(RUN - 1);
        assertFalse(methodCache.passing());
        assertSame(GZIP1, serve(shared.clone()).codec(), "a hit");
        lookUpUnique(RUN - 1); // without the hit, the first of these would have ended the run
        assertFalse(methodCache.passing(), "the hit started the run again");
        lookUpUnique(1);
        assertTrue(methodCache.passing());
        assertEquals(0, cache.totals().passed());
    }

    @Test
    void withAdmitFirstARunOfMissesWithoutAHitPassesAndAProbeThatHitsEndsIt() {
        method(CacheSettings.ADMIT, "first");
        lookUpUnique(RUN);
        assertTrue(methodCache.passing(), "every miss kept, none hit");
        assertEquals(0, cache.totals().firstSightings());
        byte[] repeated = body(600, -1);
        int hit = -1;
        for (int response = 1; response <= 3 * PROBE_EVERY && hit < 0; response++) {
            EncodedVariants.Lookup l = serve(repeated.clone());
            if (l != null && l.codec() != null) {
                hit = response;
            }
        }
        assertEquals(2 * PROBE_EVERY, hit, "kept at the first probe, hit at the second");
        assertFalse(methodCache.passing());
        assertEquals(2 * (PROBE_EVERY - 1), cache.totals().passed());
    }

    @Test
    void offEveryResponseIsLookedUp() {
        method(CacheSettings.PASS, "off");
        lookUpUnique(4 * RUN);
        assertFalse(methodCache.passing());
        assertEquals(0, cache.totals().passed());
    }

    @Test
    void privateResponsesAreNotCachedNotPassed() {
        method();
        lookUpUnique(RUN);
        headers.putSingle("Cache-Control", "no-store");
        for (int i = 0; i < PROBE_EVERY; i++) {
            assertNull(serve(unique()));
        }
        assertEquals(PROBE_EVERY, cache.totals().notCached());
        assertEquals(0, cache.totals().passed());
    }

    @Test
    void theSettingIsOnByDefaultAndAWrongValueNamesTheKey() {
        assertTrue(CacheSettings.from(k -> null).pass());
        assertFalse(CacheSettings.from(Map.of(CacheSettings.PASS, " Off ")::get).pass());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CacheSettings.from(Map.of(CacheSettings.PASS, "sometimes")::get));
        assertEquals("rest-compress.cache.pass must be on or off, was 'sometimes'", e.getMessage());
    }
}
