package dev.restcompress.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Offers the {@code br} content coding (Brotli, RFC 7932) on a resource method, or on every method
 * of a resource class; request bodies in {@code br} are decoded. Combine with other coding
 * annotations; see {@link Compress} for the preference order.
 *
 * <p>Needs {@code com.aayushatharva.brotli4j:brotli4j} and its native library for the platform
 * (e.g. {@code native-linux-x86_64}) at run time. Without them the coding is simply not offered: the
 * method keeps its other codings, and start-up logs one line saying why.
 */
@Documented
@Coding("br")
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Brotli {
    /**
     * Quality of the one-shot path, 1 to 11 (11 is far too slow for dynamic responses); 0 means the
     * global setting {@code rest-compress.br.level}. Streaming responses use
     * {@code rest-compress.br.streaming-level}.
     */
    int level() default 0;
}
