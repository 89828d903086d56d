package dev.restcompress.codec.gzip;

import dev.restcompress.codec.CodecConformanceTest;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class JdkGzipCodecTest extends CodecConformanceTest {
    private static final JdkGzipCodec CODEC = new JdkGzipCodec(6, 1);

    JdkGzipCodecTest() {
        super(CODEC, GZIPInputStream::new, "gzip", "-d", "-c");
    }

    @Test
    void decodesConcatenatedMembers() throws IOException {
        ByteArrayOutputStream both = new ByteArrayOutputStream();
        for (String part : new String[] {"first member\n", "second member\n"}) {
            try (GZIPOutputStream gz = new GZIPOutputStream(both) {
                @Override
                public void close() throws IOException {
                    finish();
                }
            }) {
                gz.write(part.getBytes());
            }
        }
        try (InputStream in = CODEC.decompressingStream(new ByteArrayInputStream(both.toByteArray()), 1000)) {
            assertArrayEquals("first member\nsecond member\n".getBytes(), in.readAllBytes());
        }
    }

    @Test
    void levelsAreValidated() {
        assertThrows(IllegalArgumentException.class, () -> new JdkGzipCodec(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new JdkGzipCodec(6, 10));
    }
}
