package dev.restcompress.bench.codec;

import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.core.SpiEngine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * gzip the way a 2014 JAX-RS stack did it (and RESTEasy's {@code GZIPEncodingInterceptor} still
 * does): a new {@link GZIPOutputStream} (so a new {@code Deflater}) per body and a
 * {@link GZIPInputStream} per body. This is the baseline the project is measured against, so it
 * deliberately keeps the per-call allocation instead of pooling.
 */
final class RawJdkGzip implements Engine {
    private final int level;

    RawJdkGzip(int level) {
        this.level = level;
    }

    @Override
    public int maxCompressedLength(int length) {
        // Stored blocks add 5 bytes per 16 KiB; generous slack for header and trailer.
        return length + (length >> 3) + 64;
    }

    @Override
    public int compress(byte[] in, int length, byte[] out) throws IOException {
        ArraySink sink = new ArraySink(out);
        try (GZIPOutputStream gz = new LeveledGzip(sink, level)) {
            gz.write(in, 0, length);
        }
        return sink.size;
    }

    @Override
    public int decompress(byte[] in, int length, byte[] out) throws IOException {
        try (GZIPInputStream gz = new GZIPInputStream(new ByteArrayInputStream(in, 0, length), 8192)) {
            return SpiEngine.readFully(gz, out);
        }
    }

    /** GZIPOutputStream has no level parameter; its protected Deflater does. */
    private static final class LeveledGzip extends GZIPOutputStream {
        LeveledGzip(OutputStream out, int level) throws IOException {
            super(out, 8192);
            def.setLevel(level);
        }
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
}
