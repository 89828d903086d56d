package dev.restcompress.codec.gzip;

import dev.restcompress.io.CodecArgs;
import dev.restcompress.io.ObjectPool;
import dev.restcompress.io.PooledResources;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * The {@code gzip} coding (RFC 1952) on {@code java.util.zip}: the engine used when native
 * libdeflate is not available.
 *
 * <p>One-shot compression reuses pooled {@link Deflater}s (a new one per call costs a native
 * allocation and about 256 KiB of zlib state). Streaming uses {@code SYNC_FLUSH} on {@code flush()}
 * and its own level (default 1: a streaming response is latency-bound). Decompression handles
 * concatenated members. Thread-safe.
 */
final class JdkGzipCodec extends GzipCodec implements PooledResources {
    /** The highest level {@code java.util.zip} offers. */
    static final int MAX_LEVEL = 9;

    private static final byte[] HEADER = {
        0x1f, (byte) 0x8b, // magic
        8,                 // CM = deflate
        0,                 // FLG: no name, comment, extra or header CRC
        0, 0, 0, 0,        // MTIME unknown: equal bodies give equal bytes
        0,                 // XFL
        (byte) 255         // OS unknown
    };

    private final ObjectPool<Deflater> deflaters;

    /**
     * @param level one-shot level, 1 to 9
     * @param streamingLevel level of the streaming path, 1 to 9
     */
    JdkGzipCodec(int level, int streamingLevel) {
        super(GzipEngine.JDK, level, streamingLevel);
        this.deflaters = ObjectPool.perCore(() -> new Deflater(level, true), Deflater::end);
    }

    @Override
    GzipEngine engine() {
        return GzipEngine.JDK;
    }

    @Override
    public int maxCompressedLength(int inputLength) {
        CodecArgs.inputLength(inputLength);
        // zlib's conservative deflateBound (stored blocks: 5 bytes per 16 KiB and a little more),
        // plus the gzip header and trailer. Computed in long so huge inputs cannot overflow.
        long n = inputLength;
        long bound = n + ((n + 7) >> 3) + ((n + 63) >> 6) + 5 + HEADER.length + TRAILER_LENGTH;
        return CodecArgs.capped(bound);
    }

    @Override
    public int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        int max = checkCompressArgs(in, inOff, inLen, out, outOff);
        System.arraycopy(HEADER, 0, out, outOff, HEADER.length);
        int pos = outOff + HEADER.length;
        int end = outOff + max - TRAILER_LENGTH;
        Deflater deflater = deflaters.acquire();
        try {
            deflater.setInput(in, inOff, inLen);
            deflater.finish();
            while (!deflater.finished()) {
                if (pos == end) {
                    throw new IllegalStateException("deflate output exceeded its bound for " + inLen + " bytes");
                }
                pos += deflater.deflate(out, pos, end - pos);
            }
        } finally {
            deflater.reset();
            deflaters.release(deflater);
        }
        CRC32 crc = new CRC32();
        crc.update(in, inOff, inLen);
        writeIntLE(out, pos, (int) crc.getValue());
        writeIntLE(out, pos + 4, inLen);
        return pos + TRAILER_LENGTH - outOff;
    }

    private static void writeIntLE(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >>> 8);
        b[at + 2] = (byte) (v >>> 16);
        b[at + 3] = (byte) (v >>> 24);
    }

    @Override
    public int resourcesInUse() {
        return deflaters.outstanding();
    }
}
