package dev.restcompress.negotiation;

import java.util.Locale;
import java.util.Map;

/**
 * Content-coding tokens as HTTP writes them: case-insensitive, and with the aliases RFC 9110
 * section 8.4.1 keeps for compatibility ({@code x-gzip} for {@code gzip}, {@code x-compress} for
 * {@code compress}). The one alias table of the library: {@code Accept-Encoding},
 * {@code Content-Encoding} and the annotations all resolve tokens here. Stateless.
 */
public final class CodingTokens {
    private static final Map<String, String> ALIASES = Map.of("x-gzip", "gzip", "x-compress", "compress");

    private CodingTokens() {
    }

    /** {@code token} trimmed, lower-cased, and with an alias replaced by its coding. */
    public static String canonical(String token) {
        String t = token.trim().toLowerCase(Locale.ROOT);
        return ALIASES.getOrDefault(t, t);
    }
}
