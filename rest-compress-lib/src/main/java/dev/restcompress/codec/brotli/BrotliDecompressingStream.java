package dev.restcompress.codec.brotli;

import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Streaming brotli decoding on brotli4j's native decoder, driven directly: decoded bytes are handed
 * out as soon as the decoder has them (so a flushed prefix of a streamed body is readable at once),
 * before more input is read. brotli4j's own {@code BrotliInputStream} asks for more input first and
 * fails on a prefix. Memory is the decoder's window (at most 16 MiB, RFC 7932) plus one small
 * buffer, never proportional to the decoded size; callers bound the size
 * ({@link BoundedDecompressingStream}).
 *
 * <p>Truncated input throws {@link EOFException}, corrupt input {@link IOException}. Closing frees
 * the native decoder and closes the source. Not thread-safe, like any stream.
 */
final class BrotliDecompressingStream extends InputStream {
    private static final int INPUT_SIZE = 8 * 1024;

    private final InputStream source;
    private final byte[] transfer = new byte[INPUT_SIZE];
    private final byte[] single = new byte[1];
    private DecoderJNI.Wrapper decoder;
    private ByteBuffer pending;

    BrotliDecompressingStream(InputStream source) throws IOException {
        this(source, null);
    }

    /**
     * @param dictionary the raw dictionary of a {@code dcb} body in a direct buffer ({@link DcbCodec}),
     *        or {@code null}; the caller keeps it alive while the stream is open
     */
    BrotliDecompressingStream(InputStream source, ByteBuffer dictionary) throws IOException {
        this.source = Objects.requireNonNull(source, "source");
        this.decoder = new DecoderJNI.Wrapper(INPUT_SIZE);
        if (dictionary != null && !decoder.attachDictionary(dictionary)) {
            decoder.destroy();
            decoder = null;
            throw new IOException("brotli decoder refused the dictionary");
        }
    }

    @Override
    public int read() throws IOException {
        int n = read(single, 0, 1);
        return n < 0 ? -1 : single[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (decoder == null) {
            throw new IOException("br stream closed");
        }
        if (len == 0) {
            return 0;
        }
        while (true) {
            if (pending != null) {
                if (pending.hasRemaining()) {
                    int n = Math.min(len, pending.remaining());
                    pending.get(b, off, n);
                    return n;
                }
                pending = null;
            }
            switch (decoder.getStatus()) {
                case DONE:
                    return -1;
                case OK:
                    decoder.push(0);
                    break;
                case NEEDS_MORE_OUTPUT:
                    pending = decoder.pull();
                    break;
                case NEEDS_MORE_INPUT:
                    if (decoder.hasOutput()) {
                        pending = decoder.pull();
                    } else {
                        feed();
                    }
                    break;
                default:
                    throw new IOException("corrupt br stream");
            }
        }
    }

    /** Reads the next piece of the source into the decoder's direct input buffer. */
    private void feed() throws IOException {
        int n = source.read(transfer, 0, transfer.length);
        if (n < 0) {
            throw new EOFException("br stream is truncated");
        }
        // The native side reads its input buffer from the start.
        ByteBuffer in = decoder.getInputBuffer();
        in.clear();
        in.put(transfer, 0, n);
        decoder.push(n);
    }

    @Override
    public void close() throws IOException {
        if (decoder != null) {
            pending = null;
            decoder.destroy();
            decoder = null;
            source.close();
        }
    }
}
