package dev.restcompress.codec.gzip;

import dev.restcompress.codec.CodecConformanceTest;
import dev.restcompress.codec.Codec;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/** The native gzip codec against the conformance suite, decoded by the JDK as the reference. */
class LibdeflateGzipConformanceTest extends CodecConformanceTest {
    private static final LibdeflateGzipCodec CODEC = new LibdeflateGzipCodec(6, 1);

    @Override
    protected Codec codec() {
        return CODEC;
    }

    @Override
    protected java.util.List<String> referenceTool() {
        return java.util.List.of("gzip", "-d", "-c");
    }

    @Override
    protected InputStream referenceDecoder(InputStream in) throws IOException {
        return new GZIPInputStream(in);
    }
}
