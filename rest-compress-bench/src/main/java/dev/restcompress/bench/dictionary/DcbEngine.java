package dev.restcompress.bench.dictionary;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.BrotliInputStream;
import com.aayushatharva.brotli4j.encoder.BrotliOutputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.aayushatharva.brotli4j.encoder.PreparedDictionary;
import dev.restcompress.bench.core.Engine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * {@code dcb} (RFC 9842): the 4-byte magic {@code ff 44 43 42}, the SHA-256 of the dictionary, then
 * a brotli stream that uses the dictionary as a raw prefix. brotli4j has no one-shot call with a
 * dictionary, so both directions go through its streams (a new native encoder per body, the prepared
 * dictionary shared); that cost is part of what this engine measures. Not thread-safe.
 */
public final class DcbEngine implements Engine {
    static final byte[] MAGIC = {(byte) 0xff, 0x44, 0x43, 0x42};
    /** Bytes before the brotli stream. */
    public static final int HEADER = MAGIC.length + 32;

    private final byte[] header;
    private final Encoder.Parameters parameters;
    private final PreparedDictionary prepared;
    private final ByteBuffer directDictionary;

    public DcbEngine(byte[] dictionary, int quality) {
        Brotli4jLoader.ensureAvailability();
        header = Arrays.copyOf(MAGIC, HEADER);
        System.arraycopy(DczEngine.sha256(dictionary), 0, header, MAGIC.length, 32);
        parameters = new Encoder.Parameters().setQuality(quality);
        // The prepared dictionary refers to this direct buffer: it is kept for the engine's lifetime.
        directDictionary = ByteBuffer.allocateDirect(dictionary.length).put(dictionary).flip();
        prepared = Encoder.prepareDictionary(directDictionary, 0);
    }

    @Override
    public int maxCompressedLength(int length) {
        return HEADER + length + (length >> 8) + 64;
    }

    @Override
    public int compress(byte[] in, int length, byte[] out) throws IOException {
        System.arraycopy(header, 0, out, 0, HEADER);
        ArrayOutput sink = new ArrayOutput(out, HEADER);
        try (BrotliOutputStream br = new BrotliOutputStream(sink, parameters)) {
            br.attachDictionary(prepared);
            br.write(in, 0, length);
        }
        return sink.position;
    }

    @Override
    public int decompress(byte[] in, int length, byte[] out) throws IOException {
        if (length < HEADER || !Arrays.equals(in, 0, HEADER, header, 0, HEADER)) {
            throw new IOException("not a dcb body for this dictionary");
        }
        try (BrotliInputStream br = new BrotliInputStream(new ByteArrayInputStream(in, HEADER, length - HEADER))) {
            br.attachDictionary(directDictionary.duplicate());
            int n = 0;
            for (int r; n < out.length && (r = br.read(out, n, out.length - n)) > 0; ) {
                n += r;
            }
            return n;
        }
    }

    /** Writes into the caller's array; fails instead of growing. */
    private static final class ArrayOutput extends OutputStream {
        private final byte[] target;
        private int position;

        ArrayOutput(byte[] target, int position) {
            this.target = target;
            this.position = position;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (len > target.length - position) {
                throw new IOException("compressed body does not fit the " + target.length + "-byte buffer");
            }
            System.arraycopy(b, off, target, position, len);
            position += len;
        }
    }
}
