package dev.restcompress.server.internal;

/**
 * ETags of encoded variants: a strong tag {@code "abc"} becomes {@code "abc-lzf"} for the LZF variant,
 * because different bytes need a different strong validator (RFC 9110 section 8.8.3). Weak tags are
 * left alone: they already mean "semantically equivalent". Stateless.
 *
 * <p>Conditional requests are answered on the way out: the application compares
 * {@code If-None-Match} with its own tag and answers 200; when the client's list holds the tag of
 * the variant we are about to send, {@link NegotiationFilter} turns that into 304. This needs no
 * change to request headers, which some runtimes (Jersey) do not allow after matching.
 */
public final class EntityTags {
    private EntityTags() {
    }

    /** The tag of the {@code coding} variant of {@code etag} (a header value). */
    static String withCoding(String etag, String coding) {
        if (etag == null || !isStrong(etag)) {
            return etag;
        }
        return etag.substring(0, etag.length() - 1) + "-" + coding + "\"";
    }

    /**
     * Whether {@code ifNoneMatch} (a header value) lists {@code tag}, by the weak comparison that
     * {@code If-None-Match} uses (RFC 9110 section 13.1.2: a {@code W/} prefix does not matter).
     */
    public static boolean listed(String ifNoneMatch, String tag) {
        if (ifNoneMatch == null || tag == null) {
            return false;
        }
        String opaque = opaque(tag);
        int from = 0;
        int n = ifNoneMatch.length();
        while (from < n) {
            int comma = ifNoneMatch.indexOf(',', from);
            int end = comma < 0 ? n : comma;
            if (opaque(ifNoneMatch.substring(from, end).trim()).equals(opaque)) {
                return true;
            }
            from = end + 1;
        }
        return false;
    }

    private static String opaque(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }

    private static boolean isStrong(String tag) {
        return tag.length() >= 2 && tag.charAt(0) == '"' && tag.charAt(tag.length() - 1) == '"';
    }
}
