package dev.restcompress.server.internal.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.config.CacheSettings;
import dev.restcompress.server.internal.EncodedVariants;
import dev.restcompress.testing.Codecs;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.IntSupplier;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingStream;
import org.junit.jupiter.api.Test;

/**
 * The cache of encoded variants with real codecs: a hit sends exactly what a miss compressed; a forced
 * hash collision is a miss (the bytes are compared); the byte bound and the per-method bound hold with
 * evictions counted; hot entries are upgraded off the request path to the coding's best level and
 * swapped in; upgrades wait under pressure and a full queue drops them; private responses are not cached.
 */
class VariantCacheTest extends CacheFixture {
    static final EncodedVariants.Rules RULES = new EncodedVariants.Rules(true, false);
    static final Codec GZIP1 = Codecs.of("gzip", 1, 1);
    static final Codec GZIP_BEST = Codecs.of("gzip", VariantCaches.bestLevel("gzip"), 1);

    /**
     * Settings for the tests of what happens once a body is kept: every miss is kept
     * ({@code admit=first}) unless {@code keyValues} says otherwise. The admission rule itself, and the
     * default, are {@link DoorkeeperTest}'s.
     */
    static CacheSettings settings(Object... keyValues) {
        Map<String, Object> m = new HashMap<>();
        m.put(CacheSettings.ADMIT, "first");
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        return CacheSettings.from(m::get);
    }

    VariantCache cache(CacheSettings settings, BodyHash hash, IntSupplier pressure) {
        Function<String, Codec> best = coding -> coding.equals("gzip") ? GZIP_BEST : null;
        cache = new VariantCache(settings, best, pressure, hash, 10);
        return cache;
    }

    /** A JSON-like body of about {@code n} bytes, different per {@code seed}, that gzip shrinks a lot. */
    static byte[] body(int n, int seed) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; sb.length() < n; i++) {
            sb.append("{\"id\":").append(seed * 100_000 + i).append(",\"name\":\"item ").append(i % 97)
                    .append("\",\"tags\":[\"a\",\"b\"],\"price\":").append((i * 37 + seed) % 1000).append("},");
        }
        return Arrays.copyOf(sb.toString().getBytes(StandardCharsets.US_ASCII), n);
    }

    /** What the data path does on a miss: compress with {@code codec} and keep it. */
    static byte[] missAndKeep(EncodedVariants method, Codec codec, byte[] body, MultivaluedMap<String, Object> headers) {
        EncodedVariants.Lookup lookup = method.lookup(codec, body, body.length, headers);
        assertNotNull(lookup, "cacheable");
        assertNull(lookup.codec(), "expected a miss");
        byte[] out = new byte[codec.maxCompressedLength(body.length)];
        int m = codec.compress(body, 0, body.length, out, 0);
        lookup.keep(codec, out, m);
        return Arrays.copyOf(out, m);
    }

    static byte[] decode(Codec codec, byte[] encoded, int n) throws Exception {
        byte[] out = new byte[n];
        assertEquals(n, codec.decompress(encoded, 0, encoded.length, out, 0, n));
        return out;
    }

    @Test
    void aHitSendsWhatTheMissCompressed() throws Exception {
        EncodedVariants method = cache(settings(), BodyHash.DEFAULT, () -> 0).forMethod("R#m", RULES);
        byte[] body = body(48_500, 1);
        byte[] encoded = missAndKeep(method, GZIP1, body, headers);
        // A different array with the same bytes (a new response): a hit.
        EncodedVariants.Lookup hit = method.lookup(GZIP1, body.clone(), body.length, headers);
        assertSame(GZIP1, hit.codec());
        assertArrayEquals(encoded, hit.bytes());
        assertArrayEquals(body, decode(GZIP1, hit.bytes(), body.length));
        // Another coding of the same body is another entry.
        assertNull(method.lookup(Codecs.of("lzf"), body, body.length, headers).codec());
        EncodedVariants.Totals t = cache.totals();
        assertEquals(1, t.hits());
        assertEquals(2, t.misses());
        assertEquals(body.length - encoded.length, t.savedBytes());
        assertEquals(1, t.entries());
        assertTrue(t.bytes() >= body.length + encoded.length, "bytes " + t.bytes());
    }

    @Test
    void aForcedHashCollisionIsAMiss() throws Exception {
        EncodedVariants method = cache(settings(), (b, n) -> 42L, () -> 0).forMethod("R#m", RULES);
        byte[] a = body(4000, 1);
        byte[] b = body(4000, 2); // same length and hash, other bytes
        assertFalse(Arrays.equals(a, b));
        missAndKeep(method, GZIP1, a, headers);
        EncodedVariants.Lookup lookup = method.lookup(GZIP1, b, b.length, headers);
        assertNull(lookup.codec(), "a colliding body must not be served another body's bytes");
        assertEquals(1, cache.totals().collisions());
        byte[] encodedB = missAndKeep(method, GZIP1, b, headers);
        // Now the entry holds b: b hits, with b's bytes; a is the collision.
        assertArrayEquals(b, decode(GZIP1, method.lookup(GZIP1, b, b.length, headers).bytes(), b.length));
        assertArrayEquals(encodedB, method.lookup(GZIP1, b, b.length, headers).bytes());
        assertNull(method.lookup(GZIP1, a, a.length, headers).codec());
        assertEquals(3, cache.totals().collisions());
    }

    @Test
    void theByteBoundHoldsAndEvictionsAreCounted() {
        long max = 64 * 1024;
        EncodedVariants method = cache(settings(CacheSettings.MAX_BYTES, max, CacheSettings.MAX_ENTRIES_PER_METHOD,
                1000), BodyHash.DEFAULT, () -> 0).forMethod("R#m", RULES);
        for (int i = 0; i < 60; i++) {
            missAndKeep(method, GZIP1, body(4000, i), headers);
            cache.cleanUp();
            assertTrue(cache.totals().bytes() <= max, "over the bound after " + (i + 1) + ": " + cache.totals());
        }
        EncodedVariants.Totals t = cache.totals();
        assertTrue(t.evictions() > 0, t.toString());
        assertTrue(t.entries() > 3 && t.entries() < 60, t.toString());
        assertEquals(t.entries(), ((MethodCache) method).size(), "the method's count follows the evictions");
    }

    @Test
    void aBodyLargerThanTheWholeBoundIsNotKept() {
        EncodedVariants method = cache(settings(CacheSettings.MAX_BYTES, 10_000), BodyHash.DEFAULT, () -> 0)
                .forMethod("R#m", RULES);
        byte[] big = body(20_000, 1);
        missAndKeep(method, GZIP1, big, headers);
        assertNull(method.lookup(GZIP1, big, big.length, headers).codec());
        assertEquals(0, cache.totals().entries());
        assertEquals(0, cache.totals().evictions(), "never copied in, so never evicted");
        byte[] small = body(3_000, 2);
        missAndKeep(method, GZIP1, small, headers);
        assertNotNull(method.lookup(GZIP1, small, small.length, headers).codec());
    }

    @Test
    void aMethodHoldsAtMostItsEntriesTheOldestLeaving() {
        EncodedVariants method = cache(settings(CacheSettings.MAX_ENTRIES_PER_METHOD, 3), BodyHash.DEFAULT, () -> 0)
                .forMethod("R#m", RULES);
        EncodedVariants other = cache.forMethod("R#other", RULES);
        for (int i = 0; i < 5; i++) {
            missAndKeep(method, GZIP1, body(3000, i), headers);
        }
        missAndKeep(other, GZIP1, body(3000, 99), headers);
        assertEquals(3, ((MethodCache) method).size());
        assertEquals(4, cache.totals().entries());
        assertEquals(2, cache.totals().evictions());
        assertNull(method.lookup(GZIP1, body(3000, 0), 3000, headers).codec(), "the oldest left");
        assertNotNull(method.lookup(GZIP1, body(3000, 4), 3000, headers).codec(), "the newest stayed");
        // The same bytes under another method are another method's entry.
        assertNull(other.lookup(GZIP1, body(3000, 4), 3000, headers).codec());
    }

    /**
     * How long a test waits for what the upgrade thread does before it fails: only a hang guard, since every wait
     * ends on its condition (a loaded machine may deschedule the thread for seconds).
     */
    static final long AWAIT_SECONDS = 60;

    /** Polls {@code method} for {@code body} until its variant is made by {@code codec} (bounded: {@link #AWAIT_SECONDS}). */
    static EncodedVariants.Lookup awaitVariant(EncodedVariants method, byte[] body, Codec codec,
            MultivaluedMap<String, Object> headers) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(AWAIT_SECONDS);
        while (System.nanoTime() < deadline) {
            EncodedVariants.Lookup l = method.lookup(GZIP1, body, body.length, headers);
            if (l.codec() == codec) {
                return l;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no variant by " + codec + " within " + AWAIT_SECONDS + " s");
    }

    @Test
    void aHotEntryIsUpgradedOffTheRequestPathAndSwappedIn() throws Exception {
        EncodedVariants method = cache(settings(CacheSettings.UPGRADE_AFTER, 2), BodyHash.DEFAULT, () -> 0)
                .forMethod("R#m", RULES);
        byte[] body = body(48_500, 3);
        byte[] level1 = missAndKeep(method, GZIP1, body, headers);
        assertSame(GZIP1, method.lookup(GZIP1, body, body.length, headers).codec()); // 1 hit: not hot yet
        assertEquals(0, cache.totals().upgrades());
        EncodedVariants.Lookup upgraded = awaitVariant(method, body, GZIP_BEST, headers); // 2nd hit queues it
        assertTrue(upgraded.bytes().length < level1.length, upgraded.bytes().length + " vs " + level1.length);
        assertArrayEquals(body, decode(GZIP_BEST, upgraded.bytes(), body.length));
        awaitUpgrades(1); // counted just after the swap
        Thread t = upgradeThread();
        assertTrue(t == null || t.isDaemon(), "the upgrade thread is a daemon");
        // An upgraded entry is not queued again, and the smaller entry now counts fewer bytes.
        for (int i = 0; i < 5; i++) {
            method.lookup(GZIP1, body, body.length, headers);
        }
        Thread.sleep(50);
        assertEquals(1, cache.totals().upgrades());
        assertTrue(cache.totals().bytes() < body.length + level1.length + CacheEntry.OVERHEAD);
        cache.close();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(AWAIT_SECONDS);
        while (cache.upgrading() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertFalse(cache.upgrading(), "close() stops the upgrade thread");
    }

    @Test
    void anUpgradeIsAFlightRecorderEvent() throws Exception {
        EncodedVariants method = cache(settings(CacheSettings.UPGRADE_AFTER, 1), BodyHash.DEFAULT, () -> 0)
                .forMethod("R#jfr", RULES);
        byte[] body = body(30_000, 7);
        BlockingQueue<RecordedEvent> events = new LinkedBlockingQueue<>();
        byte[] level1;
        RecordedEvent e;
        // Streamed, so the test waits for the event itself (JFR delivers it at its next flush, about a second).
        try (RecordingStream stream = new RecordingStream()) {
            stream.enable("dev.restcompress.CacheUpgrade");
            // Only this method's events: an upgrade another test queued may land in the window.
            stream.onEvent("dev.restcompress.CacheUpgrade", event -> {
                if ("R#jfr".equals(event.getString("method"))) {
                    events.add(event);
                }
            });
            stream.startAsync(); // the recording has started when this returns
            level1 = missAndKeep(method, GZIP1, body, headers);
            method.lookup(GZIP1, body, body.length, headers); // the hit that queues the upgrade
            e = events.poll(AWAIT_SECONDS, TimeUnit.SECONDS);
        }
        assertNotNull(e, "no CacheUpgrade event within " + AWAIT_SECONDS + " s");
        assertEquals("gzip", e.getString("coding"));
        assertEquals(VariantCaches.bestLevel("gzip"), e.getInt("level"));
        assertEquals(body.length, e.getLong("identityBytes"));
        assertEquals(level1.length, e.getLong("bytesBefore"));
        assertTrue(e.getLong("bytesAfter") < level1.length);
        assertTrue(e.getBoolean("swapped"));
        awaitUpgrades(1);
        assertSame(GZIP_BEST, method.lookup(GZIP1, body, body.length, headers).codec());
        assertTrue(events.isEmpty(), "one upgrade, one event: " + events);
    }

    @Test
    void underPressureUpgradesWaitAndAFullQueueDrops() throws Exception {
        AtomicInteger step = new AtomicInteger(1);
        EncodedVariants method = cache(settings(CacheSettings.UPGRADE_AFTER, 1, CacheSettings.UPGRADE_QUEUE, 1),
                BodyHash.DEFAULT, step::get).forMethod("R#m", RULES);
        byte[][] bodies = {body(20_000, 1), body(20_000, 2), body(20_000, 3)};
        for (byte[] b : bodies) {
            missAndKeep(method, GZIP1, b, headers);
        }
        long start = System.nanoTime();
        for (byte[] b : bodies) { // each hit claims its upgrade: one runs (waiting), one waits in the queue, one drops
            assertSame(GZIP1, method.lookup(GZIP1, b, b.length, headers).codec());
        }
        // The upgrades wait while the pressure lasts (until the test lifts it): a request that waited for the queue
        // would wait for ever, so the bound only has to be finite, and long enough for a descheduled thread.
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(AWAIT_SECONDS), "a request never waits for the queue");
        assertEquals(1, cache.totals().upgradesDropped());
        Thread.sleep(300);
        assertEquals(0, cache.totals().upgrades(), "under pressure, upgrades wait");
        step.set(0);
        awaitVariant(method, bodies[0], GZIP_BEST, headers);
        awaitVariant(method, bodies[1], GZIP_BEST, headers);
        // The dropped one is claimed again by a later hit, and upgraded then.
        EncodedVariants.Lookup third = awaitVariant(method, bodies[2], GZIP_BEST, headers);
        assertArrayEquals(bodies[2], decode(GZIP_BEST, third.bytes(), bodies[2].length));
        awaitUpgrades(3);
    }

    @Test
    void codingsWithoutLevelsAreNotUpgraded() throws Exception {
        Codec lzf = Codecs.of("lzf");
        EncodedVariants method = cache(settings(CacheSettings.UPGRADE_AFTER, 1), BodyHash.DEFAULT, () -> 0)
                .forMethod("R#m", RULES);
        byte[] body = body(10_000, 5);
        byte[] encoded = missAndKeep(method, lzf, body, headers);
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(encoded, method.lookup(lzf, body, body.length, headers).bytes());
            Thread.sleep(20);
        }
        assertEquals(0, cache.totals().upgrades());
    }

    @Test
    void privateResponsesAreNotCachedUnlessTheMethodSaysSo() {
        EncodedVariants method = cache(settings(), BodyHash.DEFAULT, () -> 0).forMethod("R#m", RULES);
        byte[] body = body(5000, 1);
        MultivaluedMap<String, Object> h = new MultivaluedHashMap<>();
        h.add("set-cookie", "session=1");
        assertNull(method.lookup(GZIP1, body, body.length, h));
        h.clear();
        h.add("Cache-Control", "max-age=60, no-store");
        assertNull(method.lookup(GZIP1, body, body.length, h));
        h.clear();
        h.add("Cache-Control", "private=\"Authorization\"");
        assertNull(method.lookup(GZIP1, body, body.length, h));
        h.clear();
        CacheControl cc = new CacheControl();
        cc.setPrivate(true);
        h.add("Cache-Control", cc);
        assertNull(method.lookup(GZIP1, body, body.length, h));
        assertEquals(4, cache.totals().notCached());
        h.clear();
        h.add("Cache-Control", "public, max-age=60");
        assertNotNull(method.lookup(GZIP1, body, body.length, h));
        h.clear();
        h.add("Set-Cookie", "session=1");
        EncodedVariants anyway = cache.forMethod("R#p", new EncodedVariants.Rules(true, true));
        assertNotNull(anyway.lookup(GZIP1, body, body.length, h), "privateResponses = true caches them");
        assertEquals(4, cache.totals().notCached());
    }

    @Test
    void theHashSpreadsAndReadsEveryByte() {
        byte[] a = body(1000, 1);
        long h = BodyHash.DEFAULT.hash(a, a.length);
        for (int i : new int[] {0, 7, 8, 31, 32, 500, 992, 999}) {
            byte[] b = a.clone();
            b[i] ^= 1;
            assertNotSame(h, BodyHash.DEFAULT.hash(b, b.length));
            assertTrue(h != BodyHash.DEFAULT.hash(b, b.length), "byte " + i + " not read");
        }
        assertTrue(h != BodyHash.DEFAULT.hash(a, a.length - 1), "the length counts");
    }

    /** Waits (at most {@link #AWAIT_SECONDS}) until {@code n} upgrades are counted; fails otherwise. */
    void awaitUpgrades(long n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(AWAIT_SECONDS);
        while (cache.totals().upgrades() < n && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(n, cache.totals().upgrades());
    }

    static Thread upgradeThread() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("rest-compress-cache-upgrade")) {
                return t;
            }
        }
        return null;
    }
}
