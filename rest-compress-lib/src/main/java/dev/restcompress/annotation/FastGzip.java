package dev.restcompress.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Offers the standard {@code gzip} content coding, which every HTTP client decodes, on a resource
 * method or on every method of a resource class. Request bodies in {@code gzip} (or {@code x-gzip})
 * are decoded.
 */
@Documented
@Coding("gzip")
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface FastGzip {
    /**
     * Compression level of the one-shot path, 1 (fastest) to 9 (smallest); 0 means the global
     * setting {@code rest-compress.gzip.level} (default 6).
     */
    int level() default 0;
}
