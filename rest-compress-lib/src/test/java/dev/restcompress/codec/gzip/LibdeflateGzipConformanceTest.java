package dev.restcompress.codec.gzip;

import dev.restcompress.codec.CodecConformanceTest;
import java.util.zip.GZIPInputStream;

/** The native gzip codec against the conformance suite, decoded by the JDK and gzip(1) as references. */
class LibdeflateGzipConformanceTest extends CodecConformanceTest {
    LibdeflateGzipConformanceTest() {
        super(new LibdeflateGzipCodec(6, 1), GZIPInputStream::new, "gzip", "-d", "-c");
    }
}
