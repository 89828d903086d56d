package dev.restcompress.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Serves a method's encoded responses from a bounded cache of encoded variants, so that a body that
 * is the same byte for byte as one served before is compressed once, not on every request.
 *
 * <p>Use it on responses that many requests share (a catalogue, reference data, a configuration
 * document, a list page that changes once a minute). Responses that differ per user gain nothing:
 * every one is a miss that costs a lookup (a hash of the body).
 *
 * <p>A body is kept from its second sighting on ({@code rest-compress.cache.admit}, default
 * {@code second}): its first request only marks its hash, its second is kept, its third is the first
 * hit, so bodies served once are never copied into the cache.
 *
 * <p>A hit is proven by comparing the identity bytes exactly, never by a hash alone. The variant
 * served may later be re-encoded off the request path at the coding's highest useful level; its
 * strong {@code ETag}, when the application sets one, then names the new bytes.
 *
 * <p>Never cached, because keeping them would hold one user's data for others or defeat what the
 * application asked for: responses with {@code Set-Cookie} (per-user by nature: a session, a token),
 * and responses whose {@code Cache-Control} says {@code no-store} (the application asked that the
 * bytes not be kept) or {@code private} (meant for one user; a shared cache of them would also let the
 * time of a hit tell one user that another received the same bytes), unless
 * {@link #privateResponses()} says otherwise. Never cached either: bodies that went out streaming
 * (an entity that flushed, as a {@code StreamingOutput} or SSE does, or one past the one-shot limit:
 * there is no whole body to compare), bodies below the size threshold (sent as they are), bodies that
 * did not shrink, and dictionary codings ({@code dcz}, {@code dcb}: their bytes depend on the
 * client's dictionary, and the dictionary's own compression is already the point).
 *
 * <p>Works only when Caffeine ({@code com.github.ben-manes.caffeine:caffeine}) is on the class path;
 * without it one line at start-up says so and the method is served without a cache. The global
 * setting {@code rest-compress.cache} ({@code annotated}, {@code all}, {@code off}) turns it on for
 * every method or off for all; {@code rest-compress.cache.*} bound it (docs/caching.md).
 *
 * <p>A method-level annotation replaces a class-level one.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface CacheEncoded {
    /**
     * Whether hot entries are re-encoded off the request path at the coding's highest useful level
     * (and swapped in when done). Default {@code true}.
     */
    boolean upgrade() default true;

    /**
     * Whether responses with {@code Set-Cookie} or {@code Cache-Control: no-store} or {@code private} are
     * cached too. Default {@code false}: set it only where such headers are added to responses whose
     * body is the same for everyone (a framework that sets a cookie on every response).
     */
    boolean privateResponses() default false;
}
