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
 * every one is a miss that costs a lookup and takes room from shared ones.
 *
 * <p>A hit is proven by comparing the identity bytes exactly, never by a hash alone. The variant
 * served may later be re-encoded off the request path at the coding's highest useful level; its
 * strong {@code ETag}, when the application sets one, then names the new bytes.
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
}
