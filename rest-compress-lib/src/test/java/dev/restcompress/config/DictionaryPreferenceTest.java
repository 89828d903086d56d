package dev.restcompress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code rest-compress.dictionary.preference}: which of dcz and dcb wins a tie of the client's weights. */
class DictionaryPreferenceTest {
    static DictionarySettings with(String value) {
        return DictionarySettings.from(Map.<String, Object>of(DictionarySettings.PREFERENCE, value)::get);
    }

    @Test
    void dczFirstByDefault() {
        assertEquals(List.of("dcz", "dcb"), DictionarySettings.from(key -> null).preference());
    }

    @Test
    void orderIsTakenAndMissingCodingsFollow() {
        assertEquals(List.of("dcb", "dcz"), with("dcb,dcz").preference());
        assertEquals(List.of("dcb", "dcz"), with(" DCB ").preference());
        assertEquals(List.of("dcz", "dcb"), with("dcz").preference());
    }

    @Test
    void anythingElseFailsNamingTheKey() {
        for (String bad : List.of("gzip", "dcz,dcz", "", "dcb;dcz")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> with(bad), bad);
            assertTrue(e.getMessage().contains(DictionarySettings.PREFERENCE), e.getMessage());
        }
    }

    @Test
    void theKeyIsKnown() {
        assertTrue(CompressionSettings.keys().contains(DictionarySettings.PREFERENCE));
    }
}
