package dev.restcompress.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A static shared dictionary (RFC 9842) for a resource method, or every method of a resource class:
 * implies {@link Compress} (with its defaults when absent) and adds the codings {@code dcz} and
 * {@code dcb} for clients that hold this dictionary.
 *
 * <p>The library serves the dictionary at {@code <application base>/<rest-compress.dictionary.path>/<name>}
 * (default path {@code _dictionaries}) with {@code Use-As-Dictionary: match="<match>"}, a long
 * {@code Cache-Control: max-age} and a strong ETag, and adds
 * {@code Link: <that URL>; rel="compression-dictionary"} to every response of the annotated methods,
 * so a browser fetches it once it is idle. A later request that sends
 * {@code Available-Dictionary} with this dictionary's hash and {@code dcz} or {@code dcb} in
 * {@code Accept-Encoding} gets a body compressed against it; everyone else gets ordinary
 * negotiation. Every response of such a method varies on {@code Accept-Encoding, Available-Dictionary}.
 * Request bodies sent with {@code Content-Encoding: dcz} or {@code dcb} and this dictionary are decoded.
 *
 * <p>The file is used as raw content: it must not start with the zstd dictionary magic (a file
 * written by {@code zstd --train}; prepend one byte). Deployment fails, naming the method, when the
 * resource is missing or invalid.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Dictionary {
    /** Short name: the last segment of its URL; letters, digits, {@code -}, {@code _} and {@code .}. */
    String name();

    /** Class-path resource holding the bytes, e.g. {@code /dictionaries/orders.dict}. */
    String resource();

    /**
     * URL pattern of the requests the dictionary applies to, as the browser matches it (absolute path,
     * {@code *} for any run of characters), e.g. {@code /rest/orders/*}.
     */
    String match();

    /** Id the client echoes in {@code Dictionary-ID}; empty for none. */
    String id() default "";
}
