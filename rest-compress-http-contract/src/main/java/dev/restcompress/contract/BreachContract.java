package dev.restcompress.contract;

import static dev.restcompress.contract.Wire.gunzip;
import static dev.restcompress.contract.Wire.header;
import static dev.restcompress.contract.Wire.tokens;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.Payloads;
import java.net.http.HttpResponse;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * BREACH on the wire, with the default {@code rest-compress.breach.protect=credentialed}. An unmarked
 * method answers a request carrying ambient credentials ({@code Cookie}, {@code Authorization: Basic})
 * by the strict rule below and varies it on {@code Sec-Fetch-Site}; every other request exactly as with
 * the policy off (the decision table, {@link #unmarkedMethodFollowsTheDecisionTable}). A method marked
 * {@code @CarriesSecrets} answers a cross-site request ({@code Sec-Fetch-Site: cross-site}) unencoded,
 * a same-origin one compressed, one without fetch metadata compressed with random padding (so two
 * identical requests get different lengths, both decoding to the same body), and every answer varies
 * on {@code Sec-Fetch-Site}. The attack itself runs in the library's BreachAttackTest.
 * Part of {@link HttpContract}, which every runtime's contract test extends. Bounded in time.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public interface BreachContract extends ContractPart {
    /** The marked method's body size: well above the threshold. */
    int BREACH_SIZE = 20_000;

    private void assertVariesOnFetchSite(HttpResponse<?> r) {
        assertVary(r);
        assertTrue(tokens(r, "Vary").contains("sec-fetch-site"),
                "Vary must name Sec-Fetch-Site, was " + r.headers().allValues("Vary"));
    }

    @Test
    default void markedMethodAnswersCrossSiteRequestsUnencoded() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/breach/secret?size=" + BREACH_SIZE, "gzip",
                "Sec-Fetch-Site", "cross-site");
        assertEquals(200, r.statusCode());
        assertNull(header(r, "Content-Encoding"), "a cross-site request must not get a compressed secret");
        assertVariesOnFetchSite(r);
        assertArrayEquals(Payloads.text(BREACH_SIZE, 0), r.body());
    }

    @Test
    default void markedMethodCompressesSameOriginRequests() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/breach/secret?size=" + BREACH_SIZE, "gzip",
                "Sec-Fetch-Site", "same-origin");
        assertEquals(200, r.statusCode());
        assertEquals("gzip", header(r, "Content-Encoding"));
        assertVariesOnFetchSite(r);
        assertExactLength(r);
        assertArrayEquals(Payloads.text(BREACH_SIZE, 0), gunzip(r.body()));
    }

    /**
     * A marked method that answers {@code If-None-Match} itself ({@code Request.evaluatePreconditions}):
     * each 304 carries the tag that request's 200 carries, whether the application answered it or the
     * library did: the application's own tag for a cross-site request (sent unencoded), the variant's for
     * a same-origin one, the application's tag made weak for one without fetch metadata (padded).
     */
    @Test
    default void markedMethodsNotModifiedCarriesTheTagItsAnswerWould() throws Exception {
        String appTag = "\"" + ContractResource.ETAG + "\"";
        for (String site : new String[] {"cross-site", "same-origin", null}) {
            String[] fetch = site == null ? new String[0] : new String[] {"Sec-Fetch-Site", site};
            HttpResponse<byte[]> ok = wire().get("contract/breach/etag", "gzip", fetch);
            assertEquals(200, ok.statusCode(), "Sec-Fetch-Site " + site);
            String tag = header(ok, "ETag");
            byte[] body = "gzip".equals(header(ok, "Content-Encoding")) ? gunzip(ok.body()) : ok.body();
            assertArrayEquals(Payloads.text(ContractResource.BREACH_TAGGED_SIZE, 0), body, "Sec-Fetch-Site " + site);
            if ("cross-site".equals(site)) {
                assertNull(header(ok, "Content-Encoding"), "cross-site: unencoded");
                assertEquals(appTag, tag, "cross-site: the identity representation's tag");
            } else if (site == null) {
                assertEquals("W/" + appTag, tag, "no fetch metadata: padded, so weak");
            } else {
                assertEquals("gzip", header(ok, "Content-Encoding"));
                assertTrue(tag.startsWith("\"" + ContractResource.ETAG + "-gzip"), "same-origin: the variant's tag, was " + tag);
            }
            // The client revalidates with the tag it holds (the application answers a bare match itself)
            // and with the application's own tag (which the application always answers itself).
            for (String held : new String[] {tag, appTag}) {
                String[] headers = java.util.stream.Stream.concat(java.util.Arrays.stream(fetch),
                        java.util.stream.Stream.of("If-None-Match", held)).toArray(String[]::new);
                HttpResponse<byte[]> notModified = wire().get("contract/breach/etag", "gzip", headers);
                String what = "Sec-Fetch-Site " + site + ", If-None-Match " + held;
                assertEquals(304, notModified.statusCode(), what);
                assertEquals(tag, header(notModified, "ETag"), what + ": the 304 carries the 200's tag");
                assertVariesOnFetchSite(notModified);
            }
        }
    }

    /** Identical requests without fetch metadata are padded: their lengths differ, their bodies decode alike. */
    @Test
    default void markedMethodPadsRequestsWithoutFetchMetadata() throws Exception {
        // Padding lengths are drawn from the server's SecureRandom, which no contract can seed: the test asks
        // until two lengths differ, at most 32 times. A correct build fails only if 32 draws of 0..256 all
        // agree: 257^-31, below 1e-74 per run; a broken one (no padding, a fixed length) fails every time.
        Set<Integer> lengths = new HashSet<>();
        for (int i = 0; i < 32 && lengths.size() < 2; i++) {
            HttpResponse<byte[]> r = wire().get("contract/breach/secret?size=" + BREACH_SIZE, "gzip");
            assertEquals(200, r.statusCode());
            assertEquals("gzip", header(r, "Content-Encoding"));
            assertVariesOnFetchSite(r);
            assertExactLength(r);
            assertArrayEquals(Payloads.text(BREACH_SIZE, 0), gunzip(r.body()), "padding must be skipped");
            lengths.add(r.body().length);
        }
        assertTrue(lengths.size() > 1, "identical requests must get different lengths, got " + lengths);
    }

    /**
     * The default's decision table on an unmarked, tagged method, one row per request class: whether the
     * request carries ambient credentials, its {@code Sec-Fetch-Site}, what it gets (gzip, padded gzip or
     * unencoded), whether the answer varies on {@code Sec-Fetch-Site}, and the tag; then each 304 on
     * revalidation carries the 200's tag and Vary.
     */
    @Test
    default void unmarkedMethodFollowsTheDecisionTable() throws Exception {
        String appTag = "\"" + ContractResource.ETAG + "\"";
        String[][] table = {
            // Cookie, Authorization, Sec-Fetch-Site, answer
            {null, null, "cross-site", "gzip"},
            {null, null, null, "gzip"},
            {null, null, "same-origin", "gzip"},
            {null, "Bearer abc", "cross-site", "gzip"},
            {"session=victim", null, "cross-site", "identity"},
            {"session=victim", null, "bogus", "identity"},
            {"session=victim", null, "same-origin", "gzip"},
            {"session=victim", null, "same-site", "gzip"},
            {"session=victim", null, "none", "gzip"},
            {"session=victim", null, null, "padded"},
            {null, "Basic dTpw", "cross-site", "identity"},
            {null, "Basic dTpw", "same-origin", "gzip"},
        };
        for (String[] row : table) {
            java.util.List<String> request = new java.util.ArrayList<>();
            for (int i = 0; i < 3; i++) {
                if (row[i] != null) {
                    request.add(new String[] {"Cookie", "Authorization", "Sec-Fetch-Site"}[i]);
                    request.add(row[i]);
                }
            }
            String what = "Cookie " + row[0] + ", Authorization " + row[1] + ", Sec-Fetch-Site " + row[2];
            boolean guarded = row[0] != null || row[1] != null && row[1].startsWith("Basic");
            HttpResponse<byte[]> ok = wire().get("contract/breach/unmarked", "gzip", request.toArray(String[]::new));
            assertEquals(200, ok.statusCode(), what);
            assertVary(ok);
            assertEquals(guarded, tokens(ok, "Vary").contains("sec-fetch-site"),
                    what + ": Vary: Sec-Fetch-Site on guarded answers only, was " + ok.headers().allValues("Vary"));
            String tag = header(ok, "ETag");
            switch (row[3]) {
                case "identity" -> {
                    assertNull(header(ok, "Content-Encoding"), what + ": unencoded");
                    assertArrayEquals(Payloads.text(ContractResource.BREACH_TAGGED_SIZE, 0), ok.body(), what);
                    assertEquals(appTag, tag, what + ": the identity representation's tag");
                }
                case "padded" -> {
                    assertEquals("gzip", header(ok, "Content-Encoding"), what);
                    assertArrayEquals(Payloads.text(ContractResource.BREACH_TAGGED_SIZE, 0), gunzip(ok.body()), what);
                    assertEquals("W/" + appTag, tag, what + ": padded, so weak");
                }
                default -> {
                    assertEquals("gzip", header(ok, "Content-Encoding"), what);
                    assertExactLength(ok);
                    assertArrayEquals(Payloads.text(ContractResource.BREACH_TAGGED_SIZE, 0), gunzip(ok.body()), what);
                    assertTrue(tag.startsWith("\"" + ContractResource.ETAG + "-gzip"), what + ": the variant's tag, was " + tag);
                }
            }
            request.add("If-None-Match");
            request.add(tag);
            HttpResponse<byte[]> notModified = wire().get("contract/breach/unmarked", "gzip",
                    request.toArray(String[]::new));
            assertEquals(304, notModified.statusCode(), what + ", If-None-Match " + tag);
            assertEquals(tag, header(notModified, "ETag"), what + ": the 304 carries the 200's tag");
            assertEquals(guarded, tokens(notModified, "Vary").contains("sec-fetch-site"), what + ": the 304's Vary");
        }
    }

    /** An unguarded answer is the same bytes whichever Sec-Fetch-Site it names: nothing to protect. */
    @Test
    default void unmarkedMethodCompressesCredentialLessRequestsAlike() throws Exception {
        HttpResponse<byte[]> same = wire().get("contract/breach/unmarked", "gzip", "Sec-Fetch-Site", "same-origin");
        HttpResponse<byte[]> cross = wire().get("contract/breach/unmarked", "gzip", "Sec-Fetch-Site", "cross-site");
        HttpResponse<byte[]> none = wire().get("contract/breach/unmarked", "gzip");
        assertArrayEquals(same.body(), cross.body(), "cross-site without credentials: as same-origin");
        assertArrayEquals(same.body(), none.body(), "no fetch metadata without credentials: as same-origin");
        assertEquals(header(same, "ETag"), header(cross, "ETag"));
    }
}
