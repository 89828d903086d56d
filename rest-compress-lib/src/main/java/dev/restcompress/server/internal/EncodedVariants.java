package dev.restcompress.server.internal;

import dev.restcompress.codec.Codec;
import jakarta.ws.rs.core.MultivaluedMap;

/**
 * The cache seam: one resource method's encoded variants of bodies it served before. The data path
 * asks it before compressing a buffered body ({@link EncodingOutputStream}) and hands it the result
 * of a miss; the cache itself ({@code server.internal.cache}) stands behind it. {@link #NONE} caches
 * nothing. Implementations are thread-safe.
 */
public interface EncodedVariants {
    /** Caches nothing: every lookup answers {@code null}. */
    EncodedVariants NONE = (codec, body, length, headers) -> null;

    /**
     * What the cache holds for this body in {@code codec}'s coding, or {@code null} when this response is
     * not looked up (its headers say it is private, the method does not cache, or the method is in pass
     * mode); either way the data path compresses the body as without a cache.
     *
     * @param body the identity body, {@code length} bytes from 0; read, never kept
     * @param headers the response headers, read only
     */
    Lookup lookup(Codec codec, byte[] body, int length, MultivaluedMap<String, Object> headers);

    /** One lookup's answer: a hit (a variant to send) or a miss (a place to keep what was compressed). */
    interface Lookup {
        /** The codec that made the cached bytes; {@code null} on a miss. */
        Codec codec();

        /** The cached encoded bytes (the whole array); {@code null} on a miss. Never written to. */
        byte[] bytes();

        /** On a miss: keeps {@code encoded[0, length)}, which {@code codec} made of the body (copied). */
        void keep(Codec codec, byte[] encoded, int length);
    }

    /**
     * What a method's annotation (or the global setting) asks of the cache, resolved at deployment.
     *
     * @param upgrade whether hot entries are re-encoded off the request path at the coding's best level
     * @param privateResponses whether responses with {@code Set-Cookie}, {@code no-store} or
     *        {@code private} are cached too
     */
    record Rules(boolean upgrade, boolean privateResponses) {
    }

    /**
     * What the application's cache did so far (statistics read it; each counter exact on its own).
     *
     * @param hits responses served from the cache
     * @param misses responses looked up and not found, then compressed (kept unless a first sighting)
     * @param firstSightings misses whose body had not been seen before, so not kept (admission at the second
     *     sighting, {@code rest-compress.cache.admit=second}); a part of {@code misses}
     * @param collisions misses whose key matched an entry of other identity bytes (a hash collision)
     * @param notCached responses of caching methods not looked up: {@code Set-Cookie}, {@code no-store}, {@code private}
     * @param passed responses not looked up because their method was in pass mode (a long run of lookups
     *     that found and kept nothing: {@code rest-compress.cache.pass}); compressed as with the cache off
     * @param savedBytes wire bytes hits saved: identity length minus the variant's length, summed
     * @param upgrades variants re-encoded at the coding's best level and swapped in
     * @param upgradesDropped upgrades not queued because the queue was full
     * @param evictions entries removed to keep the bounds (bytes, entries per method)
     * @param entries entries held now
     * @param bytes bytes held now: identity and encoded bytes of every entry
     */
    record Totals(long hits, long misses, long firstSightings, long collisions, long notCached, long passed,
            long savedBytes, long upgrades, long upgradesDropped, long evictions, long entries, long bytes) {
        /** No cache. */
        public static final Totals NONE = new Totals(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
}
