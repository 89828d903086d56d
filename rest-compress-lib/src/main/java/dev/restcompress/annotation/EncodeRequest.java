package dev.restcompress.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Client side: asks the client feature to compress the request body with this coding. Put it on a
 * proxy-client interface method or on its entity parameter, or pass it among the entity annotations
 * of {@code Entity.entity(value, mediaType, annotations)}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.PARAMETER})
public @interface EncodeRequest {
    /** The coding token, e.g. {@code "lzf"} or {@code "gzip"}. */
    String value();
}
