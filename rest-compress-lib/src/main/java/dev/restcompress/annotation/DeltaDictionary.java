package dev.restcompress.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Each response of this method is the dictionary for its own next version (RFC 9842 delta
 * compression): for versioned resources that change a little at a time (a catalog, a configuration,
 * a feed polled every minute). Implies {@link Compress}.
 *
 * <p>Every successful response gets {@code Use-As-Dictionary: match="<match>"} and the server keeps
 * its body (up to {@code rest-compress.dictionary.max-size} bytes) in a bounded store keyed by its
 * SHA-256 ({@code rest-compress.dictionary.delta-store-bytes}, least recently used evicted). When the
 * client later asks with {@code Available-Dictionary} naming a version the server still holds, the
 * new version is sent as {@code dcz} or {@code dcb} against it: a small change costs a few bytes on
 * the wire. Browsers keep a dictionary only while its response is fresh, so the method should send
 * {@code Cache-Control: max-age} (the library does not invent caching for the application).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface DeltaDictionary {
    /**
     * URL pattern the previous version applies to; empty (the default) means the request's own path.
     */
    String match() default "";

    /** Id the client echoes in {@code Dictionary-ID}; empty for none. */
    String id() default "";
}
