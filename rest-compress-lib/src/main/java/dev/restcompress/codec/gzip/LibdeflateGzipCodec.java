package dev.restcompress.codec.gzip;

import dev.restcompress.codec.DecompressedSizeLimitException;
import dev.restcompress.codec.DecompressionException;
import dev.restcompress.codec.MalformedInputException;
import dev.restcompress.io.CodecArgs;
import dev.restcompress.io.ObjectPool;
import dev.restcompress.io.PooledResources;
import dev.restcompress.nativelib.GzipMemberResult;
import dev.restcompress.nativelib.LibdeflateCompressor;
import dev.restcompress.nativelib.LibdeflateDecompressor;
import dev.restcompress.nativelib.LibdeflateLoader;
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
final class LibdeflateGzipCodec extends GzipCodec implements PooledResources {
    /** Fastest level. */
    static final int MIN_LEVEL = LibdeflateCompressor.MIN_LEVEL;
    /** Smallest output. */
    static final int MAX_LEVEL = LibdeflateCompressor.MAX_LEVEL;

    /** Largest array the JVM reliably allocates. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;
    private static final int MIN_INITIAL_CAPACITY = 256;

    private final ObjectPool<LibdeflateCompressor> compressors;
    private final ObjectPool<LibdeflateDecompressor> decompressors;

    /**
     * @param level one-shot level, 1 to 12
     * @param streamingLevel level of the JDK streaming path, 1 to 9
     * @throws IllegalArgumentException if a level is out of range
     * @throws IllegalStateException if native libdeflate is not available (the message says why)
     */
    LibdeflateGzipCodec(int level, int streamingLevel) {
        super(GzipEngine.LIBDEFLATE, level, streamingLevel);
        LibdeflateLoader.system().verify();
        this.compressors = ObjectPool.perCore(() -> LibdeflateCompressor.open(level), LibdeflateCompressor::close);
        this.decompressors = ObjectPool.perCore(LibdeflateDecompressor::open, LibdeflateDecompressor::close);
    }

    @Override
    GzipEngine engine() {
        return GzipEngine.LIBDEFLATE;
    }

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
    byte[] decompress(byte[] in, int inOff, int inLen, long maxDecompressed) throws DecompressionException {
        Objects.checkFromIndexSize(inOff, inLen, in.length);
        if (maxDecompressed < 0) {
            throw new IllegalArgumentException("maxDecompressed must be >= 0, was " + maxDecompressed);
        }
        long cap = Math.min(maxDecompressed, MAX_ARRAY);
        Output o = new Output(new byte[(int) Math.min(cap, Math.max(MIN_INITIAL_CAPACITY, decompressedSizeHint(in, inOff, inLen)))], 0, cap, true);
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
    @Override
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
                            throw outOfRoom(in, inPos, inEnd, inOff, o);
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
    /**
     * libdeflate also runs out of room on a member cut short (it reads past the end as zeros and may
     * fill the output with garbage first): ask the streaming decoder, bounded by the same room, which
     * it is. Rare: a rejected request.
     */
    private DecompressionException outOfRoom(byte[] in, int inPos, int inEnd, int inOff, Output o) {
        DecompressionException e = diagnose(in, inPos, inEnd - inPos, o.room());
        if (e instanceof MalformedInputException m) {
            return m.truncated() ? MalformedInputException.truncated(coding(), o.pos - o.start, inEnd - inOff, m)
                    : malformed(o, inPos - inOff, "not a valid gzip stream");
        }
        return new DecompressedSizeLimitException(coding(), o.cap);
    }

    private MalformedInputException badData(byte[] in, int inPos, int inEnd, int inOff, Output o) {
        // libdeflate says only "bad data", also for a valid member cut short: ask the streaming decoder.
        if (diagnose(in, inPos, inEnd - inPos, o.cap) instanceof MalformedInputException m && m.truncated()) {
            return MalformedInputException.truncated(coding(), o.pos - o.start, inEnd - inOff, m);
        }
        return malformed(o, inPos - inOff, inPos == inOff ? "not a valid gzip stream" : "bytes after the last member are not gzip");
    }

    private MalformedInputException malformed(Output o, int inputOffset, String why) {
        return new MalformedInputException(coding(), o.pos - o.start,
                new ZipException("libdeflate: " + why + " at input offset " + inputOffset));
    }

    @Override
    public int resourcesInUse() {
        return compressors.outstanding() + decompressors.outstanding();
    }
}
