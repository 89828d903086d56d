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
 *
 * <p>The one-shot path compresses with native libdeflate (about twice the speed of
 * {@code java.util.zip} at no larger output), which the jar carries built into its JNI shim for
 * Linux x86_64 and aarch64 (glibc and musl) and Windows x86_64 (macOS only when
 * {@code rest-compress.native.libdeflate=bundled} is set), and with {@code java.util.zip} elsewhere; the start-up log line
 * says which engine and libdeflate version are active (docs/platforms.md).
 */
@Documented
@Coding("gzip")
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface FastGzip {
    /**
     * Compression level of the one-shot path, 1 (fastest) to 12 (smallest) with libdeflate, 1 to 9
     * with the JDK engine; 0 means the global setting {@code rest-compress.gzip.level} (default 6).
     */
    int level() default 0;
}
