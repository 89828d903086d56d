package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.negotiation.AcceptEncoding;
import dev.restcompress.negotiation.Negotiation;
import java.util.List;
import org.junit.jupiter.api.Test;

class NegotiationCacheTest {
    private static final List<String> OFFER = List.of("lzf", "gzip");

    @Test
    void repeatedValuesAreServedFromTheCache() {
        NegotiationCache cache = new NegotiationCache(OFFER);
        Negotiation first = cache.negotiate(List.of("gzip, deflate, br"));
        assertSame(first, cache.negotiate(List.of("gzip, deflate, br")));
        assertEquals("gzip", first.coding());
        assertEquals("identity", cache.negotiate(null).coding());
    }

    @Test
    void aFloodOfVariantsStaysCorrectAndBounded() {
        NegotiationCache cache = new NegotiationCache(OFFER);
        for (int i = 0; i < 5 * NegotiationCache.MAX_ENTRIES; i++) {
            String value = (i % 2 == 0 ? "gzip;q=0." : "lzf;q=0.") + (i % 999 + 1) + ", x-" + i;
            Negotiation expected = Negotiation.negotiate(AcceptEncoding.parse(value), OFFER);
            assertEquals(expected.coding(), cache.negotiate(List.of(value)).coding(), value);
        }
        String longValue = "gzip, " + "x".repeat(NegotiationCache.MAX_CACHED_LENGTH);
        assertEquals("gzip", cache.negotiate(List.of(longValue)).coding());
        assertEquals("lzf", cache.negotiate(List.of("gzip;q=0.5", "lzf")).coding());
        assertTrue(cache.negotiate(List.of("*;q=0")).isNotAcceptable());
    }
}
