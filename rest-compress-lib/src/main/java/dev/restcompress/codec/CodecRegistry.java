package dev.restcompress.codec;

import dev.restcompress.negotiation.CodingTokens;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The codecs one server or client feature uses, by token, and the counters of the streams it opens
 * through them. Immutable (the counters aside) and thread-safe.
 *
 * <p>Lookups are case-insensitive and resolve aliases ({@code x-gzip} is {@code gzip};
 * {@link CodingTokens}).
 */
public final class CodecRegistry {
    private final Map<String, Codec> byCoding;
    private final StreamCounters streams = new StreamCounters();

    private CodecRegistry(Map<String, Codec> byCoding) {
        this.byCoding = Collections.unmodifiableMap(byCoding);
    }

    /** A registry of the given codecs; a later codec with the same token replaces an earlier one. */
    public static CodecRegistry of(List<? extends Codec> codecs) {
        Map<String, Codec> map = new LinkedHashMap<>();
        for (Codec c : codecs) {
            map.put(c.coding(), c);
        }
        return new CodecRegistry(map);
    }

    /** Every available coding at its default levels: for tools and tests. */
    public static CodecRegistry defaults() {
        return of(CodingProviders.available().stream()
                .map(p -> p.create(p.levels().defaultLevel(), p.levels().defaultStreamingLevel()))
                .toList());
    }

    /**
     * Streaming decoders and encoders opened through this registry's users (the server or client
     * feature that owns it) and whether each was closed: for leak checks and diagnostics.
     */
    public StreamCounters streams() {
        return streams;
    }

    /** The codec for a token (any case, aliases resolved), or {@code null} when this registry has none. */
    public Codec forCoding(String token) {
        return token == null ? null : byCoding.get(CodingTokens.canonical(token));
    }

    /** The tokens this registry has, in registration order. */
    public List<String> codings() {
        return List.copyOf(byCoding.keySet());
    }

    /** Lower-cases a token and resolves aliases; see {@link CodingTokens#canonical}. */
    public static String canonical(String token) {
        return CodingTokens.canonical(token);
    }

    @Override
    public String toString() {
        return "CodecRegistry" + byCoding.values();
    }
}
