package dev.restcompress.codec.brotli;

import com.aayushatharva.brotli4j.Brotli4jLoader;

/**
 * Asks brotli4j whether its native library loaded. Kept apart from {@link BrotliProvider} so that
 * this class, which links against brotli4j, is loaded only after brotli4j was found.
 */
final class BrotliProbe {
    private BrotliProbe() {
    }

    /** {@code null} when brotli4j's native library is loaded, otherwise the reason it is not. */
    static Throwable unavailabilityCause() {
        return Brotli4jLoader.isAvailable() ? null : Brotli4jLoader.getUnavailabilityCause();
    }
}
