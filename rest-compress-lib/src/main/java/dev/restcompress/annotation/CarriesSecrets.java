package dev.restcompress.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a resource method (or every method of a resource class) whose responses may hold a secret
 * (a CSRF token, an API key, personal data) beside text a requester controls, the two ingredients
 * of BREACH (CVE-2013-3587). Use it together with {@link Compress} or a coding annotation.
 *
 * <p>Under the global setting {@code rest-compress.breach.protect} ({@code marked} by default) a
 * marked method's response to a request whose {@code Sec-Fetch-Site} is {@code cross-site} is sent
 * uncompressed, and one to a request without fetch metadata gets random padding that every decoder
 * skips ({@code rest-compress.breach.padding}); its responses carry {@code Vary: Sec-Fetch-Site}.
 * Same-origin, same-site and user-initiated ({@code none}) requests are compressed as usual.
 * SECURITY.md at the repository root states what this does and does not protect.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface CarriesSecrets {
}
