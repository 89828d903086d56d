package dev.restcompress.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How long a received dictionary may be used: Cache-Control max-age, nothing when not cacheable. */
class FreshnessLifetimeTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "max-age=60|60", "public, max-age=2592000|2592000", "max-age=\"30\"|30", "MAX-AGE=5|5",
        "no-store, max-age=60|0", "max-age=60, no-cache|0", "max-age=abc|0", "max-age=-5|0", "private|0",
        "max-age=10;max-age=20|20"})
    void maxAge(String header, long seconds) {
        List<String> values = Arrays.asList(header.split(";"));
        assertEquals(seconds, FreshnessLifetime.maxAgeSeconds(values), header);
    }

    @ParameterizedTest
    @CsvSource({"0"})
    void noHeaderIsNotFresh(long seconds) {
        assertEquals(seconds, FreshnessLifetime.maxAgeSeconds(null));
    }
}
