package dev.restcompress.server.internal;

import dev.restcompress.negotiation.AcceptEncoding;
import dev.restcompress.negotiation.Negotiation;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one negotiation of a request, remembered per {@code Accept-Encoding} value for one method's
 * offer: the ordinary codings ({@link Negotiation}) and, for a method with dictionaries, the dictionary
 * coding the client weighs highest, from the same parse. Real traffic repeats a handful of header
 * values ({@code gzip, deflate, br, zstd}), so parsing once keeps the per-request path free of
 * allocation. Bounded: once full it stops remembering (no eviction to race on), so a client sending
 * endless variants only gets the uncached path. Thread-safe.
 */
public final class NegotiationCache {
    static final int MAX_ENTRIES = 256;
    /** Longer values are parsed each time rather than kept. */
    static final int MAX_CACHED_LENGTH = 256;

    /**
     * What one header value negotiates to.
     *
     * @param negotiation among the method's ordinary codings
     * @param dictionaryCoding the dictionary coding with the highest weight above zero (the first of
     *        the preference order on a tie), or {@code null}: whether it is used depends on the
     *        dictionary the request names
     */
    public record Outcome(Negotiation negotiation, String dictionaryCoding) { }

    private final List<String> offered;
    private final List<String> dictionaryCodings;
    private final ConcurrentHashMap<String, Outcome> cache = new ConcurrentHashMap<>();
    private final Outcome noHeader;

    public NegotiationCache(List<String> offered) {
        this(offered, List.of());
    }

    /** @param dictionaryCodings the dictionary codings offered, in preference order (none: empty) */
    public NegotiationCache(List<String> offered, List<String> dictionaryCodings) {
        this.offered = offered;
        this.dictionaryCodings = dictionaryCodings;
        this.noHeader = outcome(AcceptEncoding.parse((String) null));
    }

    /** The negotiation among the ordinary codings for the request's header values ({@code null}: no header). */
    public Negotiation negotiate(List<String> headerValues) {
        return outcome(headerValues).negotiation();
    }

    /** The outcome for the request's header values ({@code null}: no header). */
    public Outcome outcome(List<String> headerValues) {
        if (headerValues == null || headerValues.isEmpty()) {
            return noHeader;
        }
        if (headerValues.size() != 1 || headerValues.get(0).length() > MAX_CACHED_LENGTH) {
            return outcome(AcceptEncoding.parse(headerValues));
        }
        String value = headerValues.get(0);
        Outcome o = cache.get(value);
        if (o == null) {
            o = outcome(AcceptEncoding.parse(value));
            if (cache.size() < MAX_ENTRIES) {
                cache.putIfAbsent(value, o);
            }
        }
        return o;
    }

    private Outcome outcome(AcceptEncoding accept) {
        String dictionaryCoding = null;
        int best = 0;
        for (String c : dictionaryCodings) { // preference order: the first wins ties
            int w = accept.weightOf(c);
            if (w > best) {
                best = w;
                dictionaryCoding = c;
            }
        }
        return new Outcome(Negotiation.negotiate(accept, offered), dictionaryCoding);
    }
}
