package dev.restcompress.dictionary;

/**
 * The part of URL Pattern matching that {@code Use-As-Dictionary: match} needs here: a path pattern
 * where {@code *} stands for any run of characters (RFC 9842 section 2.1.1 uses the URL Pattern
 * standard; its named groups and regular expressions are not supported and match literally).
 * An absolute pattern ({@code https://host/path}) is compared by its path: the origin is the
 * caller's to check. Stateless.
 */
final class UrlPatterns {
    private UrlPatterns() {
    }

    static boolean matches(String pattern, String path) {
        if (pattern == null || path == null) {
            return false;
        }
        return glob(pathOf(pattern), pathOf(path));
    }

    /** The path of an absolute URL, the string itself otherwise; without query and fragment. */
    static String pathOf(String url) {
        String s = url;
        int scheme = s.indexOf("://");
        if (scheme > 0 && scheme < 10) {
            int slash = s.indexOf('/', scheme + 3);
            s = slash < 0 ? "/" : s.substring(slash);
        }
        int q = s.indexOf('?');
        if (q >= 0) {
            s = s.substring(0, q);
        }
        int h = s.indexOf('#');
        return h >= 0 ? s.substring(0, h) : s;
    }

    /** Iterative glob with backtracking to the last star: linear in practice, no recursion. */
    private static boolean glob(String p, String s) {
        int pi = 0;
        int si = 0;
        int star = -1;
        int mark = 0;
        while (si < s.length()) {
            if (pi < p.length() && p.charAt(pi) == '*') {
                star = pi++;
                mark = si;
            } else if (pi < p.length() && p.charAt(pi) == s.charAt(si)) {
                pi++;
                si++;
            } else if (star >= 0) {
                pi = star + 1;
                si = ++mark;
            } else {
                return false;
            }
        }
        while (pi < p.length() && p.charAt(pi) == '*') {
            pi++;
        }
        return pi == p.length();
    }
}
