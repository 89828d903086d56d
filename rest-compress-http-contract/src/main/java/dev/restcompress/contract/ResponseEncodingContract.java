package dev.restcompress.contract;

import static dev.restcompress.contract.Wire.gunzip;
import static dev.restcompress.contract.Wire.gzip;
import static dev.restcompress.contract.Wire.header;
import static dev.restcompress.contract.Wire.unLzf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.Payloads;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The one-shot response path on the wire: byte-exact bodies with an exact {@code Content-Length} and
 * {@code Vary}, the size threshold, incompressible bodies sent unencoded, and the encoded variant's own ETag
 * (the rules of validators in full: {@link ValidatorContract}).
 * Part of {@link HttpContract}, which every runtime's contract test extends. Bounded in time.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public interface ResponseEncodingContract extends ContractPart {

    @Test
    default void lzfOneShotIsByteExactWithLengthAndVary() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/text?size=100000", "lzf");
        assertEquals(200, r.statusCode());
        assertEquals("lzf", header(r, "Content-Encoding"));
        assertExactLength(r);
        assertVary(r);
        assertTrue(r.body().length < 50_000, "LZF should at least halve this text, got " + r.body().length);
        assertArrayEquals(Payloads.text(100000, 0), unLzf(r.body()));
    }

    @Test
    default void gzipOneShotIsByteExactWithLengthAndVary() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/text?size=100000", "gzip");
        assertEquals(200, r.statusCode());
        assertEquals("gzip", header(r, "Content-Encoding"));
        assertExactLength(r);
        assertVary(r);
        assertTrue(r.body().length < 25_000, "gzip should shrink this text 4x, got " + r.body().length);
        assertArrayEquals(Payloads.text(100000, 0), gunzip(r.body()));
    }

    @Test
    default void belowThresholdIsIdentityAtThresholdEncoded() throws Exception {
        HttpResponse<byte[]> below = wire().get("contract/text?size=1023", "lzf");
        assertEquals(200, below.statusCode());
        assertNull(header(below, "Content-Encoding"), "1023 bytes is below the 1024-byte threshold");
        assertExactLength(below);
        assertVary(below);
        assertArrayEquals(Payloads.text(1023, 0), below.body());
        HttpResponse<byte[]> at = wire().get("contract/text?size=1024", "lzf");
        assertEquals("lzf", header(at, "Content-Encoding"), "1024 bytes is not below the threshold");
        assertExactLength(at);
        assertArrayEquals(Payloads.text(1024, 0), unLzf(at.body()));
    }

    @Test
    default void incompressibleBodyGoesOutUnencoded() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/random?size=8192", "lzf");
        assertEquals(200, r.statusCode());
        assertNull(header(r, "Content-Encoding"), "LZF cannot shrink random bytes; identity is acceptable");
        assertVary(r);
        assertExactLength(r);
        assertArrayEquals(Payloads.random(8192, 42), r.body());
    }

    @Test
    default void encodedVariantHasItsOwnETagAndRevalidates() throws Exception {
        String plainTag = "\"" + ContractResource.ETAG + "\"";
        String lzfTag = "\"" + ContractResource.ETAG + "-lzf\"";
        HttpResponse<byte[]> r = wire().get("contract/etag", "lzf");
        assertEquals(200, r.statusCode());
        assertEquals("lzf", header(r, "Content-Encoding"));
        assertEquals(lzfTag, header(r, "ETag"));
        HttpResponse<byte[]> identity = wire().get("contract/etag", null);
        assertEquals(plainTag, header(identity, "ETag"));

        HttpResponse<byte[]> revalidated = wire().get("contract/etag", "lzf", "If-None-Match", lzfTag);
        assertEquals(304, revalidated.statusCode());
        assertEquals(lzfTag, header(revalidated, "ETag"));
        assertEquals(0, revalidated.body().length);
        // The lzf variant is the same representation: 304, with the tag of the gzip variant sent now
        // (gzip, engine and level: ValidatorContract).
        HttpResponse<byte[]> otherVariant = wire().get("contract/etag", "gzip", "If-None-Match", lzfTag);
        assertEquals(304, otherVariant.statusCode(), "the client holds the same representation");
        String gzipTag = header(otherVariant, "ETag");
        assertTrue(gzipTag != null && gzipTag.matches("\"" + ContractResource.ETAG + "-gzip-(ld)?[0-9]+\""), gzipTag);
        HttpResponse<byte[]> gzip = wire().get("contract/etag", "gzip");
        assertEquals(200, gzip.statusCode());
        assertEquals("gzip", header(gzip, "Content-Encoding"));
        assertTrue(header(gzip, "ETag").matches("\"" + ContractResource.ETAG + "-gzip-(ld)?[0-9]+\""),
                header(gzip, "ETag"));
    }
}
