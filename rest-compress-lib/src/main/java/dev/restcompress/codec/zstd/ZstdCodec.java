package dev.restcompress.codec.zstd;

import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import dev.restcompress.codec.AbstractCodec;
import dev.restcompress.codec.DecompressedSizeLimitException;
import dev.restcompress.codec.DecompressionException;
import dev.restcompress.io.CodecArgs;
import dev.restcompress.io.PooledResources;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;

/**
 * The {@code zstd} coding (RFC 8878) through {@code com.github.luben:zstd-jni}.
 *
 * <p>Constructed only by {@link ZstdProvider}, once zstd-jni was found usable. One-shot compression
 * and decompression reuse pooled native contexts, streaming compression pooled contexts together
 * with their direct buffers ({@link ZstdContexts}).
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
    private final ZstdContexts contexts;

    /**
     * @param level one-shot level, checked by the provider
     * @param streamingLevel level of the streaming path, checked by the provider
     */
    ZstdCodec(int level, int streamingLevel) {
        this.level = level;
        this.streamingLevel = streamingLevel;
        this.contexts = ZstdContexts.plain(level, streamingLevel);
    }

    @Override
    public String coding() {
        return CODING;
    }

    /** The coding and the one-shot level, e.g. {@code "zstd-3"}. */
    @Override
    public String variant() {
        return CODING + "-" + level;
    }

    /** The coding and the streaming level after an {@code s}, e.g. {@code "zstd-s1"}. */
    @Override
    public String streamingVariant() {
        return CODING + "-s" + streamingLevel;
    }

    @Override
    public int maxCompressedLength(int inputLength) {
        return CodecArgs.capped(maxFrameLength(CodecArgs.inputLength(inputLength)));
    }

    /** ZSTD_COMPRESSBOUND of {@code n} bytes, here and after a {@code dcz} header; in long: no overflow. */
    static long maxFrameLength(long n) {
        return n + (n >> 8) + (n < (128 << 10) ? ((128 << 10) - n) >> 11 : 0);
    }

    @Override
    public int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        int max = checkCompressArgs(in, inOff, inLen, out, outOff);
        return contexts.compress(in, inOff, inLen, out, outOff, max);
    }

    @Override
    public OutputStream compressingStream(OutputStream sink) {
        return contexts.compressingStream(Objects.requireNonNull(sink, "sink"));
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
        try {
            return contexts.decompress(in, inOff, inLen, out, outOff, maxOut);
        } catch (ZstdException e) {
            // zstd says "corrupted", "unknown frame" or "src size incorrect": let the streaming decoder
            // tell a body cut short from a corrupt one (a rejected request: rare, bounded by maxOut).
            throw ZstdContexts.outputFull(e) ? new DecompressedSizeLimitException(CODING, maxOut)
                    : diagnose(in, inOff, inLen, maxOut);
        }
    }

    /** The first frame's declared content size, or -1 when it declares none. */
    @Override
    public long decompressedSizeHint(byte[] in, int inOff, int inLen) {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        return ZstdContexts.frameContentSize(in, inOff, inLen);
    }

    @Override
    public int resourcesInUse() {
        return contexts.resourcesInUse();
    }

    @Override
    public String toString() {
        return "zstd[level " + level + "/" + streamingLevel + "]";
    }
}
