package dev.restcompress.codec.zstd;

import dev.restcompress.codec.CodecConformanceTest;
import dev.restcompress.codec.MalformedInputException;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ZstdCodecTest extends CodecConformanceTest {
    private static final ZstdCodec CODEC = new ZstdCodec(3, 1);

    ZstdCodecTest() {
        super(CODEC, ZstdCodecTest::referenceDecoder, "zstd", "-d", "-c", "-q");
    }

    private static InputStream referenceDecoder(InputStream in) throws IOException {
        byte[] frame = in.readAllBytes();
        try (ZstdDecompressCtx ctx = new ZstdDecompressCtx()) {
            byte[] out = ctx.decompress(frame, 64 << 20);
            return new ByteArrayInputStream(out);
        } catch (RuntimeException e) {
            // Frames without a content size (never ours) are not for the one-shot decoder.
            throw new IOException(e);
        }
    }

    @Test
    void writesAZstdFrame() {
        byte[] out = compress("hello zstd ".repeat(300).getBytes());
        // RFC 8878 magic number 0xFD2FB528, little-endian.
        assertEquals((byte) 0x28, out[0]);
        assertEquals((byte) 0xB5, out[1]);
        assertEquals((byte) 0x2F, out[2]);
        assertEquals((byte) 0xFD, out[3]);
    }

    @Test
    void contextsAreReturnedToThePool() throws IOException {
        for (int i = 0; i < 50; i++) {
            compress(new byte[1000]);
            try (OutputStream out = CODEC.compressingStream(new ByteArrayOutputStream())) {
                out.write(new byte[300_000]);
                out.flush();
            }
        }
        assertEquals(0, CODEC.resourcesInUse());
    }

    @Test
    void levelsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new ZstdProvider().create(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new ZstdProvider().create(3, 23));
    }

    @Test
    void higherLevelsAreSmallerAndStillDecode() throws IOException {
        byte[] data = new byte[400_000];
        Random r = new Random(3);
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) ('a' + r.nextInt(6));
        }
        ZstdCodec fast = new ZstdCodec(1, 1);
        ZstdCodec strong = new ZstdCodec(19, 1);
        byte[] a = new byte[fast.maxCompressedLength(data.length)];
        byte[] b = new byte[strong.maxCompressedLength(data.length)];
        int na = fast.compress(data, 0, data.length, a, 0);
        int nb = strong.compress(data, 0, data.length, b, 0);
        assertTrue(nb < na, nb + " vs " + na);
        try (InputStream in = CODEC.decompressingStream(new ByteArrayInputStream(b, 0, nb), data.length)) {
            assertArrayEquals(data, in.readAllBytes());
        }
    }

    @Test
    void windowsLargerThan8MiBAreRefused() throws IOException {
        // RFC 9659: HTTP zstd windows are at most 8 MiB; a frame asking for 32 MiB must not make the
        // decoder allocate it. Streamed frames declare their window in the header.
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        try (ZstdOutputStreamNoFinalizer out = new ZstdOutputStreamNoFinalizer(frame)) {
            out.setLevel(1);
            out.setWindowLog(25);
            out.write(new byte[1 << 20]);
        }
        assertThrows(MalformedInputException.class, () -> decompress(frame.toByteArray(), 1 << 21));
    }
}
