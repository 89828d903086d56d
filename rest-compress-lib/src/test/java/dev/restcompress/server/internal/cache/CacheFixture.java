package dev.restcompress.server.internal.cache;

import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import org.junit.jupiter.api.AfterEach;

/**
 * What the cache's tests share: the response headers they look up with, and the cache each test builds,
 * closed after it.
 */
abstract class CacheFixture {
    final MultivaluedMap<String, Object> headers = new MultivaluedHashMap<>();
    /** Set by the test; closed (its upgrader stopped) after it. */
    VariantCache cache;

    @AfterEach
    void close() {
        if (cache != null) {
            cache.close();
        }
    }
}
