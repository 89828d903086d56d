package dev.restcompress.server;

import dev.restcompress.negotiation.AcceptEncoding;
import dev.restcompress.negotiation.Negotiation;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Remembers the negotiation outcome per {@code Accept-Encoding} value for one method's offer: real
 * traffic repeats a handful of header values ({@code gzip, deflate, br, zstd}), so parsing once
 * keeps the per-request path free of allocation. Bounded: once full it stops remembering (no
 * eviction to race on), so a client sending endless variants only gets the uncached path.
 * Thread-safe.
 */
final class NegotiationCache {
    static final int MAX_ENTRIES = 256;
    /** Longer values are parsed each time rather than kept. */
    static final int MAX_CACHED_LENGTH = 256;

    private final List<String> offered;
    private final ConcurrentHashMap<String, Negotiation> cache = new ConcurrentHashMap<>();
    private final Negotiation noHeader;

    NegotiationCache(List<String> offered) {
        this.offered = offered;
        this.noHeader = Negotiation.negotiate(AcceptEncoding.parse((String) null), offered);
    }

    /** The outcome for the request's header values ({@code null}: no header). */
    Negotiation negotiate(List<String> headerValues) {
        if (headerValues == null || headerValues.isEmpty()) {
            return noHeader;
        }
        if (headerValues.size() != 1 || headerValues.get(0).length() > MAX_CACHED_LENGTH) {
            return Negotiation.negotiate(AcceptEncoding.parse(headerValues), offered);
        }
        String value = headerValues.get(0);
        Negotiation n = cache.get(value);
        if (n == null) {
            n = Negotiation.negotiate(AcceptEncoding.parse(value), offered);
            if (cache.size() < MAX_ENTRIES) {
                cache.putIfAbsent(value, n);
            }
        }
        return n;
    }
}
