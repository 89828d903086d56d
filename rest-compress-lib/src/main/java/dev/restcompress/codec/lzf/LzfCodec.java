package dev.restcompress.codec.lzf;

import com.ning.compress.BufferRecycler;
import com.ning.compress.lzf.ChunkDecoder;
import com.ning.compress.lzf.ChunkEncoder;
import com.ning.compress.lzf.LZFException;
import com.ning.compress.lzf.LZFChunk;
import com.ning.compress.lzf.LZFEncoder;
import com.ning.compress.lzf.LZFInputStream;
import com.ning.compress.lzf.util.ChunkDecoderFactory;
import com.ning.compress.lzf.util.ChunkEncoderFactory;
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
 * The {@code lzf} coding: LZF in the chunked "ZV" format read by the C {@code lzf} tool and by the
 * LZF libraries of other languages, through {@code com.ning:compress-lzf}.
 *
 * <p>LZF has no levels. Encoders (each with a 64 KiB-entry hash table) are pooled, never allocated
 * per response. Decoding always uses the bounds-checked ("safe") decoder, because request bodies are
 * attacker-controlled. Thread-safe.
 */
final class LzfCodec extends AbstractCodec implements PooledResources {
    /** The coding token. */
    static final String CODING = "lzf";

    /** Stateless and bounds-checked: request bodies are attacker-controlled. */
    private static final ChunkDecoder DECODER = ChunkDecoderFactory.safeInstance();

    /** Whether pooled encoders use compress-lzf's Unsafe-based implementation; decided once. */
    private static final boolean USE_UNSAFE_ENCODER = unsafeEncoderUsable();

    private final ObjectPool<ChunkEncoder> encoders = ObjectPool.perCore(
            // A private recycler per encoder: the library's default is thread-local, and pooled
            // encoders move between threads.
            () -> USE_UNSAFE_ENCODER
                    ? ChunkEncoderFactory.optimalInstance(LZFChunk.MAX_CHUNK_LEN, new BufferRecycler())
                    : ChunkEncoderFactory.safeInstance(LZFChunk.MAX_CHUNK_LEN, new BufferRecycler()),
            encoder -> { });

    /**
     * The Unsafe-based encoder is the fastest, but: from JDK 24 on every use of {@code sun.misc.Unsafe}
     * memory access prints a deprecation warning (JEP 498) ahead of its removal, and containers such as
     * WildFly hide {@code sun.misc.Unsafe} from deployments, where compress-lzf's own fallback (which
     * catches only {@code Exception}) lets a {@code NoClassDefFoundError} through. So: portable encoder
     * on JDK 24+, and whenever the Unsafe one cannot even be built. Both write identical output.
     */
    private static boolean unsafeEncoderUsable() {
        if (Runtime.version().feature() >= 24) {
            return false;
        }
        try {
            ChunkEncoder probe = ChunkEncoderFactory.optimalInstance(LZFChunk.MAX_CHUNK_LEN, new BufferRecycler());
            return !(probe.getClass().getName().contains("Vanilla"));
        } catch (LinkageError | RuntimeException e) {
            System.getLogger(LzfCodec.class.getName()).log(System.Logger.Level.DEBUG,
                    "compress-lzf's Unsafe encoder is unavailable here ({0}); using the portable one", e.toString());
            return false;
        }
    }

    @Override
    public String coding() {
        return CODING;
    }

    /**
     * {@code "lzf-s"}: the streaming encoder cuts chunks where the entity flushes, so its bytes can
     * differ from the one-shot ones ({@link #variant()} is {@code "lzf"}: LZF has no levels).
     */
    @Override
    public String streamingVariant() {
        return CODING + "-s";
    }

    @Override
    public int maxCompressedLength(int inputLength) {
        CodecArgs.inputLength(inputLength);
        return LZFEncoder.estimateMaxWorkspaceSize(inputLength);
    }

    @Override
    public int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        checkCompressArgs(in, inOff, inLen, out, outOff);
        ChunkEncoder encoder = encoders.acquire();
        try {
            return LZFEncoder.appendEncoded(encoder, in, inOff, inLen, out, outOff) - outOff;
        } finally {
            encoders.release(encoder);
        }
    }

    @Override
    public OutputStream compressingStream(OutputStream sink) {
        return new LzfCompressingStream(Objects.requireNonNull(sink, "sink"), encoders);
    }

    @Override
    protected InputStream openDecompressor(InputStream source) throws IOException {
        return new LZFInputStream(ChunkDecoderFactory.safeInstance(), source);
    }

    /**
     * Chunk by chunk straight into the caller's buffer with the safe decoder: no stream, no copy.
     * Every chunk's declared length is checked against the input and the room left before decoding.
     */
    @Override
    public int decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int maxOut)
            throws DecompressionException {
        checkDecompressArgs(in, inOff, inLen, out, outOff, maxOut);
        int p = inOff;
        int end = inOff + inLen;
        int o = outOff;
        int outEnd = outOff + maxOut;
        // Bounded: every step advances p by at least the 5-byte header.
        while (p < end) {
            if (end - p < 5 || in[p] != 'Z' || in[p + 1] != 'V') {
                throw malformedOrTruncated(in, inOff, inLen, o - outOff, p - inOff, end - p < 5);
            }
            int type = in[p + 2];
            int length = (in[p + 3] & 0xFF) << 8 | (in[p + 4] & 0xFF);
            int header = type == LZFChunk.BLOCK_TYPE_COMPRESSED ? 7 : 5;
            if (type != LZFChunk.BLOCK_TYPE_COMPRESSED && type != LZFChunk.BLOCK_TYPE_NON_COMPRESSED) {
                throw malformedOrTruncated(in, inOff, inLen, o - outOff, p - inOff, false);
            }
            if (end - p < header || end - p - header < length) {
                throw malformedOrTruncated(in, inOff, inLen, o - outOff, p - inOff, true);
            }
            int produced = header == 7 ? (in[p + 5] & 0xFF) << 8 | (in[p + 6] & 0xFF) : length;
            if (produced > outEnd - o) {
                throw new DecompressedSizeLimitException(CODING, maxOut);
            }
            if (header == 5) {
                System.arraycopy(in, p + 5, out, o, length);
            } else {
                try {
                    DECODER.decodeChunk(in, p + 7, out, o, o + produced);
                } catch (LZFException | RuntimeException e) {
                    throw new MalformedInputException(CODING, o - outOff, e);
                }
            }
            o += produced;
            p += header + length;
        }
        return o - outOff;
    }

    private static MalformedInputException malformedOrTruncated(byte[] in, int inOff, int inLen, int decoded,
            int at, boolean truncated) {
        return truncated
                ? MalformedInputException.truncated(CODING, decoded, inLen, null)
                : new MalformedInputException(CODING, decoded, new LZFException("not an LZF chunk at input offset " + at));
    }

    /** The sum of the chunk headers' lengths (a cheap walk over the headers), or -1 if they are not LZF. */
    @Override
    public long decompressedSizeHint(byte[] in, int inOff, int inLen) {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        long total = 0;
        int p = inOff;
        int end = inOff + inLen;
        // Bounded: every step advances p by at least the 5-byte header.
        while (p < end) {
            if (end - p < 5 || in[p] != 'Z' || in[p + 1] != 'V') {
                return -1;
            }
            int length = (in[p + 3] & 0xFF) << 8 | (in[p + 4] & 0xFF);
            if (in[p + 2] == LZFChunk.BLOCK_TYPE_NON_COMPRESSED) {
                total += length;
                p += 5 + length;
            } else if (in[p + 2] == LZFChunk.BLOCK_TYPE_COMPRESSED && end - p >= 7) {
                total += (in[p + 5] & 0xFF) << 8 | (in[p + 6] & 0xFF);
                p += 7 + length;
            } else {
                return -1;
            }
        }
        return total;
    }

    @Override
    public int resourcesInUse() {
        return encoders.outstanding();
    }
}
