package dev.restcompress.contract;

import static dev.restcompress.contract.Wire.gunzip;
import static dev.restcompress.contract.Wire.header;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.Payloads;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The cache of encoded variants ({@code @CacheEncoded}) on this runtime: the same bytes are kept at their
 * second sighting and hit from the third request on (the statistics, where the runtime shows them to
 * resources), a hot entry is upgraded within a bounded
 * wait to a smaller body that still decodes byte-exact (and the tags of both variants still answer 304),
 * and responses with {@code Set-Cookie} or
 * {@code no-store} are never cached (never upgraded, counted as not cached). Each test uses bodies of
 * its own (a random seed), so earlier runs and tests do not share its entries.
 * Part of {@link HttpContract}, which every runtime's contract test extends. Bounded in time.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public interface CacheContract extends ContractPart {
    /** {@code hits misses notCached upgrades passed}, or {@code null} where the runtime shows no statistics. */
    private long[] cacheCounters() throws Exception {
        String s = new String(wire().get("contract/cache/stats", "identity").body(), StandardCharsets.US_ASCII).trim();
        if (s.startsWith("no statistics")) {
            return null;
        }
        String[] parts = s.split(" ");
        long[] out = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = Long.parseLong(parts[i]);
        }
        return out;
    }

    /**
     * A body is kept at its second sighting ({@code rest-compress.cache.admit=second}, the default): the
     * first request for some bytes is compressed and only marked, the second is compressed and kept, the
     * third is the first hit. Where the statistics show, the second request must not be a hit and the
     * third must be. On every runtime the wire shows it too: the upgrade is queued at the entry's second
     * hit, so after three requests and time enough for an upgrade (1.5 s, no CPU pressure) the fourth still
     * gets the second's bytes; had the first request been kept, the third would have been the second hit
     * and the fourth would get the smaller upgraded body.
     */
    @Test
    default void theSameBytesAreServedFromTheCacheFromTheThirdRequestOnThisRuntime() throws Exception {
        int seed = BodySeeds.next();
        String path = "contract/cache/text?seed=" + seed;
        long[] before = cacheCounters();
        HttpResponse<byte[]> first = wire().get(path, "gzip");
        HttpResponse<byte[]> second = wire().get(path, "gzip");
        long[] afterTwo = cacheCounters();
        HttpResponse<byte[]> third = wire().get(path, "gzip");
        for (HttpResponse<byte[]> r : java.util.List.of(first, second, third)) {
            assertEquals(200, r.statusCode());
            assertEquals("gzip", header(r, "Content-Encoding"));
            assertArrayEquals(Payloads.text(20_000, seed), gunzip(r.body()));
            assertVary(r);
            assertExactLength(r);
            String etag = header(r, "ETag");
            assertNotNull(etag, "the application's tag");
            assertTrue(etag.startsWith("\"" + ContractResource.CACHE_ETAG) && !etag.startsWith("W/"),
                    "a strong tag of the encoded variant, was " + etag);
        }
        assertArrayEquals(second.body(), third.body(), "the hit sends the variant the second request kept");
        long[] after = cacheCounters();
        wire().get("contract/pressure?script=0.0", "identity");
        try {
            Thread.sleep(1_500);
            HttpResponse<byte[]> fourth = wire().get(path, "gzip");
            assertArrayEquals(Payloads.text(20_000, seed), gunzip(fourth.body()));
            assertEquals(second.body().length, fourth.body().length, "upgraded after one hit: was the first request"
                    + " for these bytes kept? (cache " + java.util.Arrays.toString(cacheCounters()) + ")");
        } finally {
            wire().get("contract/pressure?script=off", "identity");
        }
        if (before != null) {
            assertEquals(before[0], afterTwo[0], "a body seen once is not kept: the second request is no hit");
            assertEquals(before[1] + 2, afterTwo[1], "the first two requests are misses");
            assertEquals(before[0] + 1, after[0], "the third request is a hit");
            assertEquals(before[1] + 2, after[1], "and no miss");
        }
    }

    /**
     * Hot entries (two hits of the kept entry: the fourth request) are re-encoded off the request path at gzip's best level: within a bounded
     * wait (30 s; upgrades wait while the adaptive step is down, so the scripted pressure is 0) the same
     * request gets a smaller body that still decodes to the same bytes.
     */
    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    default void aHotEntryIsUpgradedToASmallerBodyOnThisRuntime() throws Exception {
        int seed = BodySeeds.next();
        String path = "contract/cache/text?seed=" + seed;
        byte[] expected = Payloads.text(20_000, seed);
        wire().get("contract/pressure?script=0.0", "identity");
        try {
            HttpResponse<byte[]> firstResponse = wire().get(path, "gzip");
            byte[] first = firstResponse.body();
            String firstTag = header(firstResponse, "ETag");
            String lastTag = firstTag;
            byte[] last = first;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (last.length >= first.length && System.nanoTime() < deadline) {
                HttpResponse<byte[]> r = wire().get(path, "gzip");
                assertEquals("gzip", header(r, "Content-Encoding"));
                last = r.body();
                lastTag = header(r, "ETag");
                assertArrayEquals(expected, gunzip(last), "every body byte-exact");
                Thread.sleep(50);
            }
            assertTrue(last.length < first.length, "no smaller variant within 30 s (" + first.length + " B; cache "
                    + java.util.Arrays.toString(cacheCounters()) + ")");
            assertArrayEquals(expected, gunzip(last));
            // Validators across the upgrade: the tag of the variant a client holds, the old one or the
            // upgraded one, still answers 304.
            assertNotNull(lastTag, "the upgraded variant carries a tag");
            assertTrue(!lastTag.startsWith("W/"), "a strong tag, was " + lastTag);
            for (String held : new String[] {firstTag, lastTag}) {
                HttpResponse<byte[]> r = wire().get(path, "gzip", "If-None-Match", held);
                assertEquals(304, r.statusCode(), "If-None-Match " + held + " after the upgrade");
                assertEquals(0, r.body().length);
            }
        } finally {
            wire().get("contract/pressure?script=off", "identity");
        }
    }

    /**
     * {@code Set-Cookie} and {@code Cache-Control: no-store} responses are not cached: counted as such where
     * the statistics show, and never upgraded (their bodies keep the configured level's length).
     */
    @Test
    default void responsesWithSetCookieOrNoStoreAreNotCachedOnThisRuntime() throws Exception {
        long[] before = cacheCounters();
        for (String kind : new String[] {"cookie", "no-store"}) {
            int seed = BodySeeds.next();
            String path = "contract/cache/" + kind + "?seed=" + seed;
            byte[] expected = Payloads.text(20_000, seed);
            int length = -1;
            // Six requests: were they cached, the second would be kept, the fourth (its second hit) would
            // queue the upgrade and the fifth would be smaller.
            for (int i = 0; i < 6; i++) {
                HttpResponse<byte[]> r = wire().get(path, "gzip");
                assertEquals("gzip", header(r, "Content-Encoding"));
                assertArrayEquals(expected, gunzip(r.body()));
                assertTrue(length == -1 || length == r.body().length, kind + ": the body changed (" + length + " -> "
                        + r.body().length + "): it was cached and upgraded");
                length = r.body().length;
                Thread.sleep(i == 3 ? 1_000 : 0); // time enough for an upgrade, were it cached
            }
        }
        long[] after = cacheCounters();
        if (before != null) {
            assertEquals(before[0], after[0], "no hits");
            assertEquals(before[1], after[1], "no lookups");
            assertEquals(before[2] + 12, after[2], "twelve responses not cached");
        }
    }
}
