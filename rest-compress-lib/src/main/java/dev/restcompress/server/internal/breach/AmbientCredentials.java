package dev.restcompress.server.internal.breach;

import java.util.Locale;
import java.util.Set;

/**
 * Whether a request carries credentials a browser attaches by itself, so that an attacker's page can
 * make the victim's browser send them: any {@code Cookie}, and {@code Authorization} of the HTTP
 * authentication schemes browsers answer and then repeat on their own (Basic, Digest, Negotiate, NTLM).
 * Other schemes ({@code Bearer}, {@code DPoP}, signatures) are set by a script or a client program that
 * holds the token; a cross-site page cannot make a browser send a victim's token, only its own.
 * Stateless, thread-safe.
 */
final class AmbientCredentials {
    /** Lower case: the authentication schemes browsers cache and attach without a script asking. */
    private static final Set<String> BROWSER_SCHEMES = Set.of("basic", "digest", "negotiate", "ntlm");

    private AmbientCredentials() {}

    /**
     * @param cookie the request's {@code Cookie} header, {@code null} when absent
     * @param authorization its {@code Authorization} header, {@code null} when absent
     */
    static boolean carried(String cookie, String authorization) {
        if (cookie != null && !cookie.isBlank()) {
            return true;
        }
        if (authorization == null) {
            return false;
        }
        String a = authorization.strip();
        int end = a.indexOf(' ');
        String scheme = (end < 0 ? a : a.substring(0, end)).toLowerCase(Locale.ROOT);
        return BROWSER_SCHEMES.contains(scheme);
    }
}
