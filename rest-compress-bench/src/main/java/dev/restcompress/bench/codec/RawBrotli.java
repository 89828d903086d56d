package dev.restcompress.bench.codec;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.Decoder;
import com.aayushatharva.brotli4j.encoder.Encoder;
import dev.restcompress.bench.core.Engine;
import java.io.IOException;

/**
 * Brotli through brotli4j's one-call API, as a hand-written caller would use it:
 * {@link Encoder#compress(byte[], int, int, Encoder.Parameters)} at the quality (the encoder's
 * default window) and {@link Decoder#decompress(byte[], int, int)}. Both build a native encoder or
 * decoder per call and return a new array, which is copied into the caller's buffer; that copy and
 * allocation are part of what this API costs, and what the SPI's direct encoder avoids.
 */
final class RawBrotli implements Engine {
    private final Encoder.Parameters parameters;

    RawBrotli(int quality) {
        // brotli4j binds its native methods only after its loader has run.
        Brotli4jLoader.ensureAvailability();
        this.parameters = new Encoder.Parameters().setQuality(quality);
    }

    @Override
    public int maxCompressedLength(int length) {
        // Brotli's own bound is n + 4 bytes per 16 KiB + 6; compress() fails rather than overrun.
        return length + (length >> 8) + 64;
    }

    @Override
    public int compress(byte[] in, int length, byte[] out) throws IOException {
        return copy(Encoder.compress(in, 0, length, parameters), out);
    }

    @Override
    public int decompress(byte[] in, int length, byte[] out) throws IOException {
        return copy(Decoder.decompress(in, 0, length), out);
    }

    private static int copy(byte[] result, byte[] out) throws IOException {
        if (result.length > out.length) {
            throw new IOException(result.length + " bytes do not fit the " + out.length + "-byte buffer");
        }
        System.arraycopy(result, 0, out, 0, result.length);
        return result.length;
    }
}
