package dev.restcompress.decoding;

import dev.restcompress.codec.Codec;
import dev.restcompress.negotiation.CodingTokens;
import dev.restcompress.codec.CodecRegistry;

import dev.restcompress.codec.DecompressedSizeLimitException;
import dev.restcompress.codec.DecompressionException;
import dev.restcompress.codec.MalformedInputException;
import dev.restcompress.codec.StreamCounters;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The decoding pipeline of one body: the codecs of the codings its {@code Content-Encoding} header
 * lists ({@link CodingTokens#contentCodings}), in the order they were applied (RFC 9110 section 8.4: {@code gzip, lzf} means gzip first, then lzf). Decoding undoes them
 * in reverse order, each stage bounded by the same limit. {@code identity} entries are skipped.
 * Immutable.
 */
public final class ContentCodings {
    private static final ContentCodings NONE = new ContentCodings(List.of(), null);
    /** More stacked codings than this is an abuse, not a body. */
    private static final int MAX_CODINGS = 8;
    /** Bodies up to this size (compressed) may be read whole and decoded in one call. */
    public static final int IN_MEMORY_BODY_LIMIT = 256 * 1024;
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;
    /** Ratio up to which a body's own size claim sizes the first output buffer (JSON: 5-30). */
    private static final long TRUSTED_RATIO = 64;
    private static final int MIN_OUTPUT = 1024;

    private final List<Codec> applied;
    private final StreamCounters counters;

    private ContentCodings(List<Codec> applied, StreamCounters counters) {
        this.applied = applied;
        this.counters = counters;
    }

    /**
     * Resolves header values against {@code registry}.
     *
     * @param headerValues the {@code Content-Encoding} values, or {@code null} when absent
     * @throws UnsupportedCodingException naming the first coding the registry does not have
     */
    public static ContentCodings parse(List<String> headerValues, CodecRegistry registry)
            throws UnsupportedCodingException {
        if (headerValues == null || headerValues.isEmpty()) {
            return NONE;
        }
        List<Codec> out = new ArrayList<>(2);
        for (String coding : CodingTokens.contentCodings(headerValues, MAX_CODINGS)) {
            Codec codec = registry.forCoding(coding);
            if (codec == null || out.size() == MAX_CODINGS) {
                throw new UnsupportedCodingException(coding);
            }
            out.add(codec);
        }
        return out.isEmpty() ? NONE : new ContentCodings(List.copyOf(out), registry.streams());
    }

    /**
     * One coding whose codec the caller chose itself (a dictionary coding, bound to the dictionary
     * the body names), decoded like any other and counted in {@code counters}.
     */
    public static ContentCodings of(Codec codec, StreamCounters counters) {
        return new ContentCodings(List.of(codec), counters);
    }

        /** Whether the body is unencoded. */
    public boolean isIdentity() {
        return applied.isEmpty();
    }

    /** The codecs in the order they were applied. */
    public List<Codec> applied() {
        return applied;
    }

    /**
     * The codings left once the last one applied is undone (by a server in front: Open Liberty
     * inflates the outermost gzip and keeps the header); empty if there was only one.
     */
    public ContentCodings withoutLast() {
        return applied.size() <= 1 ? NONE : new ContentCodings(applied.subList(0, applied.size() - 1), counters);
    }

    /**
     * Wraps {@code body} so that reading it yields the decoded bytes, at most {@code limit} of them.
     * The caller owns the result and must close it: the decoders hold native or pooled memory from
     * the first read until then (counted in the registry's {@link CodecRegistry#streams()}).
     */
    public InputStream decode(InputStream body, long limit) {
        if (applied.isEmpty()) {
            return body;
        }
        return chain(body, limit, null);
    }

    /**
     * As {@link #decode(InputStream, long)}, holding one of {@code slots} per coding until the result
     * is closed (or reclaimed).
     *
     * @throws DecodersBusyException if {@code slots} has not that many free: nothing was opened
     */
    public InputStream decode(InputStream body, long limit, DecoderSlots slots) throws DecodersBusyException {
        if (applied.isEmpty()) {
            return body;
        }
        if (!slots.tryAcquire(applied.size())) {
            throw new DecodersBusyException(slots.limit());
        }
        try {
            return chain(body, limit, slots);
        } catch (RuntimeException | Error e) {
            slots.release(applied.size());
            throw e;
        }
    }

    private InputStream chain(InputStream body, long limit, DecoderSlots slots) {
        // The last coding applied is the first undone: its decoder reads the body.
        InputStream in = new NonEmptyBody(body, applied.get(applied.size() - 1).coding());
        List<String> tokens = new ArrayList<>(applied.size());
        for (int i = applied.size() - 1; i >= 0; i--) {
            in = applied.get(i).decompressingStream(in, limit);
            tokens.add(applied.get(i).coding());
        }
        return new TrackedDecoderStream(in, counters, tokens, slots);
    }

    /**
     * The decoded form of a body of {@code length} bytes (-1: unknown), the one way server and client
     * decode: a body of one coding with a known length up to {@value #IN_MEMORY_BODY_LIMIT} bytes is
     * read whole now and decoded in one codec call; anything else (larger, unsized, stacked, or a body
     * that disagrees with its length) streams through {@link #decode}, lazily. An empty body is
     * malformed in every coding, sized or not (no coding's stream is zero bytes long).
     *
     * @throws DecompressionException from the one-call path (the streaming path throws while read)
     * @throws IOException if reading the body fails
     */
    public InputStream decodeBody(InputStream body, long length, long limit) throws IOException {
        return decodeBody(body, length, limit, DecoderSlots.UNBOUNDED);
    }

    /**
     * As {@link #decodeBody(InputStream, long, long)}; a body that streams holds one of {@code slots}
     * per coding until the result is closed. A body decoded in one call takes none.
     *
     * @throws DecodersBusyException if the body would stream and {@code slots} has none free
     */
    public InputStream decodeBody(InputStream body, long length, long limit, DecoderSlots slots) throws IOException {
        if (applied.isEmpty()) {
            return body;
        }
        if (length == 0) {
            throw NonEmptyBody.empty(applied.get(applied.size() - 1).coding());
        }
        if (applied.size() == 1 && length > 0 && length <= IN_MEMORY_BODY_LIMIT) {
            byte[] compressed = body.readNBytes((int) length + 1);
            if (compressed.length == length) {
                return new java.io.ByteArrayInputStream(decodeInMemory(compressed, limit));
            }
            // The body disagrees with its Content-Length: let the streaming decoder judge all of it.
            body = new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(compressed), body);
        }
        return decode(body, limit, slots);
    }

    /**
     * Decodes a whole body held in memory in one codec call ({@link Codec#decompress}), into an
     * array sized by what the body says its decoded size is ({@link Codec#decompressedSizeHint}),
     * trusted up to 64 times the input and grown (decoding again) when short. At most
     * {@code limit} decoded bytes are ever held.
     *
     * @throws DecompressedSizeLimitException if the body decodes to more than {@code limit} bytes
     * @throws MalformedInputException if it is corrupt or truncated
     */
    byte[] decodeInMemory(byte[] body, long limit) throws DecompressionException {
        Codec codec = applied.get(applied.size() - 1);
        long cap = Math.min(limit, MAX_ARRAY);
        long hint = codec.decompressedSizeHint(body, 0, body.length);
        long guess = hint >= 0 ? Math.min(hint, TRUSTED_RATIO * body.length) : 4L * body.length;
        byte[] out = new byte[(int) Math.min(cap, Math.max(guess, MIN_OUTPUT))];
        // Bounded: each retry at least doubles the buffer, which never exceeds cap.
        while (true) {
            try {
                int n = codec.decompress(body, 0, body.length, out, 0, out.length);
                return n == out.length ? out : Arrays.copyOf(out, n);
            } catch (DecompressedSizeLimitException e) {
                if (out.length >= cap) {
                    throw new DecompressedSizeLimitException(codec.coding(), limit);
                }
                out = new byte[(int) Math.min(cap, 2L * out.length)];
            }
        }
    }

    /**
     * The coded body as read by the first decoder: its end before any byte is malformed input in
     * every coding (lzf and zstd streams would otherwise decode it as an empty body, while gzip and
     * brotli refuse it), so sized and unsized empty bodies get the same answer.
     */
    static final class NonEmptyBody extends java.io.FilterInputStream {
        private final String coding;
        private boolean seen;

        NonEmptyBody(InputStream in, String coding) {
            super(in);
            this.coding = coding;
        }

        static MalformedInputException empty(String coding) {
            return new MalformedInputException(coding, 0, new java.io.EOFException("empty body"));
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            return b < 0 ? end() : seen(b);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n < 0) {
                return end();
            }
            seen |= n > 0;
            return n;
        }

        private int seen(int b) {
            seen = true;
            return b;
        }

        private int end() throws MalformedInputException {
            if (!seen) {
                throw empty(coding);
            }
            return -1;
        }
    }

    /** A {@code Content-Encoding} this process cannot decode. */
    public static final class UnsupportedCodingException extends Exception {
        private static final long serialVersionUID = 1L;
        private final String coding;

        UnsupportedCodingException(String coding) {
            super("unsupported content coding '" + coding + "'");
            this.coding = coding;
        }

        /** The coding token, lower case. */
        public String coding() {
            return coding;
        }
    }
}
