package dev.restcompress.bench.dictionary;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import dev.restcompress.bench.core.Engine;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * {@code dcz} (RFC 9842): the 8-byte magic {@code 5e 2a 4d 18 20 00 00 00}, the SHA-256 of the
 * dictionary, then one zstd frame compressed with the dictionary as raw content. zstd-jni loads
 * dictionaries in auto mode, so the dictionary must not start with the ZDICT magic
 * {@code 37 a4 30 ec} (see {@link RawDictionary}). One context each way, held for the whole run;
 * not thread-safe.
 */
public final class DczEngine implements Engine {
    static final byte[] MAGIC = {0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00};
    /** Bytes before the zstd frame. */
    public static final int HEADER = MAGIC.length + 32;

    private final byte[] header;
    private final ZstdCompressCtx compressor;
    private final ZstdDecompressCtx decompressor = new ZstdDecompressCtx();

    /** {@code dictionary} must be raw (checked); {@code level} is the zstd level. */
    public DczEngine(byte[] dictionary, int level) {
        RawDictionary.requireRaw(dictionary);
        header = Arrays.copyOf(MAGIC, HEADER);
        System.arraycopy(sha256(dictionary), 0, header, MAGIC.length, 32);
        compressor = new ZstdCompressCtx().setLevel(level).loadDict(dictionary);
        decompressor.loadDict(dictionary);
    }

    @Override
    public int maxCompressedLength(int length) {
        return HEADER + Math.toIntExact(Zstd.compressBound(length));
    }

    @Override
    public int compress(byte[] in, int length, byte[] out) {
        System.arraycopy(header, 0, out, 0, HEADER);
        return HEADER + compressor.compressByteArray(out, HEADER, out.length - HEADER, in, 0, length);
    }

    @Override
    public int decompress(byte[] in, int length, byte[] out) throws IOException {
        if (length < HEADER || !Arrays.equals(in, 0, HEADER, header, 0, HEADER)) {
            throw new IOException("not a dcz body for this dictionary");
        }
        return decompressor.decompressByteArray(out, 0, out.length, in, HEADER, length - HEADER);
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
