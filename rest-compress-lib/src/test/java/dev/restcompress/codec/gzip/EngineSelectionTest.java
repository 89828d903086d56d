package dev.restcompress.codec.gzip;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.nativelib.LibdeflateLoader;
import org.junit.jupiter.api.Test;

/**
 * The gzip engine this JVM chose: the bundled libdeflate normally; the JDK in the build's fallback
 * run, which asks for the system libdeflate ({@code rest-compress.native.libdeflate=system}) under
 * a {@code rest-compress.native.library-name} that does not exist.
 */
class EngineSelectionTest {
    @Test
    void gzipEngineIsTheExpectedOne() {
        String expected = System.getProperty("rest-compress.test.expected-gzip-engine", "libdeflate");
        Codec gzip = CompressionSettings.fromSystemProperties().createRegistry().forCoding("gzip");
        if (expected.equals("JDK")) {
            assertEquals("gzip (JDK)", new GzipProvider().description());
            assertInstanceOf(JdkGzipCodec.class, gzip);
            // The fallback happened for the reason the build arranged, not another one.
            LibdeflateLoader loader = LibdeflateLoader.system();
            assertFalse(loader.isAvailable());
            String missing = System.getProperty(LibdeflateLoader.LIBRARY_NAME_PROPERTY);
            assertTrue(loader.reason().contains("dlopen(" + missing + ")"), loader.reason());
        } else {
            assertEquals("gzip (libdeflate 1.23 bundled)", new GzipProvider().description());
            assertInstanceOf(LibdeflateGzipCodec.class, gzip);
        }
    }
}
