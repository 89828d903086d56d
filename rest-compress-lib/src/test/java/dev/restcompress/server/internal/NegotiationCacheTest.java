package dev.restcompress.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
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
        // Every value chooses a coding, so each uncached negotiation is a new object: asking twice
        // and getting the same instance means the value was remembered.
        int remembered = 0;
        for (int i = 0; i < 5 * NegotiationCache.MAX_ENTRIES; i++) {
            String value = (i % 2 == 0 ? "gzip;q=0." : "lzf;q=0.") + (i % 999 + 1) + ", x-" + i;
            Negotiation expected = Negotiation.negotiate(AcceptEncoding.parse(value), OFFER);
            Negotiation first = cache.negotiate(List.of(value));
            assertEquals(expected.coding(), first.coding(), value);
            assertEquals(expected.identityAcceptable(), first.identityAcceptable(), value);
            if (cache.negotiate(List.of(value)) == first) {
                remembered++;
            }
        }
        // Bounded: exactly the first MAX_ENTRIES variants are kept, the flood after them is not.
        assertEquals(NegotiationCache.MAX_ENTRIES, remembered, "values remembered");
        String early = "gzip;q=0.1, x-0";
        assertSame(cache.negotiate(List.of(early)), cache.negotiate(List.of(early)));
        String late = "gzip;q=0.1, x-late";
        assertNotSame(cache.negotiate(List.of(late)), cache.negotiate(List.of(late)), "full: not remembered");
        String longValue = "gzip, " + "x".repeat(NegotiationCache.MAX_CACHED_LENGTH);
        assertEquals("gzip", cache.negotiate(List.of(longValue)).coding());
        assertEquals("lzf", cache.negotiate(List.of("gzip;q=0.5", "lzf")).coding());
        assertTrue(cache.negotiate(List.of("*;q=0")).isNotAcceptable());
    }

    @Test
    void valuesUpToTheLengthLimitAreRemembered() {
        NegotiationCache cache = new NegotiationCache(OFFER);
        String atLimit = "gzip;q=0.5, " + "x".repeat(NegotiationCache.MAX_CACHED_LENGTH - 12);
        assertEquals(NegotiationCache.MAX_CACHED_LENGTH, atLimit.length());
        assertSame(cache.negotiate(List.of(atLimit)), cache.negotiate(List.of(atLimit)));
        String beyond = atLimit + "x";
        assertNotSame(cache.negotiate(List.of(beyond)), cache.negotiate(List.of(beyond)));
        assertEquals("gzip", cache.negotiate(List.of(beyond)).coding());
    }

    /** One parse per header value serves both choices: the ordinary coding and the dictionary coding. */
    @Test
    void dictionaryCodingsAreNegotiatedWithTheOthersOncePerValue() {
        NegotiationCache cache = new NegotiationCache(OFFER, List.of("dcz", "dcb"));
        NegotiationCache.Outcome tie = cache.outcome(List.of("gzip, dcb, dcz"));
        assertSame(tie, cache.outcome(List.of("gzip, dcb, dcz")), "remembered, dictionary choice included");
        assertEquals("gzip", tie.negotiation().coding());
        assertEquals("dcz", tie.dictionaryCoding(), "a tie goes to the first of the preference order");
        assertEquals("dcb", cache.outcome(List.of("dcz;q=0.5, dcb")).dictionaryCoding(), "the higher weight wins");
        assertNull(cache.outcome(List.of("gzip, dcz;q=0")).dictionaryCoding(), "q=0 refuses it");
        assertNull(cache.outcome(null).dictionaryCoding(), "no header, no dictionary coding");
        assertNull(new NegotiationCache(OFFER).outcome(List.of("dcz")).dictionaryCoding(), "none offered");
    }
}
