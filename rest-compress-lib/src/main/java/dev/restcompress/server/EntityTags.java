package dev.restcompress.server;

import java.util.Collection;

/**
 * ETags of encoded variants: a strong tag {@code "abc"} becomes {@code "abc-lzf"} for the LZF variant,
 * because different bytes need a different strong validator (RFC 9110 section 8.8.3). Weak tags are
 * left alone: they already mean "semantically equivalent". Stateless.
 */
final class EntityTags {
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
     * Removes a coding suffix from each tag of an {@code If-None-Match} value, so the application's own
     * precondition check sees its own tags.
     *
     * @return the rewritten value and the coding removed, or {@code null} when no tag had a suffix
     */
    static Stripped stripCoding(String ifNoneMatch, Collection<String> codings) {
        if (ifNoneMatch == null || ifNoneMatch.indexOf('-') < 0) {
            return null;
        }
        StringBuilder out = new StringBuilder(ifNoneMatch.length());
        String found = null;
        String[] parts = ifNoneMatch.split(",", 64);
        for (int i = 0; i < parts.length; i++) {
            String tag = parts[i].trim();
            if (isStrong(tag)) {
                for (String c : codings) {
                    String suffix = "-" + c + "\"";
                    if (tag.endsWith(suffix) && tag.length() > suffix.length()) {
                        tag = tag.substring(0, tag.length() - suffix.length()) + "\"";
                        found = c;
                        break;
                    }
                }
            }
            if (i > 0) {
                out.append(", ");
            }
            out.append(tag);
        }
        return found == null ? null : new Stripped(out.toString(), found);
    }

    record Stripped(String value, String coding) { }

    private static boolean isStrong(String tag) {
        return tag.length() >= 2 && tag.charAt(0) == '"' && tag.charAt(tag.length() - 1) == '"';
    }
}
