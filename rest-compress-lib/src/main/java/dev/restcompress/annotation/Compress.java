package dev.restcompress.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Offers content codings on a resource method (or every method of a resource class) and sets its
 * compression options.
 *
 * <p>Which codings: those named in {@link #value()}, plus those of coding annotations stacked on the
 * same method ({@link LZF}, {@link FastGzip}, {@link Zstd}, {@link Brotli}, ...). When none is named
 * anywhere, every coding this server has is offered. An optional coding ({@code zstd}, {@code br})
 * whose library is absent at run time is silently not offered.
 *
 * <p>Preference order (which coding wins when the client gives several the same weight): the order
 * of {@link #value()} first, then the remaining codings in the global order
 * {@code rest-compress.preference} (default {@code zstd, lzf, br, gzip}, chosen from measurements in docs/codings.md). The client's weights
 * always decide first.
 *
 * <p>A method-level annotation replaces a class-level one.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Compress {
    /** Coding tokens, most preferred first; empty means "every coding the server has". */
    String[] value() default {};

    /**
     * Bodies smaller than this many bytes are sent unencoded (when the client accepts identity);
     * -1 means the global setting {@code rest-compress.threshold} (default 1024: measured break-even
     * is about 2 KiB for lzf on a 1 Gbit/s link and well below 1 KiB on 100 Mbit/s; see the bench README's small-payload figures).
     */
    int threshold() default -1;

    /**
     * Bodies up to this many bytes are buffered and compressed in one shot with an exact
     * {@code Content-Length}; larger ones are streamed. -1 means the global setting
     * {@code rest-compress.one-shot-limit} (default 4 MiB).
     */
    int oneShotLimit() default -1;

    /**
     * Whether this method's responses take part in adaptive compression ({@code rest-compress.adaptive},
     * on by default): under CPU pressure a lower level, then a cheaper coding the
     * client weighs equally. {@code false} keeps the method's coding and level at every step, for a
     * response that must always be as small as configured. Default {@code true}.
     */
    boolean adaptive() default true;
}
