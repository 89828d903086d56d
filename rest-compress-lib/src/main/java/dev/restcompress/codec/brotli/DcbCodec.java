package dev.restcompress.codec.brotli;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.aayushatharva.brotli4j.encoder.EncoderJNI;
import com.aayushatharva.brotli4j.encoder.PreparedDictionary;
import dev.restcompress.codec.dictionary.DictionaryFramedCodec;
import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.dictionary.DictionaryHeaders;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The {@code dcb} coding (RFC 9842 section 5.1): a 36-byte header naming the dictionary, then a
 * brotli stream that uses the dictionary as a raw prefix (brotli's "compound dictionary"), through
 * brotli4j.
 *
 * <p>The dictionary is copied once into a direct buffer (the decoder reads it in place) and prepared
 * once for the encoder ({@code Encoder.prepareDictionary}): create one codec per dictionary and keep
 * it; both live as long as the codec. Brotli's C API cannot reset an encoder, so each one-shot call
 * creates one native encoder and attaches the prepared dictionary to it, as {@link BrotliCodec}
 * does without one. Streaming encodes and decodes like {@code br}, with the dictionary attached.
 * Thread-safe (immutable).
 */
final class DcbCodec extends DictionaryFramedCodec {
    private final int quality;
    /** The raw dictionary, direct: the native decoder reads it in place for every body. */
    private final ByteBuffer rawDictionary;
    /** Keeps the prepared dictionary (and its native memory) alive while the codec is. */
    private final PreparedDictionary prepared;
    private final ByteBuffer preparedData;

    private DcbCodec(CompressionDictionary dictionary, int quality) {
        super(DictionaryHeaders.DCB, dictionary);
        if (quality < 0 || quality > 11) {
            throw new IllegalArgumentException("dcb quality must be from 0 to 11, was " + quality);
        }
        Brotli4jLoader.ensureAvailability();
        this.quality = quality;
        byte[] bytes = dictionary.bytes();
        this.rawDictionary = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
        this.prepared = Encoder.prepareDictionary(rawDictionary, 0);
        this.preparedData = prepared.getData();
    }

    /**
     * A {@code dcb} codec against {@code dictionary}; created through the provider, once brotli4j was found.
     *
     * @throws IllegalArgumentException if {@code quality} is not from 0 to 11
     */
    static DcbCodec create(CompressionDictionary dictionary, int quality) {
        return new DcbCodec(Objects.requireNonNull(dictionary, "dictionary"), quality);
    }

    @Override
    protected long maxStreamLength(long n) {
        return BrotliCodec.maxStreamLength(n);
    }

    @Override
    protected int compressStream(byte[] in, int inOff, int inLen, byte[] out, int outOff, int max) {
        EncoderJNI.Wrapper encoder = BrotliCodec.newEncoder(BrotliCodec.oneShotInputBuffer(inLen), quality,
                BrotliCodec.WINDOW_LOG);
        try {
            if (!encoder.attachDictionary(preparedData)) {
                throw new IllegalStateException("brotli encoder refused the dictionary");
            }
            return BrotliCodec.encodeAll(encoder, in, inOff, inLen, out, outOff, max);
        } finally {
            encoder.destroy();
        }
    }

    @Override
    protected OutputStream openCompressor(OutputStream sink) {
        return new BrotliCompressingStream(sink, quality, preparedData);
    }

    @Override
    protected InputStream openStreamDecompressor(InputStream source) throws IOException {
        return new BrotliDecompressingStream(source, rawDictionary);
    }

    @Override
    public String variant() {
        return variantWith(Integer.toString(quality));
    }

    /** Streams at the same quality, but the stream's blocks differ from the one-shot ones. */
    @Override
    public String streamingVariant() {
        return variantWith("s" + quality);
    }

    @Override
    public String toString() {
        return "dcb[quality " + quality + "]";
    }
}
