package dev.restcompress.codec.brotli;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.aayushatharva.brotli4j.encoder.EncoderJNI;
import dev.restcompress.codec.AbstractCodec;
import dev.restcompress.codec.LengthPadding;
import dev.restcompress.io.CodecArgs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The {@code br} coding (Brotli, RFC 7932) through {@code com.aayushatharva.brotli4j}.
 *
 * <p>Constructed only by {@link BrotliProvider}, once brotli4j and its native library were found. The native encoder drives {@link EncoderJNI.Wrapper} directly and copies its
 * output straight into the caller's buffer: {@code Encoder.compress} would also allocate a result
 * array and a list of chunks per call. Brotli's C API cannot reset an encoder, so each call still
 * creates (and destroys) one native encoder, with the same parameters as {@code Encoder.compress}
 * (default window, whole body in one push): the output is byte for byte brotli4j's.
 *
 * <p>Why not a window sized to the input, which would ask for less native memory: then every
 * allocation of the encoder stays below glibc's adaptive mmap threshold while their sum passes its
 * trim threshold, so the heap is handed back to the kernel after each call and the next call
 * page-faults it in again (measured on a 100 KB body: ~3,000 minor faults per call at window 17
 * against ~0 at 22, and a third slower). The default window's ring buffer is only touched as far
 * as the input reaches.
 *
 * <p>Decoding: {@link BrotliDecompressingStream}; its memory is bounded by the stream's window (at
 * most 16 MiB, RFC 7932), never by the decoded size. Thread-safe (immutable).
 */
final class BrotliCodec extends AbstractCodec {
    /** The coding token. */
    static final String CODING = "br";
    /** The window of every encoder, one-shot and streaming: the encoder's default (4 MiB). */
    static final int WINDOW_LOG = 22;
    /**
     * Native input buffer of one-shot calls: larger inputs are pushed in pieces of this size. Large
     * enough that a body arrives in one push, as in {@code Encoder.compress}: brotli takes its size
     * hint from the first push, and the hint picks the match finder (quality 4 from 1 MiB on).
     */
    static final int ONE_SHOT_CHUNK = 16 * 1024 * 1024;

    private final int level;
    private final int streamingLevel;

    /**
     * @param level one-shot quality, 0 to 11, checked by the provider
     * @param streamingLevel quality of the streaming path, 0 to 11, checked by the provider
     * @throws UnsatisfiedLinkError if brotli4j's native library is not available
     */
    BrotliCodec(int level, int streamingLevel) {
        this.level = level;
        this.streamingLevel = streamingLevel;
        // brotli4j binds its native methods only once its loader has run; cheap after the first time.
        Brotli4jLoader.ensureAvailability();
    }

    @Override
    public String coding() {
        return CODING;
    }

    /** The coding and the one-shot level, e.g. {@code "br-3"}. */
    @Override
    public String variant() {
        return CODING + "-" + level;
    }

    /** The coding and the streaming level after an {@code s}, e.g. {@code "br-s1"}. */
    @Override
    public String streamingVariant() {
        return CODING + "-s" + streamingLevel;
    }

    @Override
    public int maxCompressedLength(int inputLength) {
        return CodecArgs.capped(maxStreamLength(CodecArgs.inputLength(inputLength)));
    }

    /**
     * The bound of a brotli stream of {@code n} input bytes, here and after a {@code dcb} header.
     * BrotliEncoderMaxCompressedSize gives n + 4 bytes per 16 KiB + 6, but only for its one-shot
     * function, which falls back to stored blocks. The streaming API we drive has no such promise,
     * so allow more (1/256 + 64 bytes); {@link #encodeAll} fails loudly rather than overrun.
     */
    static long maxStreamLength(long n) {
        return n + (n >> 8) + 64;
    }

    @Override
    public int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        int max = checkCompressArgs(in, inOff, inLen, out, outOff);
        EncoderJNI.Wrapper encoder = newEncoder(oneShotInputBuffer(inLen), level, WINDOW_LOG);
        try {
            return encodeAll(encoder, in, inOff, inLen, out, outOff, max);
        } finally {
            encoder.destroy();
        }
    }

    /**
     * BREACH padding ({@link LengthPadding}): the encoder first flushes with no input, which writes the
     * window size and an empty metadata block up to a byte boundary; there a metadata block of
     * {@code padding} skipped bytes goes in, then the body follows as usual.
     */
    @Override
    public int compressPadded(byte[] in, int inOff, int inLen, byte[] out, int outOff, int padding) {
        int max = checkCompressArgs(in, inOff, inLen, out, outOff);
        if (padding < 0 || (long) padding + LengthPadding.OVERHEAD > out.length - outOff - (long) maxCompressedLength(inLen)) {
            throw new IllegalArgumentException("no room for " + padding + " bytes of padding");
        }
        EncoderJNI.Wrapper encoder = newEncoder(oneShotInputBuffer(inLen), level, WINDOW_LOG);
        try {
            int pos = outOff;
            encoder.push(EncoderJNI.Operation.FLUSH, 0);
            while (encoder.hasMoreOutput()) {
                ByteBuffer chunk = encoder.pull();
                int n = chunk.remaining();
                chunk.get(out, pos, n);
                pos += n;
            }
            if (!encoder.isSuccess() || pos - outOff > 2) {
                throw new IllegalStateException("brotli encoder did not flush its header (" + (pos - outOff) + " bytes)");
            }
            pos = LengthPadding.brotliMetadata(out, pos, padding);
            return pos - outOff + encodeAll(encoder, in, inOff, inLen, out, pos, max + padding + LengthPadding.OVERHEAD
                    - (pos - outOff));
        } finally {
            encoder.destroy();
        }
    }

    /**
     * Pushes all of {@code in[inOff, inOff+inLen)} through a fresh {@code encoder} (which may have a
     * dictionary attached) and finishes the stream into {@code out[outOff, outOff+max)}; the caller
     * destroys the encoder.
     *
     * @return bytes written
     * @throws IllegalStateException if the encoder fails or its output would pass {@code max}
     */
    static int encodeAll(EncoderJNI.Wrapper encoder, byte[] in, int inOff, int inLen, byte[] out, int outOff, int max) {
        ByteBuffer input = encoder.getInputBuffer();
        int inPos = inOff;
        int inEnd = inOff + inLen;
        int pos = outOff;
        int end = outOff + max;
        EncoderJNI.Operation op = EncoderJNI.Operation.PROCESS;
        while (true) {
            if (!encoder.isSuccess()) {
                throw new IllegalStateException("brotli encoder failed");
            } else if (encoder.hasMoreOutput()) {
                ByteBuffer chunk = encoder.pull();
                int n = chunk.remaining();
                if (n > end - pos) {
                    throw new IllegalStateException("brotli output exceeded its bound for " + inLen + " bytes");
                }
                chunk.get(out, pos, n);
                pos += n;
            } else if (encoder.hasRemainingInput()) {
                encoder.push(op, 0);
            } else if (inPos < inEnd) {
                // The native side reads the input buffer from its start.
                int n = Math.min(input.capacity(), inEnd - inPos);
                input.clear();
                input.put(in, inPos, n);
                inPos += n;
                op = inPos == inEnd ? EncoderJNI.Operation.FINISH : EncoderJNI.Operation.PROCESS;
                encoder.push(op, n);
            } else if (!encoder.isFinished()) {
                op = EncoderJNI.Operation.FINISH;
                encoder.push(op, 0);
            } else {
                return pos - outOff;
            }
        }
    }

    /** The native input buffer of a one-shot call for {@code inLen} bytes. */
    static int oneShotInputBuffer(int inLen) {
        return Math.max(1, Math.min(inLen, ONE_SHOT_CHUNK));
    }

    /** A native encoder; brotli4j reports a failed native allocation as IOException. */
    static EncoderJNI.Wrapper newEncoder(int inputBufferSize, int quality, int windowLog) {
        try {
            return new EncoderJNI.Wrapper(inputBufferSize, quality, windowLog, Encoder.Mode.GENERIC);
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a native brotli encoder", e);
        }
    }

    @Override
    public OutputStream compressingStream(OutputStream sink) {
        return new BrotliCompressingStream(Objects.requireNonNull(sink, "sink"), streamingLevel);
    }

    @Override
    protected InputStream openDecompressor(InputStream source) throws IOException {
        return new BrotliDecompressingStream(source);
    }

    @Override
    public String toString() {
        return "br[level " + level + "/" + streamingLevel + "]";
    }
}
