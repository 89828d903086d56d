package dev.restcompress.contract;

import static dev.restcompress.contract.Wire.gunzip;
import static dev.restcompress.contract.Wire.gzip;
import static dev.restcompress.contract.Wire.header;
import static dev.restcompress.contract.Wire.tokens;
import static dev.restcompress.contract.Wire.unLzf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.restcompress.contract.app.Payloads;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Negotiation on the wire: the method's offer, q-values and the server's preference, no header, 406 only when
 * nothing offered nor identity is acceptable, unannotated methods untouched. The rules themselves are
 * table-tested in the library (NegotiationRulesTableTest); here each runtime shows it applies them.
 * Part of {@link HttpContract}, which every runtime's contract test extends. Bounded in time.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public interface NegotiationContract extends ContractPart {
    @Test
    default void methodOfferingGzipOnlyAnswersGzip() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/gzip-only?size=50000", "lzf, gzip");
        assertEquals(200, r.statusCode());
        assertEquals("gzip", header(r, "Content-Encoding"));
        assertExactLength(r);
        assertArrayEquals(Payloads.text(50000, 0), gunzip(r.body()));
    }

    @Test
    default void serverPreferenceBreaksTiesClientWeightsWinAndZeroRefuses() throws Exception {
        HttpResponse<byte[]> tie = wire().get("contract/text?size=20000", "gzip, lzf");
        assertEquals("lzf", header(tie, "Content-Encoding"), "equal weights: the server prefers lzf");
        assertArrayEquals(Payloads.text(20000, 0), unLzf(tie.body()));
        HttpResponse<byte[]> weighted = wire().get("contract/text?size=20000", "lzf;q=0.5, gzip;q=0.8");
        assertEquals("gzip", header(weighted, "Content-Encoding"), "the client's higher weight wins");
        assertArrayEquals(Payloads.text(20000, 0), gunzip(weighted.body()));
        HttpResponse<byte[]> refused = wire().get("contract/text?size=20000", "lzf;q=0, *");
        assertEquals("gzip", header(refused, "Content-Encoding"), "lzf;q=0 must never be chosen");
    }

    @Test
    default void noAcceptEncodingIsIdentityWithVary() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/text?size=20000", null);
        assertEquals(200, r.statusCode());
        assertNull(header(r, "Content-Encoding"));
        assertVary(r);
        assertArrayEquals(Payloads.text(20000, 0), r.body());
    }

    @Test
    default void notAcceptableOnlyWhenNothingOfferedNorIdentityIsAcceptable() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/lzf-only?size=20000", "gzip, identity;q=0");
        assertEquals(406, r.statusCode());
        assertVary(r);
        assertEquals(406, wire().get("contract/lzf-only?size=20000", "*;q=0").statusCode());
        HttpResponse<byte[]> small = wire().get("contract/lzf-only?size=100", "lzf, identity;q=0");
        assertEquals(200, small.statusCode());
        assertEquals("lzf", header(small, "Content-Encoding"), "identity refused: even small bodies are encoded");
        assertExactLength(small);
        assertArrayEquals(Payloads.text(100, 0), unLzf(small.body()));
    }

    @Test
    default void unannotatedMethodIsUntouched() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/plain?size=20000", "lzf, gzip");
        assertEquals(200, r.statusCode());
        assertNull(header(r, "Content-Encoding"));
        assertFalse(tokens(r, "Vary").contains("accept-encoding"), "no Vary on a method that never varies");
        assertArrayEquals(Payloads.text(20000, 0), r.body());
    }
}
