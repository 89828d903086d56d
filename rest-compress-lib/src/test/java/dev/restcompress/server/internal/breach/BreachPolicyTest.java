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

    @ParameterizedTest(name = "protect={0} marked={1} Sec-Fetch-Site={2} {3} -> {4}")
    @CsvSource(nullValues = "null", value = {
        "marked, true,  cross-site,  gzip, IDENTITY",
        "marked, true,  Cross-Site,  gzip, IDENTITY",
        "marked, true,  bogus,       gzip, IDENTITY",
        "marked, true,  same-origin, gzip, ENCODE",
        "marked, true,  same-site,   gzip, ENCODE",
        "marked, true,  none,        gzip, ENCODE",
        "marked, true,  null,        gzip, PAD",
        "marked, true,  null,        zstd, PAD",
        "marked, true,  null,        br,   PAD",
        "marked, true,  null,        lzf,  IDENTITY",
        "marked, false, cross-site,  gzip, ENCODE",
        "marked, false, null,        gzip, ENCODE",
        "all,    false, cross-site,  gzip, IDENTITY",
        "all,    false, null,        gzip, PAD",
        "off,    true,  cross-site,  gzip, ENCODE",
        "off,    true,  null,        gzip, ENCODE",
    })
    void decides(String protect, boolean marked, String site, String coding, Decision expected) {
        assertEquals(expected, policy(protect, 256, marked).decide(site, coding, false));
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

    @Test
    void paddingLengthsAreFreshAndInRange() {
        BreachPolicy p = policy("marked", 16, true);
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
