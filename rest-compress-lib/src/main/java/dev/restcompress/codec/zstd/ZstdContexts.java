package dev.restcompress.codec.zstd;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdException;
import dev.restcompress.io.ObjectPool;
import dev.restcompress.io.PooledResources;
import java.io.OutputStream;

/**
 * The pooled native state of one zstd codec, with or without a dictionary ({@link ZstdCodec},
 * {@link DczCodec}): one-shot compression contexts at the codec's level, streaming states, and
 * one-shot decompression contexts, each with the dictionary attached when there is one. Creating a
 * context costs a native allocation of several hundred KiB, hence the pools; a context the pool
 * does not keep is freed with {@code close()} on release (zstd-jni contexts have no finalizer).
 * Thread-safe.
 */
final class ZstdContexts implements PooledResources {
    private final ObjectPool<ZstdCompressCtx> compress;
    private final ObjectPool<ZstdCompressingStream.State> streams;
    private final ObjectPool<ZstdDecompressCtx> decompress;
    /** Attached again after each one-shot decode: {@code reset()} drops it. {@code null}: none. */
    private final ZstdDictDecompress decompressDictionary;

    private ZstdContexts(ObjectPool<ZstdCompressCtx> compress, ObjectPool<ZstdCompressingStream.State> streams,
            ObjectPool<ZstdDecompressCtx> decompress, ZstdDictDecompress decompressDictionary) {
        this.compress = compress;
        this.streams = streams;
        this.decompress = decompress;
        this.decompressDictionary = decompressDictionary;
    }

    /** The contexts of plain zstd, pooled per core. */
    static ZstdContexts plain(int level, int streamingLevel) {
        return new ZstdContexts(ObjectPool.perCore(() -> newContext(level), ZstdCompressCtx::close),
                ObjectPool.perCore(() -> new ZstdCompressingStream.State(streamingLevel), ZstdCompressingStream.State::close),
                ObjectPool.perCore(ZstdDecompressCtx::new, ZstdDecompressCtx::close), null);
    }

    /**
     * The contexts of zstd against a prepared dictionary, one-shot and streaming at {@code level}.
     *
     * @param capacity idle contexts each pool keeps; 0 frees every context on release
     */
    static ZstdContexts withDictionary(ZstdDictCompress compressDictionary, ZstdDictDecompress decompressDictionary,
            int level, int capacity) {
        return new ZstdContexts(
                new ObjectPool<>(capacity, () -> newContext(level).loadDict(compressDictionary), ZstdCompressCtx::close),
                new ObjectPool<>(capacity, () -> new ZstdCompressingStream.State(level, compressDictionary),
                        ZstdCompressingStream.State::close),
                new ObjectPool<>(capacity, () -> new ZstdDecompressCtx().loadDict(decompressDictionary),
                        ZstdDecompressCtx::close),
                decompressDictionary);
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
            ctx.setWindowLog(ZstdCodec.WINDOW_LOG_MAX);
        }
        return ctx;
    }

    /**
     * One frame of {@code in[inOff, inOff+inLen)} into {@code out[outOff, outOff+max)} through a
     * pooled context (the level is set once per context: ZSTD_compress2 resets the session, not the
     * parameters). zstd-jni checks the ranges again, and zstd never writes past {@code max}.
     */
    int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int max) {
        ZstdCompressCtx ctx = compress.acquire();
        try {
            return ctx.compressByteArray(out, outOff, max, in, inOff, inLen);
        } finally {
            compress.release(ctx);
        }
    }

    /** A streaming compressor into {@code sink} on a pooled state. */
    OutputStream compressingStream(OutputStream sink) {
        return new ZstdCompressingStream(sink, streams);
    }

    /**
     * Every frame of {@code in[inOff, inOff+inLen)} into {@code out[outOff, outOff+maxOut)} through a
     * pooled context. Such a context cannot limit the window, and need not: decoding a whole body
     * into the caller's buffer uses that buffer as the window, so memory is the caller's bound.
     *
     * @throws ZstdException as zstd reports the failure; {@link #outputFull} tells the size limit
     */
    int decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int maxOut) {
        ZstdDecompressCtx ctx = decompress.acquire();
        try {
            return ctx.decompressByteArray(out, outOff, maxOut, in, inOff, inLen);
        } finally {
            ctx.reset();
            if (decompressDictionary != null) {
                ctx.loadDict(decompressDictionary);
            }
            decompress.release(ctx);
        }
    }

    /** Whether a one-shot decode failed because the body decodes to more than the room given. */
    static boolean outputFull(ZstdException e) {
        return e.getErrorCode() == Zstd.errDstSizeTooSmall();
    }

    /** The declared content size of the frame at {@code in[off, off+len)}, or -1 when it has none. */
    static long frameContentSize(byte[] in, int off, int len) {
        if (len < 6) {
            return -1;
        }
        long size = Zstd.getFrameContentSize(in, off, len);
        return size < 0 ? -1 : size;
    }

    /** Contexts kept idle for the next call. */
    int idle() {
        return compress.idle() + streams.idle() + decompress.idle();
    }

    @Override
    public int resourcesInUse() {
        return compress.outstanding() + streams.outstanding() + decompress.outstanding();
    }
}
