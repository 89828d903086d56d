package dev.restcompress.codec;

import com.ning.compress.BufferRecycler;
import com.ning.compress.lzf.ChunkEncoder;
import com.ning.compress.lzf.LZFChunk;
import com.ning.compress.lzf.LZFEncoder;
import com.ning.compress.lzf.LZFInputStream;
import com.ning.compress.lzf.util.ChunkDecoderFactory;
import com.ning.compress.lzf.util.ChunkEncoderFactory;
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
public final class LzfCodec implements Codec, PooledResources {
    /** The coding token. */
    public static final String CODING = "lzf";

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

    @Override
    public int maxCompressedLength(int inputLength) {
        CodecArgs.inputLength(inputLength);
        return LZFEncoder.estimateMaxWorkspaceSize(inputLength);
    }

    @Override
    public int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        Objects.checkFromIndexSize(outOff, maxCompressedLength(inLen), out.length);
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
    public InputStream openDecompressor(InputStream source) throws IOException {
        return new LZFInputStream(ChunkDecoderFactory.safeInstance(), source);
    }

    @Override
    public int resourcesInUse() {
        return encoders.outstanding();
    }
}
