package dev.restcompress.codec.gzip;

import dev.restcompress.codec.AbstractCodec;
import dev.restcompress.io.CodecArgs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;

/**
 * The {@code gzip} coding (RFC 1952), on one of two engines: native libdeflate for one-shot work when
 * it loads, {@code java.util.zip} otherwise ({@link GzipEngine}). Both stream through the JDK
 * (libdeflate has no streaming API) and read concatenated members. Thread-safe.
 */
abstract sealed class GzipCodec extends AbstractCodec permits LibdeflateGzipCodec, JdkGzipCodec {
    static final String CODING = "gzip";
    /** Trailer of a member: CRC32 and ISIZE, little-endian. */
    static final int TRAILER_LENGTH = 8;
    /** Deflate cannot expand more than this (258 bytes from a 2-bit code, rounded up). */
    static final long MAX_DEFLATE_RATIO = 1032;

    private final int level;
    private final int streamingLevel;

    GzipCodec(GzipEngine engine, int level, int streamingLevel) {
        this.level = CodecArgs.level("gzip", "level", level, 1, engine.maxLevel());
        this.streamingLevel = CodecArgs.level("gzip", "streamingLevel", streamingLevel, 1, JdkGzipCodec.MAX_LEVEL);
    }

    /** The engine doing the one-shot work. */
    abstract GzipEngine engine();

    @Override
    public final String coding() {
        return CODING;
    }

    /** {@code gzip-<level>} on the JDK engine, {@code gzip-ld<level>} on libdeflate. */
    @Override
    public final String variant() {
        return CODING + "-" + engine().variantPrefix() + level;
    }

    /** {@code gzip-s<streaming level>}: both engines stream through the JDK. */
    @Override
    public final String streamingVariant() {
        return CODING + "-s" + streamingLevel;
    }

    /** The one-shot level. */
    final int level() {
        return level;
    }

    /** The streaming level. */
    final int streamingLevel() {
        return streamingLevel;
    }

    @Override
    public final OutputStream compressingStream(OutputStream sink) throws IOException {
        return GzipStreams.compressing(sink, streamingLevel);
    }

    @Override
    protected final InputStream openDecompressor(InputStream source) throws IOException {
        return GzipStreams.decompressing(source);
    }

    /**
     * The last member's ISIZE trailer field, trusted only as far as deflate's maximum ratio allows
     * (it is attacker-controlled and only mod 2^32).
     */
    @Override
    public final long decompressedSizeHint(byte[] in, int inOff, int inLen) {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        if (inLen < 18) { // header + empty deflate block + trailer
            return -1;
        }
        int p = inOff + inLen - 4;
        long isize = (in[p] & 0xFFL) | (in[p + 1] & 0xFFL) << 8 | (in[p + 2] & 0xFFL) << 16 | (in[p + 3] & 0xFFL) << 24;
        return Math.min(isize, MAX_DEFLATE_RATIO * inLen);
    }

    @Override
    public final String toString() {
        return "gzip[" + engine() + ", level " + level + "/" + streamingLevel + "]";
    }
}
