package dev.restcompress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings a user got wrong are said, never swallowed: typos warn with the nearest key, bad values fail. */
class MisconfigurationTest {

    static CompressionSettings of(Map<String, Object> props) {
        return CompressionSettings.from(props::get);
    }

    @Test
    void aTypoInAKeyNamesTheNearestValidKey() {
        List<String> messages = CompressionSettings.unknownKeys(List.of("rest-compress.treshold",
                "rest-compress.zstd.levle", "rest-compress.threshold", "other.key", "rest-compress.gzip.engine"));
        assertEquals(List.of(
                "unknown setting 'rest-compress.treshold' (did you mean 'rest-compress.threshold'?)",
                "unknown setting 'rest-compress.zstd.levle' (did you mean 'rest-compress.zstd.level'?)"), messages);
    }

    @Test
    void everyKeyTheSettingsReadIsKnown() {
        assertEquals(List.of(), CompressionSettings.unknownKeys(CompressionSettings.keys()));
    }

    @Test
    void anUnknownCodingInThePreferenceFails() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> of(Map.of(CompressionSettings.PREFERENCE, "zstd, xz, gzip")));
        assertTrue(e.getMessage().contains("rest-compress.preference") && e.getMessage().contains("'xz'"), e.getMessage());
    }

    @Test
    void aLevelOutOfItsRangeNamesKeyRangeAndValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> of(Map.of("rest-compress.zstd.level", 23)));
        assertEquals("rest-compress.zstd.level must be from 1 to 22, was 23", e.getMessage());
    }

    @Test
    void theLiveDecoderBoundIsAtLeastOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> of(Map.of(CompressionSettings.MAX_LIVE_DECODERS, 0)));
        assertEquals("rest-compress.max-live-decoders must be from 1 to 1000000, was 0", e.getMessage());
        assertEquals(3, of(Map.of(CompressionSettings.MAX_LIVE_DECODERS, "3")).maxLiveDecoders());
        assertEquals(64, of(Map.of()).maxLiveDecoders(), "the documented default");
    }
}
