package dev.restcompress.codec.gzip;

import dev.restcompress.config.CompressionSettings;
import dev.restcompress.codec.Codec;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import dev.restcompress.config.CompressionSettings;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.restcompress.config.CompressionSettings;
import org.junit.jupiter.api.Test;

/**
 * The gzip engine this JVM chose: libdeflate normally; the JDK in the build's fallback run, where
 * {@code rest-compress.native.library-name} names a library that does not exist.
 */
class EngineSelectionTest {
    @Test
    void gzipEngineIsTheExpectedOne() {
        String expected = System.getProperty("rest-compress.test.expected-gzip-engine", "libdeflate");
        assertEquals("gzip (" + expected + ")", new GzipProvider().description());
        Codec gzip = CompressionSettings.fromSystemProperties().createRegistry().forCoding("gzip");
        if (expected.equals("JDK")) {
            assertInstanceOf(JdkGzipCodec.class, gzip);
        } else {
            assertInstanceOf(LibdeflateGzipCodec.class, gzip);
        }
    }
}
