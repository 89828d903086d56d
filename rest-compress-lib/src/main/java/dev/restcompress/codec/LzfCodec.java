package dev.restcompress.codec;

import com.ning.compress.BufferRecycler;
import com.ning.compress.lzf.ChunkEncoder;
import com.ning.compress.lzf.LZFChunk;
import com.ning.compress.lzf.LZFEncoder;
import com.ning.compress.lzf.LZFInputStream;
import com.ning.compress.lzf.util.ChunkDecoderFactory;
import com.ning.compress.lzf.util.ChunkEncoderFactory;
import dev.restcompress.io.ObjectPool;
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
public final class LzfCodec implements Codec {
    /** The coding token. */
    public static final String CODING = "lzf";

    private final ObjectPool<ChunkEncoder> encoders = ObjectPool.perCore(
            // A private recycler per encoder: the library's default is thread-local, and pooled
            // encoders move between threads.
            () -> ChunkEncoderFactory.optimalInstance(LZFChunk.MAX_CHUNK_LEN, new BufferRecycler()),
            encoder -> { });

    @Override
    public String coding() {
        return CODING;
    }

    @Override
    public int maxCompressedLength(int inputLength) {
        if (inputLength < 0) {
            throw new IllegalArgumentException("inputLength must be >= 0, was " + inputLength);
        }
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

    /** Encoders handed out and not returned (for leak tests). */
    int encodersOutstanding() {
        return encoders.outstanding();
    }
}
