package dev.restcompress.codec.zstd;

import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import dev.restcompress.codec.AbstractCodec;
import dev.restcompress.codec.DecompressedSizeLimitException;
import dev.restcompress.codec.DecompressionException;
import dev.restcompress.codec.MalformedInputException;
import dev.restcompress.io.CodecArgs;
import dev.restcompress.io.ObjectPool;
import dev.restcompress.io.PooledResources;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;

/**
 * The {@code zstd} coding (RFC 8878) through {@code com.github.luben:zstd-jni}.
 *
 * <p>Constructed only by {@link ZstdProvider}, once zstd-jni was found usable. One-shot compression reuses pooled native {@link ZstdCompressCtx}s (creating
 * one costs a native allocation of several hundred KiB); streaming reuses pooled contexts together
 * with their direct buffers ({@link ZstdCompressingStream}). Pooled contexts are freed with
 * {@code close()} when the pool does not keep them.
 *
 * <p>Streaming decoding limits the window to 8 MiB ({@value #WINDOW_LOG_MAX} bits), as RFC 9659 asks
 * of HTTP decoders: a frame that asks for more is malformed, so an attacker cannot make the server
 * allocate more than that per request. Each streamed body gets its own native stream, freed when the
 * stream is closed (zstd-jni's reusable {@code ZstdDecompressCtx} cannot limit the window, and an
 * unlimited window is the attacker's choice of up to 2 GiB). One-shot decoding, into the caller's
 * bounded buffer, reuses pooled contexts. Thread-safe.
 */
final class ZstdCodec extends AbstractCodec implements PooledResources {
    /** The coding token. */
    static final String CODING = "zstd";
    /** log2 of the largest window a request body may use: 8 MiB (RFC 9659 section 3). */
    static final int WINDOW_LOG_MAX = 23;

    private final int level;
    private final int streamingLevel;
    private final ObjectPool<ZstdCompressCtx> contexts;
    private final ObjectPool<ZstdCompressingStream.State> streamStates;
    /**
     * One-shot decoding contexts. They cannot limit the window, and need not: decoding a whole body
     * into the caller's buffer uses that buffer as the window, so memory is the caller's bound.
     */
    private final ObjectPool<ZstdDecompressCtx> decompressContexts;

    /**
     * @param level one-shot level, checked by the provider
     * @param streamingLevel level of the streaming path, checked by the provider
     */
    ZstdCodec(int level, int streamingLevel) {
        this.level = level;
        this.streamingLevel = streamingLevel;
        // The level is set once per context: ZSTD_compress2 resets the session, not the parameters.
        this.contexts = ObjectPool.perCore(() -> newContext(this.level), ZstdCompressCtx::close);
        this.streamStates = ObjectPool.perCore(() -> new ZstdCompressingStream.State(this.streamingLevel),
                ZstdCompressingStream.State::close);
        this.decompressContexts = ObjectPool.perCore(ZstdDecompressCtx::new, ZstdDecompressCtx::close);
    }

    /**
     * A context at {@code level}. Levels 20 and up would use windows beyond 8 MiB, which RFC 9659
     * forbids for HTTP (decoders may refuse them, ours does): cap the window there.
     */
    static ZstdCompressCtx newContext(int level) {
        return configure(new ZstdCompressCtx(), level);
    }

    /** Sets a (new or reset) context's parameters for {@code level}: the one place of the window rule. */
    static ZstdCompressCtx configure(ZstdCompressCtx ctx, int level) {
        ctx.setLevel(level);
        if (level >= 20) {
            ctx.setWindowLog(WINDOW_LOG_MAX);
        }
        return ctx;
    }

    @Override
    public String coding() {
        return CODING;
    }

    /** The one-shot level. */
    int level() {
        return level;
    }

    /** The streaming level. */
    int streamingLevel() {
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
    protected InputStream openDecompressor(InputStream source) throws IOException {
        ZstdInputStreamNoFinalizer in = new ZstdInputStreamNoFinalizer(source, RecyclingBufferPool.INSTANCE);
        in.setLongMax(WINDOW_LOG_MAX);
        return in;
    }

    /** One call of a pooled native context into the caller's buffer (every frame of the body). */
    @Override
    public int decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int maxOut)
            throws DecompressionException {
        checkDecompressArgs(in, inOff, inLen, out, outOff, maxOut);
        ZstdDecompressCtx ctx = decompressContexts.acquire();
        try {
            return ctx.decompressByteArray(out, outOff, maxOut, in, inOff, inLen);
        } catch (ZstdException e) {
            if (e.getErrorCode() == Zstd.errDstSizeTooSmall()) {
                throw new DecompressedSizeLimitException(CODING, maxOut);
            }
            // zstd says "corrupted", "unknown frame" or "src size incorrect": let the streaming decoder
            // tell a body cut short from a corrupt one (a rejected request: rare, bounded by maxOut).
            throw diagnose(in, inOff, inLen, maxOut);
        } finally {
            ctx.reset();
            decompressContexts.release(ctx);
        }
    }

    /** The first frame's declared content size, or -1 when it declares none. */
    @Override
    public long decompressedSizeHint(byte[] in, int inOff, int inLen) {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        if (inLen < 6) {
            return -1;
        }
        long size = Zstd.getFrameContentSize(in, inOff, inLen);
        return size < 0 ? -1 : size;
    }

    @Override
    public int resourcesInUse() {
        return contexts.outstanding() + streamStates.outstanding() + decompressContexts.outstanding();
    }

    @Override
    public String toString() {
        return "zstd[level " + level + "/" + streamingLevel + "]";
    }
}
