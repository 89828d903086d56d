package dev.restcompress.codec.lzf;

import com.ning.compress.lzf.ChunkEncoder;
import com.ning.compress.lzf.LZFChunk;
import dev.restcompress.io.Abortable;
import dev.restcompress.io.ObjectPool;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * Streaming LZF: collects up to one chunk (64 KiB), encodes it with a pooled encoder, and on
 * {@code flush()} encodes the partial chunk too, so the peer can decode everything written so far.
 * The encoder is taken on first use and returned on close. Not thread-safe.
 */
final class LzfCompressingStream extends OutputStream implements Abortable {
    private final OutputStream sink;
    private final ObjectPool<ChunkEncoder> encoders;
    private final byte[] chunk = new byte[LZFChunk.MAX_CHUNK_LEN];
    private int filled;
    private ChunkEncoder encoder;
    private boolean closed;

    LzfCompressingStream(OutputStream sink, ObjectPool<ChunkEncoder> encoders) {
        this.sink = sink;
        this.encoders = encoders;
    }

    @Override
    public void write(int b) throws IOException {
        ensureOpen();
        if (filled == chunk.length) {
            emitChunk();
        }
        chunk[filled++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        ensureOpen();
        while (len > 0) {
            if (filled == chunk.length) {
                emitChunk();
            }
            int n = Math.min(len, chunk.length - filled);
            System.arraycopy(b, off, chunk, filled, n);
            filled += n;
            off += n;
            len -= n;
        }
    }

    @Override
    public void flush() throws IOException {
        ensureOpen();
        emitChunk();
        sink.flush();
    }

    /** Emits the last chunk and flushes the sink; returns the encoder; does not close the sink. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        try {
            emitChunk();
            sink.flush();
        } finally {
            closed = true;
            if (encoder != null) {
                encoders.release(encoder);
                encoder = null;
            }
        }
    }

    @Override
    public void abort() {
        closed = true;
        filled = 0;
        if (encoder != null) {
            encoders.release(encoder);
            encoder = null;
        }
    }

    private void emitChunk() throws IOException {
        if (filled == 0) {
            return;
        }
        if (encoder == null) {
            encoder = encoders.acquire();
        }
        encoder.encodeAndWriteChunk(chunk, 0, filled, sink);
        filled = 0;
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("stream closed");
        }
    }
}
