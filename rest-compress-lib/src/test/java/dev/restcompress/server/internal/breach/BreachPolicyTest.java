package dev.restcompress.server.internal.breach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.annotation.CarriesSecrets;
import dev.restcompress.annotation.Compress;
import dev.restcompress.config.BreachSettings;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.server.internal.breach.BreachPolicy.Decision;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The BREACH decision per setting, mark and {@code Sec-Fetch-Site} value, one row per case. */
class BreachPolicyTest {
    static BreachPolicy policy(String protect, int padding, boolean marked) {
        return BreachPolicy.of(BreachSettings.from(Map.of(BreachSettings.PROTECT, protect,
                BreachSettings.PADDING, padding)::get), marked);
    }

    /** The answer to a request: ENCODE when the response is not guarded, else the guarded decision. */
    static String answer(BreachPolicy policy, String cookie, String authorization, String site, String coding) {
        Map<String, String> headers = new java.util.HashMap<>();
        headers.put("Cookie", cookie);
        headers.put("Authorization", authorization);
        headers.put("Sec-Fetch-Site", site);
        boolean guarded = policy.guards(headers::get);
        return (guarded ? policy.decide(site, coding, false) : Decision.ENCODE) + (guarded ? " vary" : "");
    }

    /**
     * The decision table: protect, mark, ambient credentials ({@code Cookie}, {@code Authorization}),
     * {@code Sec-Fetch-Site} and coding give the answer, and whether the response varies on
     * {@code Sec-Fetch-Site}. The default ({@code credentialed}) first.
     */
    @ParameterizedTest(name = "protect={0} marked={1} Cookie={2} Authorization={3} Sec-Fetch-Site={4} {5} -> {6}")
    @CsvSource(nullValues = "null", value = {
        // credentialed, unmarked: no ambient credentials, no guard, whatever the site says
        "credentialed, false, null,      null,             cross-site,  gzip, ENCODE",
        "credentialed, false, null,      null,             cross-site,  dcz,  ENCODE",
        "credentialed, false, null,      null,             null,        gzip, ENCODE",
        "credentialed, false, null,      null,             same-origin, gzip, ENCODE",
        "credentialed, false, null,      Bearer abc,       cross-site,  gzip, ENCODE",
        "credentialed, false, null,      DPoP abc,         null,        gzip, ENCODE",
        "credentialed, false, '  ',      null,             cross-site,  gzip, ENCODE",
        // a cookie: guarded
        "credentialed, false, sid=1,     null,             cross-site,  gzip, IDENTITY vary",
        "credentialed, false, sid=1,     null,             cross-site,  br,   IDENTITY vary",
        "credentialed, false, sid=1,     null,             cross-site,  zstd, IDENTITY vary",
        "credentialed, false, sid=1,     null,             cross-site,  dcz,  IDENTITY vary",
        "credentialed, false, sid=1,     null,             cross-site,  dcb,  IDENTITY vary",
        "credentialed, false, sid=1,     null,             Cross-Site,  gzip, IDENTITY vary",
        "credentialed, false, sid=1,     null,             bogus,       gzip, IDENTITY vary",
        "credentialed, false, sid=1,     null,             '',          gzip, IDENTITY vary",
        "credentialed, false, sid=1,     null,             same-origin, gzip, ENCODE vary",
        "credentialed, false, sid=1,     null,             same-origin, dcz,  ENCODE vary",
        "credentialed, false, sid=1,     null,             same-site,   gzip, ENCODE vary",
        "credentialed, false, sid=1,     null,             none,        gzip, ENCODE vary",
        "credentialed, false, sid=1,     null,             null,        gzip, PAD vary",
        "credentialed, false, sid=1,     null,             null,        zstd, PAD vary",
        "credentialed, false, sid=1,     null,             null,        br,   PAD vary",
        "credentialed, false, sid=1,     null,             null,        dcz,  IDENTITY vary",
        "credentialed, false, sid=1,     null,             null,        dcb,  IDENTITY vary",
        "credentialed, false, sid=1,     null,             null,        lzf,  IDENTITY vary",
        // HTTP authentication a browser repeats by itself: guarded; with a cookie too
        "credentialed, false, null,      Basic dTpw,       cross-site,  gzip, IDENTITY vary",
        "credentialed, false, null,      basic dTpw,       cross-site,  gzip, IDENTITY vary",
        "credentialed, false, null,      Digest u=\"a\", cross-site,  gzip, IDENTITY vary",
        "credentialed, false, null,      Negotiate YII,    cross-site,  gzip, IDENTITY vary",
        "credentialed, false, null,      NTLM TlRM,        null,        gzip, PAD vary",
        "credentialed, false, null,      Basic dTpw,       same-origin, gzip, ENCODE vary",
        "credentialed, false, sid=1,     Bearer abc,       cross-site,  gzip, IDENTITY vary",
        // credentialed, marked: the strict rule, credentials or not
        "credentialed, true,  null,      null,             cross-site,  gzip, IDENTITY vary",
        "credentialed, true,  null,      null,             null,        gzip, PAD vary",
        "credentialed, true,  null,      null,             same-origin, gzip, ENCODE vary",
        // marked: only marked methods, credentials or not
        "marked,       true,  null,      null,             cross-site,  gzip, IDENTITY vary",
        "marked,       true,  null,      null,             Cross-Site,  gzip, IDENTITY vary",
        "marked,       true,  null,      null,             bogus,       gzip, IDENTITY vary",
        "marked,       true,  null,      null,             same-origin, gzip, ENCODE vary",
        "marked,       true,  null,      null,             same-site,   gzip, ENCODE vary",
        "marked,       true,  null,      null,             none,        gzip, ENCODE vary",
        "marked,       true,  null,      null,             null,        gzip, PAD vary",
        "marked,       true,  null,      null,             null,        zstd, PAD vary",
        "marked,       true,  null,      null,             null,        br,   PAD vary",
        "marked,       true,  null,      null,             null,        lzf,  IDENTITY vary",
        "marked,       false, sid=1,     null,             cross-site,  gzip, ENCODE",
        "marked,       false, null,      null,             null,        gzip, ENCODE",
        "all,          false, null,      null,             cross-site,  gzip, IDENTITY vary",
        "all,          false, null,      null,             null,        gzip, PAD vary",
        "off,          true,  sid=1,     null,             cross-site,  gzip, ENCODE",
        "off,          true,  sid=1,     null,             null,        gzip, ENCODE",
    })
    void decides(String protect, boolean marked, String cookie, String authorization, String site, String coding,
            String expected) {
        assertEquals(expected, answer(policy(protect, 256, marked), cookie, authorization, site, coding));
    }

    @Test
    void credentialedIsTheDefault() {
        BreachSettings defaults = BreachSettings.from(Map.<String, Object>of()::get);
        assertEquals(BreachSettings.Protect.CREDENTIALED, defaults.protect());
        BreachPolicy unmarked = BreachPolicy.of(defaults, false);
        assertEquals("IDENTITY vary", answer(unmarked, "sid=1", null, "cross-site", "gzip"));
        assertEquals("ENCODE", answer(unmarked, null, null, "cross-site", "gzip"));
    }

    /** A seeded source makes the padding lengths exactly those of the seed's stream. */
    @Test
    void paddingLengthsComeFromTheConfiguredSource() {
        BreachPolicy p = BreachPolicy.of(BreachSettings.from(Map.<String, Object>of(BreachSettings.PROTECT, "all",
                BreachSettings.PADDING, 256, BreachSettings.RANDOM, new java.util.Random(42))::get), false);
        java.util.Random same = new java.util.Random(42);
        for (int i = 0; i < 100; i++) {
            assertEquals(same.nextInt(257), p.paddingLength(), "draw " + i);
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BreachSettings.from(Map.<String, Object>of(BreachSettings.RANDOM, "42")::get));
        assertTrue(e.getMessage().contains(BreachSettings.RANDOM), e.getMessage());
    }

    @Test
    void streamedBodiesCannotBePaddedSoGoOutUnencoded() {
        assertEquals(Decision.IDENTITY, policy("marked", 256, true).decide(null, "gzip", true));
        assertEquals(Decision.ENCODE, policy("marked", 256, true).decide("same-origin", "gzip", true));
    }

    @Test
    void paddingZeroCompressesRequestsWithoutMetadataAsUsual() {
        assertEquals(Decision.ENCODE, policy("marked", 0, true).decide(null, "lzf", false));
        assertEquals(Decision.IDENTITY, policy("marked", 0, true).decide("cross-site", "gzip", false));
    }

    /** Seeded: with the production SecureRandom a missing length had probability 17 (16/17)^2000, about 1e-51. */
    @Test
    void paddingLengthsAreFreshAndInRange() {
        BreachPolicy p = BreachPolicy.of(BreachSettings.from(Map.<String, Object>of(BreachSettings.PROTECT, "marked",
                BreachSettings.PADDING, 16, BreachSettings.RANDOM, new java.util.Random(7))::get), true);
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 2000; i++) {
            int n = p.paddingLength();
            assertTrue(n >= 0 && n <= 16, "padding " + n);
            seen.add(n);
        }
        assertEquals(17, seen.size(), "every length from 0 to 16 drawn: " + seen);
    }

    @Test
    void unprotectedMethodsShareOnePolicyAndDoNotVary() {
        assertSame(BreachPolicy.NONE, policy("marked", 256, false));
        assertFalse(BreachPolicy.NONE.protects());
        assertTrue(policy("marked", 256, true).protects());
        assertTrue(policy("marked", 256, true).guards(h -> null), "a marked method guards every request");
        assertFalse(policy("credentialed", 256, false).guards(h -> null), "no credentials, no guard");
    }

    @Test
    void invalidSettingsFailNamingKeyAndValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CompressionSettings.from(Map.<String, Object>of(BreachSettings.PROTECT, "sometimes")::get));
        assertTrue(e.getMessage().contains(BreachSettings.PROTECT) && e.getMessage().contains("sometimes"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> CompressionSettings.from(Map.<String, Object>of(BreachSettings.PADDING, 70_000)::get));
        assertTrue(e.getMessage().contains(BreachSettings.PADDING) && e.getMessage().contains("65531"), e.getMessage());
    }

    @Compress
    @CarriesSecrets
    public String marked() {
        return "";
    }

    @Compress
    public String unmarked() {
        return "";
    }

    @CarriesSecrets
    static class MarkedClass {
        @Compress
        public String method() {
            return "";
        }
    }

    @Test
    void theMarkIsReadFromTheMethodOrItsClass() throws Exception {
        assertTrue(BreachPolicy.marked(BreachPolicyTest.class, BreachPolicyTest.class.getMethod("marked")));
        assertFalse(BreachPolicy.marked(BreachPolicyTest.class, BreachPolicyTest.class.getMethod("unmarked")));
        assertTrue(BreachPolicy.marked(MarkedClass.class, MarkedClass.class.getMethod("method")));
    }
}
