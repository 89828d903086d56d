package dev.restcompress.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.junit.jupiter.api.Test;

/**
 * The gzip engine this JVM chose: libdeflate normally; the JDK in the build's fallback run, where
 * {@code rest-compress.native.library-name} names a library that does not exist.
 */
class EngineSelectionTest {
    @Test
    void gzipEngineIsTheExpectedOne() {
        String expected = System.getProperty("rest-compress.test.expected-gzip-engine", "libdeflate");
        CodecRegistry registry = CodecRegistry.standard(6, 1);
        assertEquals(expected, registry.gzipEngine());
        Codec gzip = registry.forCoding("gzip");
        if (expected.equals("JDK")) {
            assertInstanceOf(JdkGzipCodec.class, gzip);
        } else {
            assertInstanceOf(LibdeflateGzipCodec.class, gzip);
        }
    }
}
