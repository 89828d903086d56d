package dev.restcompress.client;

import java.util.List;
import java.util.Locale;

/**
 * How long a response stays fresh, from its {@code Cache-Control} ({@code max-age}; {@code no-store}
 * and {@code no-cache} mean not at all): how long a client may use a dictionary it received.
 * Stateless.
 */
final class FreshnessLifetime {
    private FreshnessLifetime() {
    }

    /** Seconds, 0 when the response is not fresh at all or says nothing. */
    static long maxAgeSeconds(List<String> cacheControl) {
        if (cacheControl == null) {
            return 0;
        }
        long maxAge = 0;
        for (String value : cacheControl) {
            for (String directive : value.split(",")) {
                String d = directive.trim().toLowerCase(Locale.ROOT);
                if (d.equals("no-store") || d.equals("no-cache")) {
                    return 0;
                }
                if (d.startsWith("max-age=")) {
                    String v = d.substring(8).replace("\"", "").trim();
                    try {
                        maxAge = Math.max(0, Long.parseLong(v));
                    } catch (NumberFormatException e) {
                        return 0; // an invalid max-age makes the response stale (RFC 9111 section 4.2.1)
                    }
                }
            }
        }
        return maxAge;
    }
}
