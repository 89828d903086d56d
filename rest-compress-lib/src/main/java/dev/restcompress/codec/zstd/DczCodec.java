package dev.restcompress.codec.zstd;

import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictDecompress;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import dev.restcompress.codec.DecompressedSizeLimitException;
import dev.restcompress.codec.DecompressionException;
import dev.restcompress.codec.MalformedInputException;
import dev.restcompress.codec.dictionary.DictionaryFramedCodec;
import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.dictionary.DictionaryHeaders;
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
final class DczCodec extends DictionaryFramedCodec implements PooledResources {
    private static final String CODING = DictionaryHeaders.DCZ;

    private final int level;
    private final int windowLogMax;
    private final ZstdDictDecompress decompressDictionary;
    private final ZstdContexts contexts;

    private DczCodec(CompressionDictionary dictionary, int level, boolean pooled) {
        super(CODING, dictionary);
        if (level < 1 || level > 19) {
            throw new IllegalArgumentException("dcz level must be from 1 to 19, was " + level);
        }
        this.level = level;
        byte[] bytes = dictionary.bytes();
        this.decompressDictionary = new ZstdDictDecompress(bytes);
        this.windowLogMax = windowLogMax(bytes.length);
        // Unpooled: capacity 0, every context is freed on release (zstd-jni contexts have no finalizer).
        int capacity = pooled ? Math.max(4, 2 * Runtime.getRuntime().availableProcessors()) : 0;
        this.contexts = ZstdContexts.withDictionary(new ZstdDictCompress(bytes, level), decompressDictionary, level,
                capacity);
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
    protected long maxStreamLength(long n) {
        return ZstdCodec.maxFrameLength(n);
    }

    @Override
    protected int compressStream(byte[] in, int inOff, int inLen, byte[] out, int outOff, int max) {
        return contexts.compress(in, inOff, inLen, out, outOff, max);
    }

    @Override
    protected OutputStream openCompressor(OutputStream sink) {
        return contexts.compressingStream(sink);
    }

    @Override
    protected InputStream openStreamDecompressor(InputStream source) throws IOException {
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
        checkHeader(in, inOff, inLen);
        int header = headerLength();
        if (inLen == header) {
            throw headerOnly();
        }
        try {
            return contexts.decompress(in, inOff + header, inLen - header, out, outOff, maxOut);
        } catch (ZstdException e) {
            throw ZstdContexts.outputFull(e) ? new DecompressedSizeLimitException(CODING, maxOut)
                    : diagnose(in, inOff, inLen, maxOut);
        }
    }

    private MalformedInputException headerOnly() {
        return MalformedInputException.truncated(CODING, 0, headerLength(), new java.io.EOFException("dcz body has no frame"));
    }

    @Override
    public long decompressedSizeHint(byte[] in, int inOff, int inLen) {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        int header = headerLength();
        return inLen < header ? -1 : ZstdContexts.frameContentSize(in, inOff + header, inLen - header);
    }

    /** Native contexts kept idle for the next call (none when unpooled). */
    int idleContexts() {
        return contexts.idle();
    }

    @Override
    public int resourcesInUse() {
        return contexts.resourcesInUse();
    }

    @Override
    public String variant() {
        return variantWith(Integer.toString(level));
    }

    /** Streams at the same level, but frames differ from one-shot ones (no content size, flush blocks). */
    @Override
    public String streamingVariant() {
        return variantWith("s" + level);
    }

    @Override
    public String toString() {
        return "dcz[level " + level + "]";
    }
}
