package dev.restcompress.server.internal.cache;

import dev.restcompress.codec.Codec;
import dev.restcompress.server.internal.EncodedVariants;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One resource method's view of the application's {@link VariantCache}: decides whether a response may
 * be cached (its headers), looks it up, keeps what a miss compressed, and bounds the method's entries
 * (the oldest of its entries leaves for a new one).
 *
 * <p>With a {@link Doorkeeper} ({@code rest-compress.cache.admit=second}, the default) a miss is kept only
 * when the same body was seen before: its first sighting is compressed and sent as without the cache,
 * and only marks the body, so a method whose bodies never repeat copies nothing into the cache.
 *
 * <p>With a {@link PassMode} ({@code rest-compress.cache.pass=on}, the default) a method whose lookups keep
 * finding nothing worth keeping (a long run of first sightings; with {@code admit=first}, of misses) stops
 * looking up most of its responses, which then cost what they cost with the cache off: no hash.
 *
 * <p>Not cached unless the method's rules say so ({@code @CacheEncoded(privateResponses = true)}):
 * responses with {@code Set-Cookie} (per-user by nature, and the cookie's session would be kept with
 * the body), and responses whose {@code Cache-Control} says {@code no-store} (the application asked
 * that the bytes not be kept) or {@code private} (one user's; a shared cache of them also lets a fast
 * hit tell a user that someone else received the same bytes). Thread-safe.
 */
final class MethodCache implements EncodedVariants {
    private final VariantCache cache;
    private final String method;
    private final Rules rules;
    private final int maxEntries;
    /** {@code null}: every miss is kept ({@code rest-compress.cache.admit=first}). */
    private final Doorkeeper doorkeeper;
    /** {@code null}: every response is looked up ({@code rest-compress.cache.pass=off}). */
    private final PassMode pass;
    /** The method's keys, oldest first; guarded by itself. The bound of its entries. */
    private final LinkedHashSet<CacheKey> keys = new LinkedHashSet<>();

    /**
     * @param doorkeeper the admission filter, {@code null} to keep every miss
     * @param pass when to skip lookups that do not pay, {@code null} to look up every response
     */
    MethodCache(VariantCache cache, String method, Rules rules, int maxEntries, Doorkeeper doorkeeper,
            PassMode pass) {
        this.cache = cache;
        this.method = method;
        this.rules = rules;
        this.maxEntries = maxEntries;
        this.doorkeeper = doorkeeper;
        this.pass = pass;
    }

    String method() {
        return method;
    }

    @Override
    public Lookup lookup(Codec codec, byte[] body, int length, MultivaluedMap<String, Object> headers) {
        if (!rules.privateResponses() && privateResponse(headers)) {
            cache.notCached();
            return null;
        }
        if (pass != null && pass.skip()) {
            cache.passed();
            return null; // compressed as with the cache off: not hashed, not marked, not kept
        }
        long hash = cache.hash(body, length);
        CacheKey key = new CacheKey(this, codec.coding(), hash, length);
        CacheEntry entry = cache.get(key);
        if (entry != null && entry.matches(body, length)) {
            cache.hit(entry, rules.upgrade());
            paidOff();
            return entry;
        }
        cache.miss(entry != null);
        if (doorkeeper != null && !doorkeeper.seenBefore(hash)) {
            cache.firstSighting();
            inVain();
            return Absent.FIRST_SIGHTING; // marked; kept if it comes again
        }
        if (doorkeeper != null) {
            paidOff(); // a body seen before: kept now, hit when it comes again
        } else {
            inVain(); // admit=first keeps every miss: only a hit says the method's bodies repeat
        }
        return new Miss(key, body, length);
    }

    private void paidOff() {
        if (pass != null) {
            pass.paidOff();
        }
    }

    private void inVain() {
        if (pass != null) {
            pass.inVain();
        }
    }

    /** Whether the method skips most lookups now (tests). */
    boolean passing() {
        return pass != null && pass.passing();
    }

    /** Keeps {@code entry}, first making room among this method's entries. */
    private void keep(CacheEntry entry) {
        List<CacheKey> out = null;
        synchronized (keys) {
            keys.remove(entry.key); // the same key again (a collision, or a miss raced): now the newest
            keys.add(entry.key);
            for (Iterator<CacheKey> it = keys.iterator(); keys.size() > maxEntries; ) {
                CacheKey oldest = it.next();
                it.remove();
                if (out == null) {
                    out = new ArrayList<>(1);
                }
                out.add(oldest);
            }
        }
        cache.put(entry);
        if (out != null) {
            for (CacheKey k : out) {
                cache.evictForMethod(k);
            }
        }
    }

    /** The cache removed {@code key} (evicted by the byte bound, or for this method's bound). */
    void forget(CacheKey key) {
        synchronized (keys) {
            keys.remove(key);
        }
    }

    /** Entries this method holds (tests). */
    int size() {
        synchronized (keys) {
            return keys.size();
        }
    }

    /** Whether the headers mark the response as one user's: {@code Set-Cookie}, {@code no-store}, {@code private}. */
    static boolean privateResponse(MultivaluedMap<String, Object> headers) {
        for (Map.Entry<String, List<Object>> h : headers.entrySet()) {
            String name = h.getKey();
            List<Object> values = h.getValue();
            if (values == null || values.isEmpty()) {
                continue;
            }
            if (name.equalsIgnoreCase(HttpHeaders.SET_COOKIE)) {
                return true;
            }
            if (name.equalsIgnoreCase(HttpHeaders.CACHE_CONTROL)) {
                for (Object v : values) {
                    if (v instanceof CacheControl cc ? cc.isPrivate() || cc.isNoStore()
                            : v != null && noStoreOrPrivate(v.toString())) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Whether a {@code Cache-Control} value lists {@code no-store} or {@code private} (with or without fields). */
    static boolean noStoreOrPrivate(String value) {
        for (String part : value.split(",")) {
            String directive = part.trim().toLowerCase(Locale.ROOT);
            int eq = directive.indexOf('=');
            if (eq >= 0) {
                directive = directive.substring(0, eq).trim();
            }
            if (directive.equals("no-store") || directive.equals("private")) {
                return true;
            }
        }
        return false;
    }

    /**
     * A lookup that found nothing: no cached bytes, so the data path compresses the body. As it is, what it
     * compresses is not kept (a body's first sighting, {@link #FIRST_SIGHTING}); a {@link Miss} keeps it.
     */
    private static class Absent implements Lookup {
        /** A miss of a body not seen before: compressed and sent as without the cache, and only marked. */
        static final Absent FIRST_SIGHTING = new Absent();

        @Override
        public final Codec codec() {
            return null;
        }

        @Override
        public final byte[] bytes() {
            return null;
        }

        @Override
        public void keep(Codec codec, byte[] encoded, int encodedLength) {
        }
    }

    /** A miss: where what the data path compresses next is kept. */
    private final class Miss extends Absent {
        private final CacheKey key;
        private final byte[] body;
        private final int length;

        Miss(CacheKey key, byte[] body, int length) {
            this.key = key;
            this.body = body;
            this.length = length;
        }

        @Override
        public void keep(Codec codec, byte[] encoded, int encodedLength) {
            if ((long) length + encodedLength + CacheEntry.OVERHEAD > cache.maxBytes()) {
                return; // could never stay: not worth two copies
            }
            // Copies: the body and the encoded bytes are the data path's pooled buffers.
            MethodCache.this.keep(new CacheEntry(key, Arrays.copyOf(body, length), codec,
                    Arrays.copyOf(encoded, encodedLength), false));
        }
    }
}
