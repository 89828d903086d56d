package dev.restcompress.codec.zstd;

import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import dev.restcompress.codec.AbstractCodec;
import dev.restcompress.codec.DecompressedSizeLimitException;
import dev.restcompress.codec.DecompressionException;
import dev.restcompress.codec.MalformedInputException;
import dev.restcompress.codec.dictionary.DictionaryCodecs;
import dev.restcompress.codec.dictionary.DictionaryHeaderCheck;
import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.dictionary.DictionaryHeaders;
import dev.restcompress.io.ObjectPool;
import dev.restcompress.io.PooledResources;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;

/**
 * The {@code dcz} coding (RFC 9842 section 5.2): a 40-byte header naming the dictionary, then a zstd
 * frame compressed with the dictionary as raw content, through zstd-jni.
 *
 * <p>The dictionary is prepared once per codec (a native {@code ZSTD_CDict} at the codec's level and
 * a {@code ZSTD_DDict}), so create one codec per dictionary and keep it. zstd-jni loads dictionaries
 * in auto mode; {@link CompressionDictionary} refuses bytes that start with the zstd dictionary
 * magic, so auto mode is raw content here, as in browsers. Frames keep the window at most 8 MiB
 * (levels up to 19), inside what Chromium accepts (window log 23..27 by dictionary size).
 *
 * <p>Decoding accepts a window up to max(8 MiB, 1.25 x dictionary size), at most 128 MiB (RFC 9842
 * section 5.2). One-shot compression and decompression reuse pooled native contexts with the
 * dictionary attached; streaming compression reuses pooled stream states. Thread-safe.
 */
final class DczCodec extends AbstractCodec implements PooledResources {
    private static final String CODING = DictionaryHeaders.DCZ;
    private static final int HEADER = 40;

    private final int level;
    private final int windowLogMax;
    private final byte[] header;
    private final ZstdDictCompress compressDictionary;
    private final ZstdDictDecompress decompressDictionary;
    private final ObjectPool<ZstdCompressCtx> contexts;
    private final ObjectPool<ZstdDecompressCtx> decompressContexts;
    private final ObjectPool<ZstdCompressingStream.State> streamStates;

    private DczCodec(CompressionDictionary dictionary, int level, boolean pooled) {
        if (level < 1 || level > 19) {
            throw new IllegalArgumentException("dcz level must be from 1 to 19, was " + level);
        }
        this.level = level;
        byte[] bytes = dictionary.bytes();
        this.header = DictionaryCodecs.header(CODING, dictionary.sha256());
        this.compressDictionary = new ZstdDictCompress(bytes, level);
        this.decompressDictionary = new ZstdDictDecompress(bytes);
        this.windowLogMax = windowLogMax(bytes.length);
        // Unpooled: capacity 0, every context is freed on release (zstd-jni contexts have no finalizer).
        int capacity = pooled ? Math.max(4, 2 * Runtime.getRuntime().availableProcessors()) : 0;
        this.contexts = new ObjectPool<>(capacity, () -> ZstdCodec.newContext(level).loadDict(compressDictionary),
                ZstdCompressCtx::close);
        this.decompressContexts = new ObjectPool<>(capacity,
                () -> new ZstdDecompressCtx().loadDict(decompressDictionary), ZstdDecompressCtx::close);
        this.streamStates = new ObjectPool<>(capacity, () -> new ZstdCompressingStream.State(level, compressDictionary),
                ZstdCompressingStream.State::close);
    }

    /**
     * A {@code dcz} codec against {@code dictionary}; created through the provider, once zstd-jni was found.
     *
     * @throws IllegalArgumentException if {@code level} is not from 1 to 19
     */
    static DczCodec create(CompressionDictionary dictionary, int level, boolean pooled) {
        return new DczCodec(Objects.requireNonNull(dictionary, "dictionary"), level, pooled);
    }

    /** log2 of the largest window a dcz frame may use with a dictionary of this size (RFC 9842 5.2). */
    static int windowLogMax(long dictionarySize) {
        long window = Math.max(8L << 20, dictionarySize + dictionarySize / 4);
        int log = 64 - Long.numberOfLeadingZeros(window - 1);
        return Math.min(27, Math.max(ZstdCodec.WINDOW_LOG_MAX, log));
    }

    @Override
    public String coding() {
        return CODING;
    }

    @Override
    public int maxCompressedLength(int inputLength) {
        // ZSTD_COMPRESSBOUND plus the header, in long so that huge inputs cannot overflow.
        long n = dev.restcompress.io.CodecArgs.inputLength(inputLength);
        long bound = HEADER + n + (n >> 8) + (n < (128 << 10) ? ((128 << 10) - n) >> 11 : 0);
        return dev.restcompress.io.CodecArgs.capped(bound);
    }

    @Override
    public int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        int max = maxCompressedLength(inLen);
        Objects.checkFromIndexSize(outOff, max, out.length);
        System.arraycopy(header, 0, out, outOff, HEADER);
        ZstdCompressCtx ctx = contexts.acquire();
        try {
            return HEADER + ctx.compressByteArray(out, outOff + HEADER, max - HEADER, in, inOff, inLen);
        } finally {
            contexts.release(ctx);
        }
    }

    @Override
    public OutputStream compressingStream(OutputStream sink) throws IOException {
        Objects.requireNonNull(sink, "sink");
        ZstdCompressingStream stream = new ZstdCompressingStream(sink, streamStates);
        try {
            sink.write(header);
        } catch (IOException | RuntimeException e) {
            stream.abort();
            throw e;
        }
        return stream;
    }

    @Override
    protected InputStream openDecompressor(InputStream source) throws IOException {
        DictionaryHeaderCheck.check(CODING, header, source);
        // A header with no frame after it is a body cut short (zstd would read it as an empty stream).
        java.io.PushbackInputStream rest = new java.io.PushbackInputStream(source, 1);
        int first = rest.read();
        if (first < 0) {
            throw headerOnly();
        }
        rest.unread(first);
        ZstdInputStreamNoFinalizer in = new ZstdInputStreamNoFinalizer(rest, RecyclingBufferPool.INSTANCE);
        try {
            in.setDict(decompressDictionary);
            in.setLongMax(windowLogMax);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
        return in;
    }

    @Override
    public int decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int maxOut)
            throws DecompressionException {
        checkDecompressArgs(in, inOff, inLen, out, outOff, maxOut);
        DictionaryHeaderCheck.check(CODING, header, in, inOff, inLen);
        if (inLen == HEADER) {
            throw headerOnly();
        }
        ZstdDecompressCtx ctx = decompressContexts.acquire();
        try {
            return ctx.decompressByteArray(out, outOff, maxOut, in, inOff + HEADER, inLen - HEADER);
        } catch (ZstdException e) {
            if (e.getErrorCode() == Zstd.errDstSizeTooSmall()) {
                throw new DecompressedSizeLimitException(CODING, maxOut);
            }
            throw diagnose(in, inOff, inLen, maxOut);
        } finally {
            // reset() also drops the dictionary: attach it again before the context goes back.
            ctx.reset();
            ctx.loadDict(decompressDictionary);
            decompressContexts.release(ctx);
        }
    }

    private static MalformedInputException headerOnly() {
        return MalformedInputException.truncated(CODING, 0, HEADER, new java.io.EOFException("dcz body has no frame"));
    }

    @Override
    public long decompressedSizeHint(byte[] in, int inOff, int inLen) {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        if (inLen < HEADER + 6) {
            return -1;
        }
        long size = Zstd.getFrameContentSize(in, inOff + HEADER, inLen - HEADER);
        return size < 0 ? -1 : size;
    }

    /** Native contexts kept idle for the next call (none when unpooled). */
    int idleContexts() {
        return contexts.idle() + decompressContexts.idle() + streamStates.idle();
    }

    @Override
    public int resourcesInUse() {
        return contexts.outstanding() + decompressContexts.outstanding() + streamStates.outstanding();
    }

    @Override
    public String toString() {
        return "dcz[level " + level + "]";
    }
}
