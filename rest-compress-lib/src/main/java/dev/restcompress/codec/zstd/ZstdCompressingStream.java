package dev.restcompress.codec.zstd;

import com.github.luben.zstd.EndDirective;
import com.github.luben.zstd.ZstdCompressCtx;
import dev.restcompress.io.Abortable;
import dev.restcompress.io.ObjectPool;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Streaming zstd over a pooled native context: bytes collect in a direct input buffer and are
 * compressed when it fills; {@code flush()} ends the current block ({@code ZSTD_e_flush}) so the
 * peer can decode everything written so far; {@code close()} ends the frame and returns the
 * context to its pool, but never closes the sink.
 *
 * <p>Takes its {@link State} (context and buffers) on construction and gives it back on
 * {@code close()}: callers must close it, also on failure. Not thread-safe, like any stream.
 */
final class ZstdCompressingStream extends OutputStream implements Abortable {
    /** zstd's preferred input size (one 128 KiB block) and a comfortable output buffer. */
    static final int IN_SIZE = 128 * 1024;
    static final int OUT_SIZE = 64 * 1024;

    /**
     * A native context with its direct buffers and a heap array to hand output to the sink. Pooled,
     * so a streamed response allocates neither native nor direct memory.
     */
    static final class State {
        private final int level;
        /** The dictionary of {@code dcz} streams ({@link DczCodec}), or {@code null}. */
        private final com.github.luben.zstd.ZstdDictCompress dictionary;
        final ZstdCompressCtx ctx;
        final ByteBuffer in = ByteBuffer.allocateDirect(IN_SIZE);
        final ByteBuffer out = ByteBuffer.allocateDirect(OUT_SIZE);
        final byte[] transfer = new byte[OUT_SIZE];

        State(int level) {
            this(level, null);
        }

        State(int level, com.github.luben.zstd.ZstdDictCompress dictionary) {
            this.level = level;
            this.dictionary = dictionary;
            this.ctx = ZstdContexts.newContext(level);
            if (dictionary != null) {
                ctx.loadDict(dictionary);
            }
        }

        /** Forgets any half-written frame; reset() also clears parameters, so set them again. */
        void reset() {
            ctx.reset();
            ZstdContexts.configure(ctx, level);
            if (dictionary != null) {
                ctx.loadDict(dictionary);
            }
            in.clear();
            out.clear();
        }

        void close() {
            ctx.close();
        }
    }

    private final OutputStream sink;
    private final ObjectPool<State> pool;
    private State state;

    ZstdCompressingStream(OutputStream sink, ObjectPool<State> pool) {
        this.sink = sink;
        this.pool = pool;
        this.state = pool.acquire();
    }

    @Override
    public void write(int b) throws IOException {
        State s = open();
        s.in.put((byte) b);
        if (!s.in.hasRemaining()) {
            compress(s, EndDirective.CONTINUE);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        State s = open();
        while (len > 0) {
            int n = Math.min(len, s.in.remaining());
            s.in.put(b, off, n);
            off += n;
            len -= n;
            if (!s.in.hasRemaining()) {
                compress(s, EndDirective.CONTINUE);
            }
        }
    }

    @Override
    public void flush() throws IOException {
        State s = open();
        compress(s, EndDirective.FLUSH);
        sink.flush();
    }

    @Override
    public void close() throws IOException {
        State s = state;
        if (s == null) {
            return;
        }
        state = null;
        try {
            compress(s, EndDirective.END);
            sink.flush();
        } finally {
            giveBack(s);
        }
    }

    @Override
    public void abort() {
        State s = state;
        if (s != null) {
            state = null;
            giveBack(s);
        }
    }

    /** Returns the state to the pool, reset; one that cannot be reset is freed instead. */
    private void giveBack(State s) {
        try {
            s.reset();
        } catch (RuntimeException e) {
            pool.discard(s);
            return;
        }
        pool.release(s);
    }

    private State open() throws IOException {
        if (state == null) {
            throw new IOException("zstd stream closed");
        }
        return state;
    }

    /**
     * Compresses what the input buffer holds. CONTINUE stops once all input is taken (zstd may keep
     * some internally); FLUSH and END loop until zstd reports everything written out.
     */
    private void compress(State s, EndDirective directive) throws IOException {
        s.in.flip();
        while (true) {
            boolean done = s.ctx.compressDirectByteBufferStream(s.out, s.in, directive);
            drain(s);
            if (directive == EndDirective.CONTINUE ? !s.in.hasRemaining() : done && !s.in.hasRemaining()) {
                break;
            }
        }
        s.in.clear();
    }

    private void drain(State s) throws IOException {
        int n = s.out.position();
        if (n > 0) {
            s.out.flip();
            s.out.get(s.transfer, 0, n);
            s.out.clear();
            sink.write(s.transfer, 0, n);
        }
    }
}
