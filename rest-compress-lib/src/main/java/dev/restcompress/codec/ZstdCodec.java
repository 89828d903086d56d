package dev.restcompress.codec;

import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import dev.restcompress.io.ObjectPool;
import dev.restcompress.io.PooledResources;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;

/**
 * The {@code zstd} coding (RFC 8878) through {@code com.github.luben:zstd-jni}.
 *
 * <p>Only construct this when {@link OptionalCodecs#zstd()} says the library is available; the
 * registry does that. One-shot compression reuses pooled native {@link ZstdCompressCtx}s (creating
 * one costs a native allocation of several hundred KiB); streaming reuses pooled contexts together
 * with their direct buffers ({@link ZstdCompressingStream}). Pooled contexts are freed with
 * {@code close()} when the pool does not keep them.
 *
 * <p>Decoding limits the window to 8 MiB ({@value #WINDOW_LOG_MAX} bits), as RFC 9659 asks of HTTP
 * decoders: a frame that asks for more is malformed, so an attacker cannot make the server allocate
 * more than that per request. Each decoded body gets its own native stream (zstd-jni's reusable
 * {@code ZstdDecompressCtx} cannot limit the window, and an unlimited window is the attacker's
 * choice of up to 2 GiB); request decoding is far rarer than response encoding. Thread-safe.
 */
public final class ZstdCodec implements Codec, PooledResources {
    /** The coding token. */
    public static final String CODING = "zstd";
    /** log2 of the largest window a request body may use: 8 MiB (RFC 9659 section 3). */
    public static final int WINDOW_LOG_MAX = 23;
    /** Levels accepted: zstd's regular levels (negative "fast" levels are not offered). */
    public static final int MIN_LEVEL = 1;
    public static final int MAX_LEVEL = 22;

    private final int level;
    private final int streamingLevel;
    private final ObjectPool<ZstdCompressCtx> contexts;
    private final ObjectPool<ZstdCompressingStream.State> streamStates;

    /**
     * @param level one-shot level, {@value #MIN_LEVEL} to {@value #MAX_LEVEL}
     * @param streamingLevel level of the streaming path, same range
     * @throws IllegalArgumentException if a level is out of range
     */
    public ZstdCodec(int level, int streamingLevel) {
        this.level = checkLevel("level", level);
        this.streamingLevel = checkLevel("streamingLevel", streamingLevel);
        // The level is set once per context: ZSTD_compress2 resets the session, not the parameters.
        this.contexts = ObjectPool.perCore(() -> newContext(this.level), ZstdCompressCtx::close);
        this.streamStates = ObjectPool.perCore(() -> new ZstdCompressingStream.State(this.streamingLevel),
                ZstdCompressingStream.State::close);
    }

    /**
     * A context at {@code level}. Levels 20 and up would use windows beyond 8 MiB, which RFC 9659
     * forbids for HTTP (decoders may refuse them, ours does): cap the window there.
     */
    static ZstdCompressCtx newContext(int level) {
        ZstdCompressCtx ctx = new ZstdCompressCtx().setLevel(level);
        if (level >= 20) {
            ctx.setWindowLog(WINDOW_LOG_MAX);
        }
        return ctx;
    }

    private static int checkLevel(String name, int value) {
        return CodecArgs.level("zstd", name, value, MIN_LEVEL, MAX_LEVEL);
    }

    @Override
    public String coding() {
        return CODING;
    }

    /** The one-shot level. */
    public int level() {
        return level;
    }

    /** The streaming level. */
    public int streamingLevel() {
        return streamingLevel;
    }

    @Override
    public int maxCompressedLength(int inputLength) {
        // ZSTD_COMPRESSBOUND, in long so that huge inputs cannot overflow.
        long n = CodecArgs.inputLength(inputLength);
        long bound = n + (n >> 8) + (n < (128 << 10) ? ((128 << 10) - n) >> 11 : 0);
        return CodecArgs.capped(bound);
    }

    @Override
    public int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        int max = maxCompressedLength(inLen);
        Objects.checkFromIndexSize(outOff, max, out.length);
        ZstdCompressCtx ctx = contexts.acquire();
        try {
            // zstd-jni checks the ranges again, and zstd never writes past dstSize.
            return ctx.compressByteArray(out, outOff, max, in, inOff, inLen);
        } finally {
            contexts.release(ctx);
        }
    }

    @Override
    public OutputStream compressingStream(OutputStream sink) {
        return new ZstdCompressingStream(Objects.requireNonNull(sink, "sink"), streamStates);
    }

    @Override
    public InputStream openDecompressor(InputStream source) throws IOException {
        ZstdInputStreamNoFinalizer in = new ZstdInputStreamNoFinalizer(source, RecyclingBufferPool.INSTANCE);
        in.setLongMax(WINDOW_LOG_MAX);
        return in;
    }

    /** Native contexts handed out and not returned (for leak tests). */
    int contextsOutstanding() {
        return contexts.outstanding() + streamStates.outstanding();
    }

    @Override
    public int resourcesInUse() {
        return contexts.outstanding() + streamStates.outstanding();
    }
}
