package dev.restcompress.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Offers the {@code lzf} content coding (chunked "ZV" LZF) on a resource method, or on every method
 * of a resource class: responses to requests with {@code Accept-Encoding: lzf} are LZF-encoded, and
 * request bodies with {@code Content-Encoding: lzf} are decoded. LZF compresses several times faster
 * than gzip at a somewhat larger size: the coding for data-center links. Combine with other coding
 * annotations, or use {@link Compress}; see {@link Compress} for the preference order.
 */
@Documented
@Coding("lzf")
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface LZF {
}
