package dev.restcompress.dictionary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The RFC 9842 headers as structured fields: what parses, what is ignored (null), what is produced. */
class DictionaryHeadersTest {
    static final String WPT_HASH = ":U5abz16WDg7b8KS93msLPpOB4Vbef1uRzoORYkJw9BY=:";

    @Test
    void availableDictionaryIsA32ByteSequence() {
        byte[] hash = DictionaryHeaders.parseAvailableDictionary(WPT_HASH);
        assertEquals(32, hash.length);
        assertEquals(WPT_HASH, DictionaryHeaders.formatByteSequence(hash));
        assertArrayEquals(hash, DictionaryHeaders.parseAvailableDictionary("  " + WPT_HASH + ";x=1 "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "U5abz16WDg7b8KS93msLPpOB4Vbef1uRzoORYkJw9BY=", ":U5abz16WDg7b8KS93msLPpOB4Vbef1uRzoORYkJw9BY=",
        ":AAAA:", ":not base64!:", "\"" + "abc" + "\"", ":U5abz16WDg7b8KS93msLPpOB4Vbef1uRzoORYkJw9BYAAAA=:"})
    void invalidAvailableDictionaryIsIgnored(String value) {
        assertNull(DictionaryHeaders.parseAvailableDictionary(value), value);
    }

    @Test
    void stringsAreEscapedAndUnescaped() {
        assertEquals("\"a\\\"b\\\\c\"", DictionaryHeaders.formatString("a\"b\\c"));
        assertEquals("a\"b\\c", DictionaryHeaders.parseString("\"a\\\"b\\\\c\""));
        assertEquals("orders-v1", DictionaryHeaders.parseDictionaryId("\"orders-v1\""));
        assertThrows(IllegalArgumentException.class, () -> DictionaryHeaders.formatString("caf\u00e9"));
        assertThrows(IllegalArgumentException.class, () -> DictionaryHeaders.formatString("a\nb"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"orders-v1", "\"unterminated", "\"bad \\n escape\"", "\"a\" trailing", "\"tab\tinside\""})
    void invalidDictionaryIdIsIgnored(String value) {
        assertNull(DictionaryHeaders.parseDictionaryId(value), value);
    }

    @Test
    void dictionaryIdIsAtMost1024Characters() {
        char[] max = new char[1024];
        Arrays.fill(max, 'x');
        String id = new String(max);
        assertEquals(id, DictionaryHeaders.parseDictionaryId("\"" + id + "\""));
        assertNull(DictionaryHeaders.parseDictionaryId("\"" + id + "x\""));
        assertThrows(IllegalArgumentException.class, () -> CompressionDictionary.of("d", new byte[] {1}, "/*", id + "x"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "match=\"/api/orders/*\"|/api/orders/*|",
        "match=\"/api/*\", id=\"v1\"|/api/*|v1",
        "id=\"v1\", match=\"/a,b/*\"|/a,b/*|v1",
        "match=\"/p\", type=raw|/p|",
        "match=\"/p\", match-dest=(\"document\" \"frame\"), future=?1, n=42|/p|",
        "match=\"/p\";param=1 , id=\"x\"|/p|x",
        "match=\"/esc\\\"aped\"|/esc\"aped|"})
    void useAsDictionaryParses(String value, String match, String id) {
        assertEquals(new UseAsDictionary(match, id == null ? "" : id), DictionaryHeaders.parseUseAsDictionary(value));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "id=\"v1\"", "match=/p", "match=\"/p\", type=zstd", "match=\"/p\",", "match=\"/p\" id=\"x\"",
        "Match=\"/p\"", "match=\"\"", "match=\"/p\", type=\"raw\"", "match=\"/p\";=1", "match=\"/p", "match=\"/p\", id=5",
        "match=\"/\u00e9\""})
    void invalidUseAsDictionaryIsIgnored(String value) {
        assertNull(DictionaryHeaders.parseUseAsDictionary(value), value);
    }

    @Test
    void useAsDictionaryRoundTrips() {
        String v = DictionaryHeaders.formatUseAsDictionary("/api/\"x\"/*", "id\\1");
        assertEquals("match=\"/api/\\\"x\\\"/*\", id=\"id\\\\1\"", v);
        assertEquals(new UseAsDictionary("/api/\"x\"/*", "id\\1"), DictionaryHeaders.parseUseAsDictionary(v));
        assertEquals("match=\"/a\"", DictionaryHeaders.formatUseAsDictionary("/a", ""));
    }
}
