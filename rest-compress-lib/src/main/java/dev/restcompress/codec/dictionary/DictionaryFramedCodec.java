package dev.restcompress.codec.dictionary;

import dev.restcompress.codec.AbstractCodec;
import dev.restcompress.codec.MalformedInputException;
import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.io.Abortable;
import dev.restcompress.io.CodecArgs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;

/**
 * The base of a dictionary coding of RFC 9842 section 5 ({@code dcz}, {@code dcb}): a body is the
 * coding's header ({@link DictionaryCodecs#header magic and SHA-256} of the dictionary) and then a
 * stream of the base coding compressed against that dictionary. This class writes the header on
 * every encoding path and checks it on every decoding path; a subclass compresses and decompresses
 * the stream after it, beside its library.
 *
 * <p>Public only because the subclasses live in their codings' packages; create dictionary codecs
 * through {@link DictionaryCodecs}. Thread-safe when the subclass is.
 */
public abstract class DictionaryFramedCodec extends AbstractCodec {
    /** Hex digits of the dictionary's SHA-256 in a variant name: enough to tell a resource's dictionaries apart. */
    private static final int VARIANT_HASH_DIGITS = 12;

    private final String coding;
    private final byte[] header;
    private final String dictionaryId;

    /**
     * @param coding {@code dcz} or {@code dcb}
     * @param dictionary the dictionary the bodies are compressed against (its hash goes in the header)
     */
    protected DictionaryFramedCodec(String coding, CompressionDictionary dictionary) {
        this.coding = coding;
        byte[] sha256 = Objects.requireNonNull(dictionary, "dictionary").sha256();
        this.header = DictionaryCodecs.header(coding, sha256);
        this.dictionaryId = java.util.HexFormat.of().formatHex(sha256, 0, VARIANT_HASH_DIGITS / 2);
    }

    /**
     * A variant name of this coding: {@code coding-<settings>.<first 12 hex digits of the dictionary's
     * SHA-256>}, e.g. {@code "dcz-3.1a2b3c4d5e6f"}: the same level against another dictionary gives
     * other bytes.
     *
     * @param settings what else changes the bytes, e.g. the level ({@code "3"}) or the streaming level
     *        ({@code "s3"}); {@code a-z 0-9} only
     */
    protected final String variantWith(String settings) {
        return coding + "-" + settings + "." + dictionaryId;
    }

    @Override
    public final String coding() {
        return coding;
    }

    /** Bytes before the compressed stream: 40 for {@code dcz}, 36 for {@code dcb}. */
    protected final int headerLength() {
        return header.length;
    }

    @Override
    public final int maxCompressedLength(int inputLength) {
        long n = CodecArgs.inputLength(inputLength);
        return CodecArgs.capped(header.length + maxStreamLength(n));
    }

    /** The most the stream after the header can take for {@code n} input bytes (in long: no overflow). */
    protected abstract long maxStreamLength(long n);

    @Override
    public final int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff) {
        int max = checkCompressArgs(in, inOff, inLen, out, outOff);
        System.arraycopy(header, 0, out, outOff, header.length);
        return header.length + compressStream(in, inOff, inLen, out, outOff + header.length, max - header.length);
    }

    /**
     * Compresses {@code in[inOff, inOff+inLen)} against the dictionary into {@code out[outOff,
     * outOff+max)}, ranges already checked.
     *
     * @return bytes written
     */
    protected abstract int compressStream(byte[] in, int inOff, int inLen, byte[] out, int outOff, int max);

    @Override
    public final OutputStream compressingStream(OutputStream sink) throws IOException {
        Objects.requireNonNull(sink, "sink");
        OutputStream stream = openCompressor(sink);
        try {
            sink.write(header);
        } catch (IOException | RuntimeException e) {
            Abortable.abort(stream);
            throw e;
        }
        return stream;
    }

    /** A stream that compresses against the dictionary into {@code sink}, after the header. */
    protected abstract OutputStream openCompressor(OutputStream sink) throws IOException;

    @Override
    protected final InputStream openDecompressor(InputStream source) throws IOException {
        DictionaryHeaderCheck.check(coding, header, source);
        return openStreamDecompressor(source);
    }

    /** The raw decoder of the stream after the header, which was read from {@code source} and checked. */
    protected abstract InputStream openStreamDecompressor(InputStream source) throws IOException;

    /**
     * Checks that {@code in[off, off+len)} starts with this codec's header: for subclasses that
     * decode one-shot bodies themselves.
     *
     * @throws MalformedInputException if the header is cut short, has the wrong magic or names
     *         another dictionary
     */
    protected final void checkHeader(byte[] in, int off, int len) throws MalformedInputException {
        DictionaryHeaderCheck.check(coding, header, in, off, len);
    }
}
