package dev.restcompress.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Offers the {@code zstd} content coding (Zstandard, RFC 8878; HTTP use per RFC 9659) on a resource
 * method, or on every method of a resource class; request bodies in {@code zstd} are decoded.
 * Combine with other coding annotations; see {@link Compress} for the preference order.
 *
 * <p>Needs {@code com.github.luben:zstd-jni} at run time. Without it (or when its native library
 * does not load) the coding is simply not offered: the method keeps its other codings, and start-up
 * logs one line saying why.
 */
@Documented
@Coding("zstd")
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Zstd {
    /**
     * Compression level of the one-shot path, 1 (fastest) to 22 (smallest); 0 means the global
     * setting {@code rest-compress.zstd.level}. Streaming responses use
     * {@code rest-compress.zstd.streaming-level}.
     */
    int level() default 0;
}
