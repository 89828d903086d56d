package dev.restcompress.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Client side: asks the client feature to compress the request body with this coding. Put it on the
 * entity parameter of a proxy-client interface method (RESTEasy proxies pass parameter annotations
 * with the entity), on the interface method itself for MicroProfile Rest Client proxies (which
 * expose the invoked method), or among the entity annotations of
 * {@code Entity.entity(value, mediaType, annotations)}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.PARAMETER})
public @interface EncodeRequest {
    /** The coding token, e.g. {@code "lzf"} or {@code "gzip"}. */
    String value();
}
