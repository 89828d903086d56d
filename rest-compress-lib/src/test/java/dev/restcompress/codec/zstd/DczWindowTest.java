package dev.restcompress.codec.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.github.luben.zstd.ZstdCompressCtx;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.MalformedInputException;
import dev.restcompress.codec.dictionary.DictionaryCodecs;
import dev.restcompress.dictionary.CompressionDictionary;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * dcz windows (RFC 9842 section 5.2; Chromium clamps the window log to 23..27 by dictionary size):
 * our frames stay within 8 MiB, and our decoder refuses frames that need more than
 * max(8 MiB, 1.25 x dictionary).
 */
class DczWindowTest {
    static final CompressionDictionary DICTIONARY = CompressionDictionary.of("w", "small dictionary bytes".getBytes(),
            "/*", "");

    @Test
    void windowLimitGrowsWithTheDictionary() {
        assertEquals(23, DczCodec.windowLogMax(1));
        assertEquals(23, DczCodec.windowLogMax(6L << 20)); // 1.25 x 6 MiB = 7.5 MiB
        assertEquals(24, DczCodec.windowLogMax(8L << 20)); // 10 MiB
        assertEquals(27, DczCodec.windowLogMax(1L << 30)); // capped at 128 MiB
    }

    /** A 12 MiB streamed body with long-range repeats still decodes under the 8 MiB limit: our frames use <= 8 MiB. */
    @Test
    void streamedFramesStayWithinEightMebibytes() throws Exception {
        Codec c = DictionaryCodecs.create("dcz", DICTIONARY, 19);
        byte[] block = new byte[1 << 20];
        new Random(1).nextBytes(block);
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        try (var out = c.compressingStream(wire)) {
            for (int i = 0; i < 12; i++) {
                out.write(block); // repeats at 1 MiB distance: cheap to find, whatever the window
                plain.write(block);
            }
        }
        try (InputStream in = c.decompressingStream(new java.io.ByteArrayInputStream(wire.toByteArray()), 13 << 20)) {
            assertArrayEquals(plain.toByteArray(), in.readAllBytes());
        }
    }

    /** A frame made with a 16 MiB window (what a careless encoder could send) is refused, not decoded. */
    @Test
    void framesNeedingMoreThanTheLimitAreRefused() throws Exception {
        byte[] big = new byte[20 << 20];
        new Random(2).nextBytes(big);
        System.arraycopy(big, 0, big, 10 << 20, 4 << 20); // a match 10 MiB back forces a large window
        byte[] frame;
        try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
            ctx.setLevel(1);
            ctx.setWindowLog(24);
            ctx.setContentSize(false);
            ctx.loadDict(DICTIONARY.bytes());
            frame = ctx.compress(big);
        }
        byte[] body = new byte[40 + frame.length];
        System.arraycopy(DictionaryCodecs.header("dcz", DICTIONARY.sha256()), 0, body, 0, 40);
        System.arraycopy(frame, 0, body, 40, frame.length);
        Codec c = DictionaryCodecs.create("dcz", DICTIONARY, 3);
        assertThrows(MalformedInputException.class, () -> {
            try (InputStream in = c.decompressingStream(new java.io.ByteArrayInputStream(body), 30 << 20)) {
                in.transferTo(java.io.OutputStream.nullOutputStream());
            }
        });
    }
}
