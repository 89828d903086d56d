package dev.restcompress.codec;

import dev.restcompress.io.ObjectPool;
import dev.restcompress.io.PooledResources;
import dev.restcompress.nativelib.GzipMemberResult;
import dev.restcompress.nativelib.LibdeflateCompressor;
import dev.restcompress.nativelib.LibdeflateDecompressor;
import dev.restcompress.nativelib.LibdeflateLoader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Objects;
import java.util.zip.ZipException;

/**
 * The {@code gzip} coding (RFC 1952) with one-shot compression by native libdeflate, about twice as
 * fast as zlib at a similar ratio, and levels 1 to 12 (10-12 are slower but smaller than zlib's 9).
 *
 * <p>What runs where:
 * <ul>
 *   <li>{@link #compress} (the buffered response path): libdeflate, with compressors pooled per codec
 *       (one codec per level).</li>
 *   <li>{@link #compressingStream}: {@code java.util.zip} with SYNC_FLUSH at the streaming level,
 *       since libdeflate has no streaming API.</li>
 *   <li>{@link #decompressingStream}: {@code java.util.zip}, bounded; it reads concatenated members.</li>
 *   <li>{@link #decompress(byte[], int, int, long)}: libdeflate, for a body already in memory;
 *       concatenated members are decoded one after another.</li>
 * </ul>
 *
 * <p>{@code compress} writes nothing outside {@code out[outOff, outOff + maxCompressedLength(inLen))};
 * bytes inside that range past the returned length may have been used as scratch.
 *
 * <p>Immutable and thread-safe. Construct only when {@link LibdeflateLoader#system()} is available
 * ({@link GzipEngine#active()} decides); otherwise use {@link JdkGzipCodec}.
 */
public final class LibdeflateGzipCodec implements Codec, BufferedDecompressor, PooledResources {
    /** Fastest level. */
    public static final int MIN_LEVEL = LibdeflateCompressor.MIN_LEVEL;
    /** Smallest output. */
    public static final int MAX_LEVEL = LibdeflateCompressor.MAX_LEVEL;

    /** Largest array the JVM reliably allocates. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;
    /** Deflate cannot expand data by more than about 1032:1; used to distrust a lying ISIZE field. */
    private static final long MAX_DEFLATE_RATIO = 1032;
    private static final int GZIP_TRAILER = 8;
    private static final int MIN_INITIAL_CAPACITY = 256;

    private final int level;
    private final int streamingLevel;
    private final ObjectPool<LibdeflateCompressor> compressors;
    private final ObjectPool<LibdeflateDecompressor> decompressors;

    /**
     * @param level one-shot level, 1 to 12
     * @param streamingLevel level of the JDK streaming path, 1 to 9
     * @throws IllegalArgumentException if a level is out of range
     * @throws IllegalStateException if native libdeflate is not available (the message says why)
     */
    public LibdeflateGzipCodec(int level, int streamingLevel) {
        this.level = GzipStreams.checkLevel("level", level, MAX_LEVEL);
        this.streamingLevel = GzipStreams.checkLevel("streamingLevel", streamingLevel, JdkGzipCodec.MAX_LEVEL);
        LibdeflateLoader.system().verify();
        this.compressors = ObjectPool.perCore(() -> LibdeflateCompressor.open(this.level), LibdeflateCompressor::close);
        this.decompressors = ObjectPool.perCore(LibdeflateDecompressor::open, LibdeflateDecompressor::close);
    }

    @Override
    public String coding() {
        return JdkGzipCodec.CODING;
    }

    /** The one-shot level. */
    public int level() {
        return level;
    }

    /** The streaming level. */
    public int streamingLevel() {
        return streamingLevel;
    }

    /** libdeflate's own bound for {@code inputLength} bytes at this level, nothing added. */
    @Override
    public int maxCompressedLength(int inputLength) {
        CodecArgs.inputLength(inputLength);
        LibdeflateCompressor c = compressors.acquire();
        try {
            return bound(c, inputLength);
        } finally {
            compressors.release(c);
        }
    }

    private static int bound(LibdeflateCompressor c, int inputLength) {
        // Past MAX_ARRAY no caller can hold the bound anyway; libdeflate then reports "does not
        // fit" (compress throws) instead of writing past what it was given.
        return (int) Math.min(MAX_ARRAY, c.gzipCompressBound(inputLength));
    }

    @Override
    public int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        Objects.requireNonNull(out, "out");
        LibdeflateCompressor c = compressors.acquire();
        try {
            int max = bound(c, inLen);
            Objects.checkFromIndexSize(outOff, max, out.length);
            int written = c.gzipCompress(in, inOff, inLen, out, outOff, max);
            if (written == 0) {
                throw new IllegalStateException("libdeflate output exceeded its bound for " + inLen + " bytes");
            }
            return written;
        } finally {
            compressors.release(c);
        }
    }

    @Override
    public OutputStream compressingStream(OutputStream sink) throws IOException {
        return GzipStreams.compressing(sink, streamingLevel);
    }

    @Override
    public InputStream openDecompressor(InputStream source) throws IOException {
        return GzipStreams.decompressing(source);
    }

    /**
     * Decompresses a whole gzip body held in memory (one or more members) with libdeflate.
     *
     * @return exactly the decompressed bytes
     * @throws DecompressedSizeLimitException if they would exceed {@code maxDecompressed}; memory use
     *         stays below about twice the limit whatever the input claims
     * @throws MalformedInputException if the input is empty, corrupt, truncated or followed by bytes
     *         that are not another gzip member
     * @throws IndexOutOfBoundsException if the range is outside {@code in}
     * @throws IllegalArgumentException if {@code maxDecompressed} is negative
     */
    @Override
    public byte[] decompress(byte[] in, int inOff, int inLen, long maxDecompressed) throws DecompressionException {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        if (maxDecompressed < 0) {
            throw new IllegalArgumentException("maxDecompressed must be >= 0, was " + maxDecompressed);
        }
        long cap = Math.min(maxDecompressed, MAX_ARRAY);
        Output o = new Output(new byte[(int) Math.min(cap, initialCapacity(in, inOff, inLen))], 0, cap, true);
        decode(in, inOff, inLen, o);
        return o.pos == o.buf.length ? o.buf : Arrays.copyOf(o.buf, o.pos);
    }

    /**
     * Decompresses a whole gzip body (one or more members) into {@code out[outOff, outOff+outLen)},
     * which is also the size limit. Nothing outside that range is written.
     *
     * @return bytes written
     * @throws DecompressedSizeLimitException if the data decodes to more than {@code outLen} bytes
     * @throws MalformedInputException if the input is empty, corrupt, truncated or has trailing garbage
     * @throws IndexOutOfBoundsException if a range is outside its array
     * @throws IllegalArgumentException if the ranges overlap in the same array
     */
    public int decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen)
            throws DecompressionException {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        Objects.checkFromIndexSize(outOff, outLen, out.length);
        Output o = new Output(out, outOff, outLen, false);
        decode(in, inOff, inLen, o);
        return o.pos - outOff;
    }

    /** Where decoded bytes go: {@code buf[start, pos)} is filled, the limit is {@code cap} bytes. */
    private static final class Output {
        byte[] buf;
        final int start;
        int pos;
        final long cap;
        final boolean growable;

        Output(byte[] buf, int start, long cap, boolean growable) {
            this.buf = buf;
            this.start = start;
            this.pos = start;
            this.cap = cap;
            this.growable = growable;
        }

        int room() {
            return (int) (growable ? buf.length - pos : start + cap - pos);
        }

        /** Doubles the buffer up to the limit; false when already at the limit. */
        boolean grow() {
            if (!growable || buf.length >= cap) {
                return false;
            }
            buf = Arrays.copyOf(buf, (int) Math.min(cap, Math.max(2L * buf.length, MIN_INITIAL_CAPACITY)));
            return true;
        }
    }

    private void decode(byte[] in, int inOff, int inLen, Output o) throws DecompressionException {
        if (inLen == 0) {
            throw new MalformedInputException(coding(), 0, new ZipException("empty input is not a gzip stream"));
        }
        int inPos = inOff;
        int inEnd = inOff + inLen;
        LibdeflateDecompressor d = decompressors.acquire();
        try {
            // Bounded: every OK step consumes at least one input byte, and every INSUFFICIENT_SPACE
            // step either doubles the buffer (at most ~31 times up to the cap) or throws.
            while (inPos < inEnd) {
                GzipMemberResult r = d.decompressMember(in, inPos, inEnd - inPos, o.buf, o.pos, o.room());
                switch (r.status()) {
                    case OK -> {
                        if (r.consumed() <= 0) {
                            throw malformed(o, inPos - inOff, "no progress");
                        }
                        inPos += r.consumed();
                        o.pos += r.produced();
                    }
                    case BAD_DATA -> throw badData(in, inPos, inEnd, inOff, o);
                    case INSUFFICIENT_SPACE -> {
                        if (!o.grow()) {
                            throw new DecompressedSizeLimitException(coding(), o.cap);
                        }
                    }
                }
            }
        } finally {
            decompressors.release(d);
        }
    }

    /**
     * libdeflate says only "bad data", also for a valid member that is merely cut short. Tell the two
     * apart by letting the JDK decoder read the rest (rare: a rejected request; the work is bounded by
     * the same output limit), so the client hears "truncated at offset N" rather than "not gzip".
     */
    private MalformedInputException badData(byte[] in, int inPos, int inEnd, int inOff, Output o) {
        try (InputStream jdk = GzipStreams.decompressing(new ByteArrayInputStream(in, inPos, inEnd - inPos))) {
            byte[] scratch = new byte[8192];
            long budget = o.cap;
            for (int n; budget >= 0 && (n = jdk.read(scratch)) >= 0; ) {
                budget -= n;
            }
        } catch (java.io.EOFException e) {
            return MalformedInputException.truncated(coding(), o.pos - o.start, inEnd - inOff, e);
        } catch (IOException e) {
            // corrupt: reported below
        }
        return malformed(o, inPos - inOff, inPos == inOff ? "not a valid gzip stream" : "bytes after the last member are not gzip");
    }

    private MalformedInputException malformed(Output o, int inputOffset, String why) {
        return new MalformedInputException(coding(), o.pos - o.start,
                new ZipException("libdeflate: " + why + " at input offset " + inputOffset));
    }

    /**
     * A first guess at the decoded size: the last member's ISIZE trailer field, trusted only as far
     * as deflate's maximum ratio allows (it is attacker-controlled and only mod 2^32); the buffer
     * grows if the guess is short.
     */
    private static long initialCapacity(byte[] in, int off, int len) {
        if (len < GZIP_TRAILER) {
            return MIN_INITIAL_CAPACITY;
        }
        int p = off + len - 4;
        long isize = (in[p] & 0xFFL) | (in[p + 1] & 0xFFL) << 8 | (in[p + 2] & 0xFFL) << 16 | (in[p + 3] & 0xFFL) << 24;
        return Math.max(MIN_INITIAL_CAPACITY, Math.min(isize, MAX_DEFLATE_RATIO * len));
    }

    @Override
    public String toString() {
        return "LibdeflateGzipCodec[level=" + level + ", streamingLevel=" + streamingLevel + "]";
    }
    @Override
    public int resourcesInUse() {
        return compressors.outstanding() + decompressors.outstanding();
    }
}
