package dev.restcompress.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The dictionary model (WPT hash vector, raw-content rule, URL patterns) and the bounded store. */
class CompressionDictionaryTest {
    static CompressionDictionary dict(String text, String match) {
        return CompressionDictionary.of(text, text.getBytes(StandardCharsets.UTF_8), match, "");
    }

    /** The vector of the web-platform-tests for Compression Dictionary Transport. */
    @Test
    void wptDictionaryHash() {
        CompressionDictionary d = dict("This is a test dictionary.\n", "/*");
        assertEquals(":U5abz16WDg7b8KS93msLPpOB4Vbef1uRzoORYkJw9BY=:", d.hashField());
        assertEquals("53969bcf5e960e0edbf0a4bdde6b0b3e9381e156de7f5b91ce8391624270f416", d.hashHex());
        assertEquals("\"sha256-53969bcf5e960e0edbf0a4bdde6b0b3e\"", d.entityTag());
    }

    @Test
    void aTrainedZstdFileIsRefusedButOneBytePrependedIsRawContent() {
        byte[] trained = {0x37, (byte) 0xa4, 0x30, (byte) 0xec, 1, 2, 3, 4};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CompressionDictionary.of("t", trained, "/*", ""));
        assertTrue(e.getMessage().contains("prepend one byte"), e.getMessage());
        byte[] fixed = new byte[trained.length + 1];
        System.arraycopy(trained, 0, fixed, 1, trained.length);
        assertEquals(9, CompressionDictionary.of("t", fixed, "/*", "").size());
        assertThrows(IllegalArgumentException.class, () -> CompressionDictionary.of("e", new byte[0], "/*", ""));
        assertThrows(IllegalArgumentException.class, () -> CompressionDictionary.fromResource("m",
                getClass().getClassLoader(), "/no/such.dict", "/*", ""));
    }

    @ParameterizedTest
    @CsvSource({"/api/*,/api/orders,true", "/api/*,/api/,true", "/api/*,/apx/orders,false", "/api/*/items,/api/7/items,true",
        "/api/*/items,/api/7/items/2,false", "/exact,/exact,true", "/exact,/exact/more,false", "*,/anything,true",
        "https://example.com/a/*,/a/b,true", "/a/*,https://example.com/a/b?q=1,true", "/a*b*c,/aXXbYYc,true",
        "/a*b*c,/aXXbYY,false"})
    void urlPatterns(String pattern, String path, boolean matches) {
        assertEquals(matches, UrlPatterns.matches(pattern, path));
    }

    @Test
    void storeEvictsLeastRecentlyUsedBeyondItsByteCap() {
        DictionaryStore store = new DictionaryStore(30);
        CompressionDictionary a = dict("aaaaaaaaaa", "/a/*");
        CompressionDictionary b = dict("bbbbbbbbbb", "/b/*");
        CompressionDictionary c = dict("cccccccccc", "/c/*");
        store.put(a);
        store.put(b);
        store.put(c);
        assertSame(a, store.get(a.sha256())); // a is now the most recently used
        store.put(dict("dddddddddd", "/d/*"));
        assertNull(store.get(b.sha256()), "b was least recently used");
        assertSame(a, store.get(a.sha256()));
        assertEquals(30, store.bytes());
        assertFalse(store.put(dict("x".repeat(31), "/x")), "larger than the cap");
        assertNull(store.get(new byte[5]));
    }

    @Test
    void storeForgetsExpiredEntriesAndPicksTheLongestMatch() {
        AtomicLong now = new AtomicLong(1000);
        DictionaryStore store = new DictionaryStore(1000, now::get);
        CompressionDictionary wide = dict("wide", "/api/*");
        CompressionDictionary narrow = dict("narrow", "/api/orders/*");
        store.put(wide, 5000);
        store.put(narrow, 2000);
        assertSame(narrow, store.bestMatch("/api/orders/7"));
        assertSame(wide, store.bestMatch("/api/users/7"));
        assertNull(store.bestMatch("/other"));
        now.set(2000);
        assertSame(wide, store.bestMatch("/api/orders/7"), "narrow expired");
        assertNull(store.get(narrow.sha256()));
        assertEquals(wide.size(), store.bytes());
        now.set(6000);
        assertNull(store.get(wide.sha256()));
        assertEquals(0, store.bytes());
    }
}
