package dev.restcompress.codec;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * The base of every codec: turns the raw decoder a codec opens into the bounded one the SPI hands
 * out (size limit, two kinds of error, truncation told apart from corruption), and decodes one-shot
 * bodies through it when the codec has nothing faster. Subclasses override {@link #decompress} when
 * their library decodes from memory directly (libdeflate, zstd).
 */
public abstract class AbstractCodec implements Codec {

    /**
     * Opens the codec's raw decompressor over {@code source}, with no size bound: only this class
     * calls it, always behind the bound. May read a header.
     */
    protected abstract InputStream openDecompressor(InputStream source) throws IOException;

    @Override
    public final InputStream decompressingStream(InputStream source, long maxDecompressed) {
        return new BoundedDecompressingStream(coding(), this::openDecompressor, source, maxDecompressed);
    }

    /** Through the bounded stream: for codecs whose library only decodes streams (brotli4j, LZF). */
    @Override
    public int decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int maxOut)
            throws DecompressionException {
        checkDecompressArgs(in, inOff, inLen, out, outOff, maxOut);
        try (InputStream decoder = decompressingStream(new ByteArrayInputStream(in, inOff, inLen), maxOut)) {
            int n = decoder.readNBytes(out, outOff, maxOut);
            if (decoder.read() >= 0) { // one byte past the room: the bounded stream throws first
                throw new DecompressedSizeLimitException(coding(), maxOut);
            }
            return n;
        } catch (DecompressionException e) {
            throw e;
        } catch (IOException e) {
            throw new MalformedInputException(coding(), 0, e);
        }
    }

    /**
     * The checks every one-shot compressor starts with: the input range inside its array, and room
     * for {@link #maxCompressedLength} bytes at {@code outOff}.
     *
     * @return the room to compress into, {@code maxCompressedLength(inLen)}
     * @throws IndexOutOfBoundsException if a range is outside its array
     */
    protected final int checkCompressArgs(byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        int max = maxCompressedLength(inLen);
        Objects.checkFromIndexSize(outOff, max, out.length);
        return max;
    }

    /**
     * The checks every one-shot decoder starts with: both ranges inside their arrays, and a body that
     * is not empty (no coding encodes anything as zero bytes).
     *
     * @throws IndexOutOfBoundsException if a range is outside its array
     * @throws MalformedInputException for empty input
     */
    protected final void checkDecompressArgs(byte[] in, int inOff, int inLen, byte[] out, int outOff, int maxOut)
            throws MalformedInputException {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        Objects.checkFromIndexSize(outOff, maxOut, out.length);
        if (inLen == 0) {
            throw new MalformedInputException(coding(), 0, new java.io.EOFException("empty input"));
        }
    }

    /**
     * The error a streaming decode of the same body reports: used by native one-shot decoders whose
     * library says only "bad data", so that a body cut short is reported as truncated. Rare (a
     * rejected request), and bounded by {@code maxOut} decoded bytes of work.
     */
    protected final DecompressionException diagnose(byte[] in, int inOff, int inLen, long maxOut) {
        try (InputStream decoder = decompressingStream(new ByteArrayInputStream(in, inOff, inLen), maxOut)) {
            decoder.transferTo(java.io.OutputStream.nullOutputStream());
        } catch (DecompressionException e) {
            return e;
        } catch (IOException e) {
            return new MalformedInputException(coding(), 0, e);
        }
        return new MalformedInputException(coding(), 0, new IOException("rejected by the one-shot decoder"));
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + coding() + "]";
    }
}
