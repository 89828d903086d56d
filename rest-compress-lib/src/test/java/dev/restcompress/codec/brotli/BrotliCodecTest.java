package dev.restcompress.codec.brotli;

import dev.restcompress.codec.CodecConformanceTest;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aayushatharva.brotli4j.decoder.Decoder;
import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import com.aayushatharva.brotli4j.decoder.DirectDecompress;
import com.aayushatharva.brotli4j.encoder.Encoder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
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

    /**
     * One-shot output is byte for byte that of brotli4j's one-call API at the same quality (same
     * window, whole body in one push), so the bench's SPI and raw rows compare equal work. The sizes
     * cover a small body, one past 64 KiB (window 17 would differ) and one past 1 MiB (pushed in
     * pieces, brotli picks another match finder).
     */
    @Test
    void oneShotOutputIsBrotli4jsOwn() throws IOException {
        Encoder.Parameters parameters = new Encoder.Parameters().setQuality(4);
        for (int size : new int[] {700, 70_000, 1_200_000}) {
            byte[] data = jsonLike(size);
            byte[] out = new byte[CODEC.maxCompressedLength(size)];
            int n = CODEC.compress(data, 0, size, out, 0);
            assertArrayEquals(Encoder.compress(data, 0, size, parameters), Arrays.copyOf(out, n), size + " bytes");
        }
    }

    /** Records with repeated keys and varying numbers: compressible, with matches at all distances. */
    private static byte[] jsonLike(int size) {
        Random random = new Random(size);
        StringBuilder sb = new StringBuilder(size + 200).append('[');
        while (sb.length() < size) {
            sb.append("{\"id\":").append(random.nextInt(1_000_000)).append(",\"name\":\"user")
                    .append(random.nextInt(5000)).append("\",\"score\":").append(random.nextDouble())
                    .append(",\"tags\":[\"t").append(random.nextInt(40)).append("\"]},");
        }
        return Arrays.copyOf(sb.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII), size);
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
