package dev.restcompress.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Meta-annotation: marks an annotation such as {@link LZF} as offering one content coding on the
 * resource methods (or classes) it annotates. A new coding plugs in by declaring its annotation with
 * {@code @Coding("token")} and registering a codec with that token; nothing else changes.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.ANNOTATION_TYPE)
public @interface Coding {
    /** The content-coding token, lower case. */
    String value();
}
