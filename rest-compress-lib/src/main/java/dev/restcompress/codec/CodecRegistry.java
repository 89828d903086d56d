package dev.restcompress.codec;

import dev.restcompress.io.StreamCounters;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The codings this process can encode and decode, by token. Immutable and thread-safe.
 *
 * <p>Lookups are case-insensitive and know the alias {@code x-gzip} for {@code gzip}
 * (RFC 9110 section 8.4.1.3).
 */
public final class CodecRegistry {
    private final Map<String, Codec> byCoding;
    private final StreamCounters streams = new StreamCounters();

    private CodecRegistry(Map<String, Codec> byCoding) {
        this.byCoding = Collections.unmodifiableMap(byCoding);
    }

    /**
     * Streaming decoders and encoders opened through this registry's users (the server or client
     * feature that owns it) and whether each was closed: for leak checks and diagnostics.
     */
    public StreamCounters streams() {
        return streams;
    }

    /** A registry of the given codecs; a later codec with the same token replaces an earlier one. */
    public static CodecRegistry of(List<? extends Codec> codecs) {
        Map<String, Codec> map = new LinkedHashMap<>();
        for (Codec c : codecs) {
            map.put(c.coding(), c);
        }
        return new CodecRegistry(map);
    }

    /**
     * The standard codecs with the given settings: {@code lzf} and {@code gzip}, the latter on the
     * {@linkplain GzipEngine#active() active gzip engine} (native libdeflate unless unavailable or
     * disabled by {@value GzipEngine#PROPERTY}).
     *
     * @param gzipLevel one-shot gzip level 1-9 (1-12 on libdeflate)
     * @param gzipStreamingLevel streaming gzip level 1-9
     */
    public static CodecRegistry standard(int gzipLevel, int gzipStreamingLevel) {
        return standard(gzipLevel, gzipStreamingLevel, GzipEngine.active());
    }

    /** The standard codecs with gzip on the given engine. */
    public static CodecRegistry standard(int gzipLevel, int gzipStreamingLevel, GzipEngine gzipEngine) {
        List<Codec> codecs = new ArrayList<>();
        codecs.add(new LzfCodec());
        codecs.add(gzipEngine.create(gzipLevel, gzipStreamingLevel));
        return of(codecs);
    }

    /**
     * The engine behind this registry's {@code gzip} codec: {@code "libdeflate"}, {@code "JDK"}, or
     * {@code "none"} when there is no gzip codec or it is neither of ours.
     */
    public String gzipEngine() {
        GzipEngine engine = GzipEngine.of(byCoding.get(JdkGzipCodec.CODING));
        return engine == null ? "none" : engine.toString();
    }

    /** The codec for a token, or {@code null} when this process does not have it. */
    public Codec forCoding(String token) {
        if (token == null) {
            return null;
        }
        String t = canonical(token);
        return byCoding.get(t);
    }

    /** The tokens this registry has, in registration order. */
    public List<String> codings() {
        return List.copyOf(byCoding.keySet());
    }

    /** Lower-cases a token and maps aliases ({@code x-gzip} to {@code gzip}). */
    public static String canonical(String token) {
        String t = token.trim().toLowerCase(Locale.ROOT);
        return t.equals("x-gzip") ? "gzip" : t;
    }

    @Override
    public String toString() {
        return "CodecRegistry" + byCoding.keySet();
    }
}
