package dev.restcompress.codec.lzf;

import dev.restcompress.codec.CodecConformanceTest;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ning.compress.lzf.LZFDecoder;
import com.ning.compress.lzf.LZFInputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class LzfCodecTest extends CodecConformanceTest {
    private static final LzfCodec CODEC = new LzfCodec();

    LzfCodecTest() {
        super(CODEC, LZFInputStream::new);
    }


    @Test
    void writesTheChunkedZvFormat() throws IOException {
        byte[] data = "abcabcabcabcabcabcabcabcabcabc".repeat(100).getBytes();
        byte[] out = compress(data);
        assertEquals('Z', out[0]);
        assertEquals('V', out[1]);
        assertEquals(1, out[2], "compressed chunk");
        assertArrayEquals(data, LZFDecoder.safeDecode(out));
    }

    @Test
    void encodersAreReturnedToThePool() throws IOException {
        for (int i = 0; i < 50; i++) {
            compress(new byte[1000]);
            try (var out = CODEC.compressingStream(new java.io.ByteArrayOutputStream())) {
                out.write(new byte[70_000]);
            }
        }
        assertEquals(0, CODEC.resourcesInUse());
    }
}
