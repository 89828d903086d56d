package dev.restcompress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The levels of the dictionary codings: the measured defaults (level 12 for dcz, the level
 * at which small JSON bodies reach half of gzip-6's bytes), values taken as given, and out-of-range
 * values refused with a message naming the key.
 */
class DictionarySettingsTest {
    static DictionarySettings with(String key, String value) {
        return DictionarySettings.from(Map.<String, Object>of(key, value)::get);
    }

    @Test
    void defaultsAreTheMeasuredLevels() {
        DictionarySettings defaults = DictionarySettings.from(key -> null);
        assertEquals(12, defaults.dczLevel());
        assertEquals(DictionarySettings.DEFAULT_DCZ_LEVEL, defaults.dczLevel());
        assertEquals(5, defaults.dcbLevel());
        assertEquals(256, defaults.threshold());
    }

    @Test
    void levelsAreTakenAsGiven() {
        assertEquals(3, with(DictionarySettings.DCZ_LEVEL, "3").dczLevel());
        assertEquals(19, with(DictionarySettings.DCZ_LEVEL, " 19 ").dczLevel());
        assertEquals(11, with(DictionarySettings.DCB_LEVEL, "11").dcbLevel());
        assertEquals(0, with(DictionarySettings.DCB_LEVEL, "0").dcbLevel());
    }

    @Test
    void outOfRangeLevelsFailNamingTheKey() {
        for (String bad : List.of("0", "20", "-1", "three")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> with(DictionarySettings.DCZ_LEVEL, bad), bad);
            assertTrue(e.getMessage().contains(DictionarySettings.DCZ_LEVEL), e.getMessage());
        }
        for (String bad : List.of("-1", "12")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> with(DictionarySettings.DCB_LEVEL, bad), bad);
            assertTrue(e.getMessage().contains(DictionarySettings.DCB_LEVEL), e.getMessage());
        }
    }
}
