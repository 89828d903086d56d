package dev.restcompress.bench.codec;

import com.ning.compress.BufferRecycler;
import com.ning.compress.lzf.ChunkDecoder;
import com.ning.compress.lzf.ChunkEncoder;
import com.ning.compress.lzf.LZFChunk;
import com.ning.compress.lzf.LZFEncoder;
import com.ning.compress.lzf.util.ChunkDecoderFactory;
import com.ning.compress.lzf.util.ChunkEncoderFactory;
import dev.restcompress.bench.core.Engine;

/**
 * LZF through compress-lzf's own block calls, the best a hand-written caller can do: one reused
 * {@link ChunkEncoder}, {@link LZFEncoder#appendEncoded} into a reused buffer, and the safe
 * (bounds-checked) {@link ChunkDecoder}, because the SPI decodes with the safe one too; so the
 * difference to {@link SpiEngine} is the pool, the checks and the stream, nothing else.
 */
final class RawLzf implements Engine {
    private final ChunkEncoder encoder =
            ChunkEncoderFactory.optimalInstance(LZFChunk.MAX_CHUNK_LEN, new BufferRecycler());
    private final ChunkDecoder decoder = ChunkDecoderFactory.safeInstance();

    @Override
    public int maxCompressedLength(int length) {
        return LZFEncoder.estimateMaxWorkspaceSize(length);
    }

    @Override
    public int compress(byte[] in, int length, byte[] out) {
        return LZFEncoder.appendEncoded(encoder, in, 0, length, out, 0);
    }

    @Override
    public int decompress(byte[] in, int length, byte[] out) throws java.io.IOException {
        return decoder.decode(in, 0, length, out);
    }
}
