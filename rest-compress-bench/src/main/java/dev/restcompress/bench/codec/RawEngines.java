package dev.restcompress.bench.codec;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.Decoder;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.ning.compress.BufferRecycler;
import com.ning.compress.lzf.ChunkDecoder;
import com.ning.compress.lzf.ChunkEncoder;
import com.ning.compress.lzf.LZFChunk;
import com.ning.compress.lzf.LZFEncoder;
import com.ning.compress.lzf.util.ChunkDecoderFactory;
import com.ning.compress.lzf.util.ChunkEncoderFactory;
import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.core.SpiEngine;
import dev.restcompress.nativelib.GzipMemberResult;
import dev.restcompress.nativelib.LibdeflateCompressor;
import dev.restcompress.nativelib.LibdeflateDecompressor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.IntUnaryOperator;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/** The raw engines: each library through its own calls, as a hand-written caller would use it. */
final class RawEngines {
    private interface Call {
        int apply(byte[] in, int length, byte[] out) throws IOException;
    }

    private record Raw(IntUnaryOperator bound, Call compressCall, Call decompressCall) implements Engine {
        @Override
        public int maxCompressedLength(int length) {
            return bound.applyAsInt(length);
        }

        @Override
        public int compress(byte[] in, int length, byte[] out) throws IOException {
            return compressCall.apply(in, length, out);
        }

        @Override
        public int decompress(byte[] in, int length, byte[] out) throws IOException {
            return decompressCall.apply(in, length, out);
        }
    }

    private RawEngines() {}

    /** Block calls, reused encoder, the safe decoder as in the SPI: the difference is the SPI's pool and checks. */
    static Engine lzf() {
        ChunkEncoder encoder = ChunkEncoderFactory.optimalInstance(LZFChunk.MAX_CHUNK_LEN, new BufferRecycler());
        ChunkDecoder decoder = ChunkDecoderFactory.safeInstance();
        return new Raw(LZFEncoder::estimateMaxWorkspaceSize,
                (in, length, out) -> LZFEncoder.appendEncoded(encoder, in, 0, length, out, 0),
                (in, length, out) -> decoder.decode(in, 0, length, out));
    }

    /** New streams per body, as RESTEasy's {@code GZIPEncodingInterceptor} still does: the baseline's allocation. */
    static Engine jdkGzip(int level) {
        // Stored blocks add 5 bytes per 16 KiB; generous slack for header and trailer.
        return new Raw(length -> length + (length >> 3) + 64, (in, length, out) -> {
            ArraySink sink = new ArraySink(out);
            try (GZIPOutputStream gz = new GZIPOutputStream(sink, 8192) {
                {
                    def.setLevel(level); // no level parameter; its protected Deflater has one
                }
            }) {
                gz.write(in, 0, length);
            }
            return sink.size;
        }, (in, length, out) -> {
            try (GZIPInputStream gz = new GZIPInputStream(new ByteArrayInputStream(in, 0, length), 8192)) {
                return SpiEngine.readFully(gz, out);
            }
        });
    }

    /** Writes into a fixed array, so the benchmark measures gzip, not ByteArrayOutputStream growth. */
    private static final class ArraySink extends OutputStream {
        private final byte[] buf;
        int size;

        ArraySink(byte[] buf) {
            this.buf = buf;
        }

        @Override
        public void write(int b) {
            buf[size++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            System.arraycopy(b, off, buf, size, len);
            size += len;
        }
    }

    /** The JNI binding's one-shot calls, one compressor and decompressor for the run: the floor under the SPI. */
    static Engine libdeflate(int level) {
        LibdeflateCompressor compressor = LibdeflateCompressor.open(level);
        LibdeflateDecompressor decompressor = LibdeflateDecompressor.open();
        return new Raw(length -> (int) compressor.gzipCompressBound(length),
                (in, length, out) -> compressor.gzipCompress(in, 0, length, out, 0, out.length),
                (in, length, out) -> {
                    GzipMemberResult r = decompressor.decompressMember(in, 0, length, out, 0, out.length);
                    if (r.status() != GzipMemberResult.Status.OK || r.consumed() != length) {
                        throw new IOException("libdeflate could not decode the body: " + r);
                    }
                    return r.produced();
                });
    }

    /** Contexts held for the run; the SPI decompresses through a bounded stream (a context cannot cap the window). */
    static Engine zstd(int level) {
        ZstdCompressCtx compressor = new ZstdCompressCtx().setLevel(level);
        ZstdDecompressCtx decompressor = new ZstdDecompressCtx();
        return new Raw(length -> Math.toIntExact(Zstd.compressBound(length)),
                (in, length, out) -> compressor.compressByteArray(out, 0, out.length, in, 0, length),
                (in, length, out) -> decompressor.decompressByteArray(out, 0, out.length, in, 0, length));
    }

    /** The one-call API: new native state and result array per call, and the copy, are what the SPI avoids. */
    static Engine brotli(int quality) {
        // brotli4j binds its native methods only after its loader has run.
        Brotli4jLoader.ensureAvailability();
        Encoder.Parameters parameters = new Encoder.Parameters().setQuality(quality);
        // Brotli's own bound is n + 4 bytes per 16 KiB + 6; compress() fails rather than overrun.
        return new Raw(length -> length + (length >> 8) + 64,
                (in, length, out) -> copy(Encoder.compress(in, 0, length, parameters), out),
                (in, length, out) -> copy(Decoder.decompress(in, 0, length), out));
    }

    private static int copy(byte[] result, byte[] out) throws IOException {
        if (result.length > out.length) {
            throw new IOException(result.length + " bytes do not fit the " + out.length + "-byte buffer");
        }
        System.arraycopy(result, 0, out, 0, result.length);
        return result.length;
    }
}
