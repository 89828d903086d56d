package dev.restcompress.bench.codec;

import dev.restcompress.bench.core.Engine;
import dev.restcompress.nativelib.GzipMemberResult;
import dev.restcompress.nativelib.LibdeflateCompressor;
import dev.restcompress.nativelib.LibdeflateDecompressor;
import java.io.IOException;

/**
 * libdeflate through the JNI binding's own calls, one compressor and one decompressor held for the
 * whole run: the floor under the SPI path (which adds pooling and checks) and, for decompression, the
 * one-shot native decode that request bodies of known small length get.
 */
final class RawLibdeflate implements Engine {
    private final LibdeflateCompressor compressor;
    private final LibdeflateDecompressor decompressor = LibdeflateDecompressor.open();

    RawLibdeflate(int level) {
        this.compressor = LibdeflateCompressor.open(level);
    }

    @Override
    public int maxCompressedLength(int length) {
        return (int) compressor.gzipCompressBound(length);
    }

    @Override
    public int compress(byte[] in, int length, byte[] out) {
        return compressor.gzipCompress(in, 0, length, out, 0, out.length);
    }

    @Override
    public int decompress(byte[] in, int length, byte[] out) throws IOException {
        GzipMemberResult r = decompressor.decompressMember(in, 0, length, out, 0, out.length);
        if (r.status() != GzipMemberResult.Status.OK || r.consumed() != length) {
            throw new IOException("libdeflate could not decode the body: " + r);
        }
        return r.produced();
    }
}
