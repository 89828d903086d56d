package dev.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * One HTTP content coding (RFC 9110 section 8.4.1): the codec SPI.
 *
 * <p>A codec knows nothing about JAX-RS. It compresses a byte range in one shot into the caller's
 * buffer, wraps a stream for streaming compression whose {@code flush()} really emits everything
 * written so far, and decompresses untrusted input only with a bound: in one shot into the caller's
 * buffer, or through a stream that stops at a limit. There is no unbounded way to decode.
 *
 * <p>Implementations extend {@link AbstractCodec}, which supplies the bounded streaming decoder.
 * They are immutable and thread-safe: any per-call state (hash tables, native contexts,
 * {@link java.util.zip.Deflater}s) comes from internal bounded pools. Instances come from a
 * {@link CodingProvider}.
 */
public interface Codec {

    /** The coding token as it appears in {@code Content-Encoding}, lower case, e.g. {@code "lzf"}. */
    String coding();

    /**
     * The name of the bytes {@link #compress} produces: the coding token, then, when the coding has
     * settings that change the bytes (level, engine, dictionary), a dash and those settings, e.g.
     * {@code "gzip-6"} (JDK engine, level 6), {@code "gzip-ld6"} (libdeflate, level 6),
     * {@code "dcz-3.1a2b3c4d5e6f"} (level 3, the first 12 hex digits of the dictionary's SHA-256).
     * Two codecs whose one-shot output for the same input can differ must return different names; the
     * server puts this name in the strong {@code ETag} of each encoded response, so a strong validator
     * names exactly one byte sequence (RFC 9110 section 8.8.3).
     *
     * <p>Format: {@code coding} or {@code coding "-" detail}, where {@code detail} is one or more of
     * {@code a-z 0-9 .} (no dash, so the server can tell its suffix from the application's tag). A name
     * outside this format makes the server weaken the tag instead. Default: {@link #coding()}, right
     * for a coding without settings.
     */
    default String variant() {
        return coding();
    }

    /**
     * The name of the bytes {@link #compressingStream} produces, in the format of {@link #variant()}.
     * Streaming encoders often run at another level, or frame their output differently, than the
     * one-shot path, e.g. {@code "gzip-s1"}. Default: {@link #variant()}, right when both paths give
     * the same bytes.
     */
    default String streamingVariant() {
        return variant();
    }

    /**
     * The largest number of bytes {@link #compress} can write for {@code inputLength} input bytes.
     *
     * @throws IllegalArgumentException if {@code inputLength} is negative
     */
    int maxCompressedLength(int inputLength);

    /**
     * Compresses {@code in[inOff, inOff+inLen)} into {@code out} starting at {@code outOff}, as one
     * complete stream of this coding.
     *
     * <p>The codec may use all of {@code out[outOff, outOff + maxCompressedLength(inLen))} as scratch
     * space (LZF does, when a chunk turns out incompressible); it never touches a byte outside it.
     *
     * @return the number of bytes of the result, which starts at {@code outOff}
     * @throws IndexOutOfBoundsException if a range is outside its array, or {@code out} has less than
     *         {@link #maxCompressedLength maxCompressedLength(inLen)} bytes after {@code outOff}
     */
    int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff);

    /**
     * Wraps {@code sink} in a compressing stream. {@code flush()} emits every byte written so far in
     * a form the peer can decode at once, then flushes {@code sink}; {@code close()} finishes the
     * coding and flushes, but never closes {@code sink} (the caller owns it). The caller must close
     * the stream (or abort it, {@link dev.restcompress.io.Abortable}): it holds pooled or native state.
     */
    OutputStream compressingStream(OutputStream sink) throws IOException;

    /**
     * Decompresses the complete body {@code in[inOff, inOff+inLen)} into
     * {@code out[outOff, outOff+maxOut)}. Nothing outside that range is written; memory use does not
     * depend on what the input claims.
     *
     * @return the number of decompressed bytes, which start at {@code outOff}
     * @throws DecompressedSizeLimitException if the body decodes to more than {@code maxOut} bytes
     * @throws MalformedInputException if the input is empty, corrupt or truncated (saying which)
     * @throws IndexOutOfBoundsException if a range is outside its array
     */
    int decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int maxOut) throws DecompressionException;

    /**
     * One-shot compression, like {@link #compress}, of a body that also carries {@code padding} bytes
     * every decoder of this coding skips (BREACH length hiding, {@link LengthPadding}), for a coding
     * whose padding the encoder itself must write; -1 when this codec cannot. {@code out} must hold
     * {@code maxCompressedLength(inLen) + padding + LengthPadding.OVERHEAD} bytes from {@code outOff}.
     * Default: -1.
     */
    default int compressPadded(byte[] in, int inOff, int inLen, byte[] out, int outOff, int padding) {
        return -1;
    }

    /**
     * What the body {@code in[inOff, inOff+inLen)} says its decoded size is (gzip's ISIZE, a zstd
     * frame's content size, the sum of LZF chunk lengths), or -1 when it does not say. A hint for
     * sizing the output of {@link #decompress}: the input is untrusted, so the bound still decides.
     */
    default long decompressedSizeHint(byte[] in, int inOff, int inLen) {
        return -1;
    }

    /**
     * Wraps {@code source} in a decompressing stream that yields at most {@code maxDecompressed}
     * bytes. Reading past the limit throws {@link DecompressedSizeLimitException}; corrupt or
     * truncated input throws {@link MalformedInputException} (saying which). Memory use is bounded by
     * the codec's window, never by the input. Closing the returned stream closes {@code source}. The
     * caller owns the returned stream and must close it: from the first read until then it holds the
     * decoder's native or pooled memory.
     */
    InputStream decompressingStream(InputStream source, long maxDecompressed);
}
