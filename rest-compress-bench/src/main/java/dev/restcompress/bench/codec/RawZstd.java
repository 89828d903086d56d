package dev.restcompress.bench.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import dev.restcompress.bench.core.Engine;

/**
 * zstd through zstd-jni's own context calls, array to array: one {@link ZstdCompressCtx} at the
 * level and one {@link ZstdDecompressCtx}, both held for the whole run. The SPI compresses with
 * pooled contexts of the same kind, so compress shows what the pool and checks cost; it decompresses
 * through a bounded stream (a request body's decoded size is unknown, and a context cannot cap the
 * window), so decompress shows what the stream costs.
 */
final class RawZstd implements Engine {
    private final ZstdCompressCtx compressor;
    private final ZstdDecompressCtx decompressor = new ZstdDecompressCtx();

    RawZstd(int level) {
        this.compressor = new ZstdCompressCtx().setLevel(level);
    }

    @Override
    public int maxCompressedLength(int length) {
        return Math.toIntExact(Zstd.compressBound(length));
    }

    @Override
    public int compress(byte[] in, int length, byte[] out) {
        return compressor.compressByteArray(out, 0, out.length, in, 0, length);
    }

    @Override
    public int decompress(byte[] in, int length, byte[] out) {
        return decompressor.decompressByteArray(out, 0, out.length, in, 0, length);
    }
}
