package dev.restcompress.contract;

import static dev.restcompress.contract.Wire.gunzip;
import static dev.restcompress.contract.Wire.header;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.Payloads;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Exact validators on the wire: a strong ETag names one byte sequence (gzip levels and engines get
 * their own tags), {@code If-None-Match} with any tag of the same representation gets 304 carrying the
 * tag of the variant that would be sent now, and ranges never mix variants: a 206 is the
 * application's own bytes under its own tag, and {@code If-Range} with a coded variant's tag gets the
 * whole body. The adaptive levels may step while these run (the machine is shared), so the level
 * checks hold at any step. Part of {@link HttpContract}, which every runtime's contract test extends.
 * Bounded in time.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public interface ValidatorContract extends ContractPart {
    /** The application's tag, as the resources send it. */
    String OWN = "\"" + ContractResource.VALIDATOR_ETAG + "\"";
    /** A gzip variant's tag: the application's tag, the coding, the engine ({@code ld}: libdeflate), the level. */
    Pattern GZIP_TAG = Pattern.compile(Pattern.quote(ContractResource.VALIDATOR_ETAG) + "-gzip-(ld)?([0-9]+)");

    /** The level a gzip variant's tag names; fails when {@code etag} is not one. */
    private static int gzipLevel(String etag) {
        assertTrue(etag != null && etag.startsWith("\"") && etag.endsWith("\""), "a strong tag, was " + etag);
        Matcher m = GZIP_TAG.matcher(etag.substring(1, etag.length() - 1));
        assertTrue(m.matches(), "a gzip variant's tag, was " + etag);
        return Integer.parseInt(m.group(2));
    }

    @Test
    default void eachGzipLevelHasItsOwnStrongTag() throws Exception {
        byte[] text = Payloads.text(ContractResource.VALIDATOR_SIZE, 0);
        Map<String, byte[]> bytesByTag = new HashMap<>();
        Map<String, String> tagByPath = new HashMap<>();
        for (int round = 0; round < 3; round++) {
            for (String path : new String[] {"contract/validators/gzip1", "contract/validators/gzip9"}) {
                HttpResponse<byte[]> r = wire().get(path, "gzip");
                assertEquals(200, r.statusCode());
                assertEquals("gzip", header(r, "Content-Encoding"));
                assertArrayEquals(text, gunzip(r.body()));
                String tag = header(r, "ETag");
                byte[] earlier = bytesByTag.putIfAbsent(tag, r.body());
                assertTrue(earlier == null || Arrays.equals(earlier, r.body()),
                        "one strong tag, two byte sequences: " + tag);
                tagByPath.put(path + " " + round, tag);
            }
        }
        tagByPath.forEach((path, tag) -> {
            int level = gzipLevel(tag);
            // The adaptive levels may step down under load, never above the method's level.
            assertTrue(path.contains("gzip1") ? level == 1 : level >= 1 && level <= 9, path + ": " + tag);
        });
        // With the tags of earlier versions ("v8-x-gzip" for both) this failed at once: levels 1 and 9
        // give other bytes unless load stepped level 9 down to 1 for every request.
        HttpResponse<byte[]> identity = wire().get("contract/validators/gzip9", null);
        assertNull(header(identity, "Content-Encoding"));
        assertEquals(OWN, header(identity, "ETag"), "the unencoded bytes keep the application's tag");
    }

    @Test
    default void ifNoneMatchWithAnyVariantOfTheRepresentationIs304WithTheVariantSentNow() throws Exception {
        String level9 = header(wire().get("contract/validators/gzip9", "gzip"), "ETag");
        gzipLevel(level9);
        String inner = ContractResource.VALIDATOR_ETAG;
        String[] held = {
            level9,                                  // another level (and method) of the representation
            "\"" + inner + "-gzip-ld3\"",            // a level and engine this server may have used earlier
            "\"" + inner + "-gzip\"",                // an earlier version of this library
            "W/\"" + inner + "-gzip-6\"",            // If-None-Match compares weakly
            "\"other\", \"" + inner + "-lzf\"",      // any member of the list, any coding
        };
        for (String ifNoneMatch : held) {
            HttpResponse<byte[]> r = wire().get("contract/validators/gzip1", "gzip", "If-None-Match", ifNoneMatch);
            assertEquals(304, r.statusCode(), ifNoneMatch);
            assertEquals(0, r.body().length);
            assertEquals(1, gzipLevel(header(r, "ETag")), "the tag of the variant sent now, for " + ifNoneMatch);
        }
        // The application answers its own tag itself; the 304 still names the variant sent now.
        HttpResponse<byte[]> own = wire().get("contract/validators/gzip1", "gzip", "If-None-Match", OWN);
        assertEquals(304, own.statusCode());
        assertEquals(1, gzipLevel(header(own, "ETag")));
        // A client that no longer takes gzip holds the same representation: 304 with the plain tag.
        HttpResponse<byte[]> plain = wire().get("contract/validators/gzip1", null, "If-None-Match", level9);
        assertEquals(304, plain.statusCode());
        assertEquals(OWN, header(plain, "ETag"));
        // Another representation's variants, and suffixes that are not ours, are not this one.
        for (String other : new String[] {"\"v8-gzip-1\"", "\"" + inner + "-y\"", "\"" + inner + "-gzip-6-1\""}) {
            HttpResponse<byte[]> r = wire().get("contract/validators/gzip1", "gzip", "If-None-Match", other);
            assertEquals(200, r.statusCode(), other);
            assertEquals(1, gzipLevel(header(r, "ETag")));
        }
    }

    @Test
    default void aPartialResponseIsTheApplicationsBytesUnderItsOwnTag() throws Exception {
        byte[] text = Payloads.text(ContractResource.VALIDATOR_SIZE, 0);
        for (String ifRange : new String[] {null, OWN}) {
            HttpResponse<byte[]> r = ifRange == null
                    ? wire().get("contract/validators/range", "gzip", "Range", "bytes=100-10099")
                    : wire().get("contract/validators/range", "gzip", "Range", "bytes=100-10099", "If-Range", ifRange);
            assertEquals(206, r.statusCode(), "If-Range " + ifRange);
            assertNull(header(r, "Content-Encoding"), "a range is never encoded");
            assertEquals("bytes 100-10099/" + text.length, header(r, "Content-Range"));
            assertArrayEquals(Arrays.copyOfRange(text, 100, 10100), r.body());
            assertEquals(OWN, header(r, "ETag"), "the application's bytes under the application's tag");
            assertVary(r);
        }
    }

    @Test
    default void ifRangeWithACodedVariantsTagGetsTheWholeBody() throws Exception {
        byte[] text = Payloads.text(ContractResource.VALIDATOR_SIZE, 0);
        HttpResponse<byte[]> full = wire().get("contract/validators/range", "gzip");
        String coded = header(full, "ETag");
        // A client resuming the gzip body it holds: a range of the application's bytes would corrupt it.
        HttpResponse<byte[]> resumed = wire().get("contract/validators/range", "gzip", "Range", "bytes=100-10099",
                "If-Range", coded);
        assertEquals(200, resumed.statusCode(), "If-Range names the coded variant: the whole body");
        assertNull(header(resumed, "Content-Range"));
        assertEquals("gzip", header(resumed, "Content-Encoding"));
        assertArrayEquals(text, gunzip(resumed.body()));
        gzipLevel(header(resumed, "ETag"));
        assertNotEquals(OWN, coded);
        gzipLevel(coded);
    }

    @Test
    default void aRangeRequestAnsweredInFullIsEncodedAsUsual() throws Exception {
        byte[] text = Payloads.text(ContractResource.VALIDATOR_SIZE, 0);
        HttpResponse<byte[]> r = wire().get("contract/validators/range-ignored", "gzip", "Range", "bytes=0-99");
        assertEquals(200, r.statusCode(), "the runtime does not cut a range out of a resource's response");
        assertNull(header(r, "Content-Range"));
        assertEquals("gzip", header(r, "Content-Encoding"));
        assertArrayEquals(text, gunzip(r.body()));
        gzipLevel(header(r, "ETag"));
    }
}
