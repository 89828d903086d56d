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
 * <p>By default ({@code rest-compress.breach.protect=credentialed}) every method is already guarded on
 * requests that carry ambient credentials ({@code Cookie}, a browser's HTTP authentication); the mark
 * extends the guard to every request, for secrets a request without them can reach (a network
 * position, a TLS client certificate JAX-RS cannot see). A marked method's response to a request whose
 * {@code Sec-Fetch-Site} is {@code cross-site} is sent uncompressed, and one to a request without fetch
 * metadata gets random padding that every decoder skips ({@code rest-compress.breach.padding}); its
 * responses carry {@code Vary: Sec-Fetch-Site}. Same-origin, same-site and user-initiated
 * ({@code none}) requests are compressed as usual ({@code off} turns the mark off too).
 * SECURITY.md at the repository root states what this does and does not protect.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface CarriesSecrets {
}
