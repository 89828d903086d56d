package dev.restcompress.server.internal;

import dev.restcompress.codec.Codec;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.Collection;

/**
 * ETags of encoded variants, and {@code If-None-Match} across them. Stateless.
 *
 * <p>A strong tag promises identical bytes (RFC 9110 section 8.8.3), and one representation goes out
 * as many byte sequences: each coding, level, gzip engine, dictionary, and streamed or one-shot, gives
 * other bytes. So the strong tag {@code "abc"} of an encoded response becomes
 * {@code "abc-<variant>"}, where the variant is the codec's name for those bytes
 * ({@link Codec#variant()}, {@link Codec#streamingVariant()}), e.g. {@code "abc-gzip-ld6"},
 * {@code "abc-dcz-3.1a2b3c4d5e6f"}. Weak tags stay as they are: they already mean "semantically
 * equivalent".
 *
 * <p>The suffix is told from the application's tag without guessing: the server always knows the
 * application's current tag, and a listed tag is one of its variants only when it is that tag, a dash,
 * then a coding the method offers, optionally followed by a dash and settings made of
 * {@code a-z 0-9 .} only (no dash). An application tag may hold dashes of its own. What this cannot tell
 * apart is an application that itself uses the tags {@code "t"} and {@code "t-gzip-6"} for two
 * different representations; the documentation says so.
 *
 * <p>Conditional requests are answered on the way out: the application compares
 * {@code If-None-Match} with its own tag; when it answers 200 although the client's list holds its tag
 * or one of our variants of it (weak comparison, RFC 9110 section 13.1.2: every variant is the same
 * representation), {@link NegotiationFilter} turns that into 304 carrying the tag of the variant it
 * would send now. This needs no change to request headers, which some runtimes (Jersey) do not allow
 * after matching.
 */
public final class EntityTags {
    private EntityTags() {
    }

    /**
     * The tag of the bytes {@code codec} sends for a response tagged {@code etag} (a header value):
     * {@code "abc"} becomes {@code "abc-<variant>"}. Weak tags and values that are not quoted tags are
     * returned as they are. A codec whose variant name is outside the format ({@link Codec#variant()})
     * cannot name its bytes, so its tag is made weak.
     *
     * @param streaming whether the body goes through {@link Codec#compressingStream} (else one shot)
     */
    static String forVariant(String etag, Codec codec, boolean streaming) {
        return forVariant(etag, codec.coding(), streaming ? codec.streamingVariant() : codec.variant());
    }

    /** {@link #forVariant(String, Codec, boolean)} for a variant name of {@code coding}. */
    static String forVariant(String etag, String coding, String variant) {
        if (etag == null || !isStrong(etag)) {
            return etag;
        }
        if (!isVariantOf(variant, coding)) {
            return "W/" + etag;
        }
        return etag.substring(0, etag.length() - 1) + "-" + variant + "\"";
    }

    /**
     * Makes the response's ETag weak, if it has a strong one: a body whose bytes are its own (a BREACH-padded
     * one) names no byte sequence another response could repeat.
     */
    static void weaken(MultivaluedMap<String, Object> headers) {
        Object etag = headers.getFirst(HttpHeaders.ETAG);
        if (etag != null && !etag.toString().startsWith("W/")) {
            headers.putSingle(HttpHeaders.ETAG, "W/" + etag);
        }
    }

    /**
     * Whether {@code variant} is a variant name of {@code coding}: the coding itself, or the coding, a
     * dash and one or more of {@code a-z 0-9 .}.
     */
    static boolean isVariantOf(String variant, String coding) {
        if (variant == null || coding == null || coding.isEmpty() || !variant.startsWith(coding)) {
            return false;
        }
        int n = variant.length();
        if (n == coding.length()) {
            return true;
        }
        if (variant.charAt(coding.length()) != '-' || n == coding.length() + 1) {
            return false;
        }
        for (int i = coding.length() + 1; i < n; i++) {
            char c = variant.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.')) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code ifNoneMatch} (a header value) lists the representation the application tags
     * {@code etag}: {@code *}, that tag, or a tag of any of our variants of it in one of
     * {@code codings}, by the weak comparison {@code If-None-Match} uses (a {@code W/} prefix does not
     * matter).
     */
    static boolean listsRepresentation(String ifNoneMatch, String etag, Collection<String> codings) {
        if (ifNoneMatch == null || etag == null || !isStrong(opaque(etag))) {
            return false;
        }
        String own = opaque(etag);
        String inner = own.substring(1, own.length() - 1);
        for (String listed : new TagList(ifNoneMatch)) {
            if (listed.equals("*") || listed.equals(own)) {
                return true;
            }
            String candidate = listed.substring(1, listed.length() - 1);
            if (candidate.length() > inner.length() + 1 && candidate.startsWith(inner)
                    && candidate.charAt(inner.length()) == '-' && isOurVariant(candidate.substring(inner.length() + 1),
                            codings)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isOurVariant(String variant, Collection<String> codings) {
        for (String coding : codings) {
            if (isVariantOf(variant, coding)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code ifNoneMatch} (a header value) lists exactly {@code tag}, by the weak comparison
     * that {@code If-None-Match} uses (RFC 9110 section 13.1.2: a {@code W/} prefix does not matter).
     */
    public static boolean listed(String ifNoneMatch, String tag) {
        if (ifNoneMatch == null || tag == null) {
            return false;
        }
        String opaque = opaque(tag);
        for (String listed : new TagList(ifNoneMatch)) {
            if (listed.equals(opaque)) {
                return true;
            }
        }
        return false;
    }

    private static String opaque(String tag) {
        String t = tag.trim();
        return t.startsWith("W/") ? t.substring(2) : t;
    }

    private static boolean isStrong(String tag) {
        return tag.length() >= 2 && tag.charAt(0) == '"' && tag.charAt(tag.length() - 1) == '"';
    }

    /**
     * The members of an {@code If-None-Match} list as opaque tags ({@code "..."} with its quotes, without
     * {@code W/}) or {@code *}. Quoted tags may hold commas, so the list is read tag by tag rather than
     * split; a malformed member ends the list (what came before it still counts).
     */
    private record TagList(String header) implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return new java.util.Iterator<>() {
                private int at;
                private String next = advance();

                private String advance() {
                    int n = header.length();
                    while (at < n && (header.charAt(at) == ',' || header.charAt(at) == ' ' || header.charAt(at) == '\t')) {
                        at++;
                    }
                    if (at >= n) {
                        return null;
                    }
                    if (header.charAt(at) == '*') {
                        at++;
                        return "*";
                    }
                    if (header.startsWith("W/", at)) {
                        at += 2;
                    }
                    if (at >= n || header.charAt(at) != '"') {
                        at = n;
                        return null;
                    }
                    int close = header.indexOf('"', at + 1);
                    if (close < 0) {
                        at = n;
                        return null;
                    }
                    String tag = header.substring(at, close + 1);
                    at = close + 1;
                    return tag;
                }

                @Override
                public boolean hasNext() {
                    return next != null;
                }

                @Override
                public String next() {
                    if (next == null) {
                        throw new java.util.NoSuchElementException();
                    }
                    String t = next;
                    next = advance();
                    return t;
                }
            };
        }
    }
}
