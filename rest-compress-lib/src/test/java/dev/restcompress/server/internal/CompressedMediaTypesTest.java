package dev.restcompress.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.ws.rs.core.MediaType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which media types are already compressed (never encoded again), one line per type. */
class CompressedMediaTypesTest {
    @ParameterizedTest
    @CsvSource({
        "image/png, true", "image/jpeg, true", "IMAGE/WEBP, true", "image/svg+xml, false", "image/bmp, false",
        "image/x-icon, false", "video/mp4, true", "audio/ogg, true", "font/woff, true", "font/woff2, true",
        "font/ttf, false", "application/zip, true", "application/gzip, true", "application/zstd, true",
        "application/pdf, true", "application/json, false", "application/xml, false", "text/plain, false",
        "text/event-stream, false", "application/octet-stream, false",
    })
    void isCompressed(String type, boolean compressed) {
        assertEquals(compressed, CompressedMediaTypes.isCompressed(MediaType.valueOf(type)), type);
    }

    @Test
    void noTypeIsNotCompressed() {
        assertEquals(false, CompressedMediaTypes.isCompressed(null));
    }
}
