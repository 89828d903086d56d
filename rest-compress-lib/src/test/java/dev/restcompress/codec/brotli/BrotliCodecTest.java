package dev.restcompress.codec.brotli;

import dev.restcompress.codec.CodecConformanceTest;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aayushatharva.brotli4j.decoder.Decoder;
import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import com.aayushatharva.brotli4j.decoder.DirectDecompress;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BrotliCodecTest extends CodecConformanceTest {
    private static final BrotliCodec CODEC = new BrotliCodec(4, 3);

    BrotliCodecTest() {
        super(CODEC, BrotliCodecTest::referenceDecoder, "brotli", "-d", "-c");
    }

    private static InputStream referenceDecoder(InputStream in) throws IOException {
        DirectDecompress result = Decoder.decompress(in.readAllBytes());
        assertEquals(DecoderJNI.Status.DONE, result.getResultStatus());
        byte[] out = result.getDecompressedData();
        return new ByteArrayInputStream(out == null ? new byte[0] : out);
    }

    @Test
    void windowFitsTheInput() {
        assertEquals(10, BrotliCodec.windowLogFor(0));
        assertEquals(10, BrotliCodec.windowLogFor(1000));
        assertEquals(11, BrotliCodec.windowLogFor(1009));
        assertEquals(17, BrotliCodec.windowLogFor(100_000));
        assertEquals(22, BrotliCodec.windowLogFor(50_000_000));
    }

    @Test
    void levelsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new BrotliProvider().create(-1, 1));
        assertThrows(IllegalArgumentException.class, () -> new BrotliProvider().create(4, 12));
    }

    @Test
    void everyQualityRoundTripsIncompressibleDataWithinTheBound() throws IOException {
        byte[] data = new byte[200_000];
        new Random(11).nextBytes(data);
        for (int q = 0; q <= 11; q += (q < 6 ? 1 : 5)) {
            BrotliCodec c = new BrotliCodec(q, q);
            byte[] out = new byte[c.maxCompressedLength(data.length)];
            int n = c.compress(data, 0, data.length, out, 0);
            assertTrue(n <= out.length);
            try (InputStream in = c.decompressingStream(new ByteArrayInputStream(out, 0, n), data.length)) {
                assertArrayEquals(data, in.readAllBytes(), "quality " + q);
            }
        }
    }
}
