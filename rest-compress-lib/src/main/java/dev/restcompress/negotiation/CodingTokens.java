package dev.restcompress.negotiation;

import java.util.ArrayList;
import java.util.List;
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

    /**
     * The codings a {@code Content-Encoding} header lists, canonical, in the order they were applied,
     * {@code identity} and empty entries skipped; at most {@code max + 1} of them (more is an abuse
     * the caller rejects), so a header of endless commas costs no more than that.
     *
     * @param headerValues the header's values, or {@code null} when absent
     */
    public static List<String> contentCodings(List<String> headerValues, int max) {
        List<String> out = new ArrayList<>(2);
        if (headerValues == null) {
            return out;
        }
        for (String value : headerValues) {
            for (String token : value.split(",", max + 1)) {
                String coding = canonical(token);
                if (coding.isEmpty() || coding.equals("identity")) {
                    continue;
                }
                out.add(coding);
                if (out.size() > max) {
                    return out;
                }
            }
        }
        return out;
    }
}
