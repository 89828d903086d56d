package dev.restcompress.codec;

import dev.restcompress.io.StreamCounters;
import dev.restcompress.io.TrackedDecoderStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The codings a body carries, from its {@code Content-Encoding} header, in the order they were
 * applied (RFC 9110 section 8.4: {@code gzip, lzf} means gzip first, then lzf). Decoding undoes them
 * in reverse order, each stage bounded by the same limit. {@code identity} entries are skipped.
 * Immutable.
 */
public final class ContentCodings {
    private static final ContentCodings NONE = new ContentCodings(List.of(), null);
    /** More stacked codings than this is an abuse, not a body. */
    private static final int MAX_CODINGS = 8;

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
        for (String value : headerValues) {
            for (String token : value.split(",", MAX_CODINGS + 1)) {
                String coding = CodecRegistry.canonical(token);
                if (coding.isEmpty() || coding.equals("identity")) {
                    continue;
                }
                Codec codec = registry.forCoding(coding);
                if (codec == null || out.size() == MAX_CODINGS) {
                    throw new UnsupportedCodingException(coding);
                }
                out.add(codec);
            }
        }
        return out.isEmpty() ? NONE : new ContentCodings(List.copyOf(out), registry.streams());
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
     * Wraps {@code body} so that reading it yields the decoded bytes, at most {@code limit} of them.
     * The caller owns the result and must close it: the decoders hold native or pooled memory from
     * the first read until then (counted in the registry's {@link CodecRegistry#streams()}).
     */
    public InputStream decode(InputStream body, long limit) {
        if (applied.isEmpty()) {
            return body;
        }
        InputStream in = body;
        List<String> tokens = new ArrayList<>(applied.size());
        for (int i = applied.size() - 1; i >= 0; i--) {
            in = applied.get(i).decompressingStream(in, limit);
            tokens.add(applied.get(i).coding());
        }
        return new TrackedDecoderStream(in, counters, tokens);
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
