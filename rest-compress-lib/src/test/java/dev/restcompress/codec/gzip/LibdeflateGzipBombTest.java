package dev.restcompress.codec.gzip;

import dev.restcompress.codec.DecompressedSizeLimitException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A gzip bomb (1 GiB of zeros in about 1 MiB) must stop at the limit on every decoding path of the
 * libdeflate engine, with memory bounded by the limit. The bomb is built by streaming: at no time
 * is 1 GiB held in memory.
 */
@Timeout(120)
class LibdeflateGzipBombTest {
    private static final long ONE_GIB = 1L << 30;
    private static final int LIMIT = 16 << 20;
    private static final LibdeflateGzipCodec CODEC = new LibdeflateGzipCodec(6, 1);
    private static byte[] bomb;

    @BeforeAll
    static void buildBomb() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(2 << 20);
        byte[] zeros = new byte[1 << 20];
        try (GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16) {
            {
                def.setLevel(Deflater.BEST_COMPRESSION);
            }
        }) {
            for (long written = 0; written < ONE_GIB; written += zeros.length) {
                gz.write(zeros);
            }
        }
        bomb = out.toByteArray();
        assertTrue(bomb.length < 4 << 20, "bomb should be tiny, was " + bomb.length);
    }

    @Test
    void nativeOneShotStopsAtTheLimit() {
        DecompressedSizeLimitException e = assertThrows(DecompressedSizeLimitException.class,
                () -> CODEC.decompress(bomb, 0, bomb.length, LIMIT));
        assertEquals(LIMIT, e.limit());
    }

    @Test
    void nativeIntoBufferStopsAtTheLimit() {
        byte[] out = new byte[LIMIT];
        assertThrows(DecompressedSizeLimitException.class, () -> CODEC.decompress(bomb, 0, bomb.length, out, 0, LIMIT));
    }

    @Test
    void streamingStopsAtTheLimit() throws IOException {
        byte[] buf = new byte[1 << 16];
        try (InputStream in = CODEC.decompressingStream(new ByteArrayInputStream(bomb), LIMIT)) {
            DecompressedSizeLimitException e = assertThrows(DecompressedSizeLimitException.class, () -> {
                long total = 0;
                // Bounded: the limit throws long before 2 GiB of reads.
                for (int i = 0; i < (1 << 15); i++) {
                    int n = in.read(buf);
                    if (n < 0) {
                        break;
                    }
                    total += n;
                }
                throw new AssertionError("read " + total + " bytes without hitting the limit");
            });
            assertEquals(LIMIT, e.limit());
        }
    }
}
