package dev.restcompress.codec.brotli;

import com.aayushatharva.brotli4j.encoder.EncoderJNI;
import dev.restcompress.io.Abortable;
import dev.restcompress.io.BufferPool;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Streaming brotli on one native encoder: bytes collect in the encoder's direct input buffer;
 * {@code flush()} pushes them with {@code BROTLI_OPERATION_FLUSH}, so the peer can decode
 * everything written so far; {@code close()} finishes the stream, frees the encoder and returns the
 * pooled transfer buffer, but never closes the sink. Callers must close it, also on failure. Not
 * thread-safe, like any stream.
 */
final class BrotliCompressingStream extends OutputStream implements Abortable {
    private static final int INPUT_SIZE = 64 * 1024;
    private static final int TRANSFER_SIZE = 16 * 1024;

    private final OutputStream sink;
    private EncoderJNI.Wrapper encoder;
    private final ByteBuffer input;
    private byte[] transfer;

    BrotliCompressingStream(OutputStream sink, int quality) {
        this(sink, quality, null);
    }

    /**
     * @param preparedDictionary a prepared dictionary's data ({@code dcb}, {@link DcbCodec}), or
     *        {@code null}; the caller keeps it alive while the stream is open
     */
    BrotliCompressingStream(OutputStream sink, int quality, ByteBuffer preparedDictionary) {
        this.sink = sink;
        this.encoder = BrotliCodec.newEncoder(INPUT_SIZE, quality, BrotliCodec.WINDOW_LOG);
        if (preparedDictionary != null && !encoder.attachDictionary(preparedDictionary)) {
            encoder.destroy();
            throw new IllegalStateException("brotli encoder refused the dictionary");
        }
        this.input = encoder.getInputBuffer();
        this.transfer = BufferPool.shared().acquire(TRANSFER_SIZE);
    }

    @Override
    public void write(int b) throws IOException {
        open();
        input.put((byte) b);
        if (!input.hasRemaining()) {
            encode(EncoderJNI.Operation.PROCESS);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        open();
        while (len > 0) {
            int n = Math.min(len, input.remaining());
            input.put(b, off, n);
            off += n;
            len -= n;
            if (!input.hasRemaining()) {
                encode(EncoderJNI.Operation.PROCESS);
            }
        }
    }

    @Override
    public void flush() throws IOException {
        open();
        encode(EncoderJNI.Operation.FLUSH);
        sink.flush();
    }

    @Override
    public void close() throws IOException {
        if (encoder == null) {
            return;
        }
        try {
            encode(EncoderJNI.Operation.FINISH);
            sink.flush();
        } finally {
            abort();
        }
    }

    @Override
    public void abort() {
        if (encoder != null) {
            encoder.destroy();
            encoder = null;
            BufferPool.shared().release(transfer);
            transfer = null;
        }
    }

    private void open() throws IOException {
        if (encoder == null) {
            throw new IOException("brotli stream closed");
        }
    }

    /** Pushes the buffered input with {@code op} and writes out everything the encoder produces. */
    private void encode(EncoderJNI.Operation op) throws IOException {
        int length = input.position();
        boolean pushed = false;
        while (true) {
            if (!encoder.isSuccess()) {
                throw new IOException("brotli encoder failed");
            } else if (encoder.hasMoreOutput()) {
                write(encoder.pull());
            } else if (encoder.hasRemainingInput()) {
                encoder.push(op, 0);
            } else if (!pushed) {
                encoder.push(op, length);
                pushed = true;
            } else if (op == EncoderJNI.Operation.FINISH && !encoder.isFinished()) {
                encoder.push(op, 0);
            } else {
                break;
            }
        }
        input.clear();
    }

    private void write(ByteBuffer chunk) throws IOException {
        while (chunk.hasRemaining()) {
            int n = Math.min(chunk.remaining(), transfer.length);
            chunk.get(transfer, 0, n);
            sink.write(transfer, 0, n);
        }
    }
}
