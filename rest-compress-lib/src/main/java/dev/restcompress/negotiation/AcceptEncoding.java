package dev.restcompress.negotiation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * A parsed {@code Accept-Encoding} header (RFC 9110 section 12.5.3): codings with their weights.
 *
 * <p>Parsing never throws: an entry with an invalid token, an invalid {@code q} or more than one
 * {@code q} (RFC 9110 gives an entry one weight; {@code gzip;q=0;q=1} must not turn a refusal into an
 * acceptance) is ignored; parameters other than {@code q} are ignored. Whitespace around {@code =} is
 * tolerated although RFC 9110 allows none there, so that a refusal written {@code gzip; q = 0} still
 * refuses. Tokens are lower-cased; {@code x-gzip} becomes {@code gzip}.
 * When a coding is listed twice the lower weight wins, so a refusal ({@code q=0}) is never
 * overridden. Weights are kept in thousandths (0 to 1000) to avoid floating point. Parsing is one
 * pass, linear in the header's length. Immutable and thread-safe.
 */
public final class AcceptEncoding {
    /** Weight for "not listed". */
    public static final int ABSENT = -1;

    /** Distinct codings kept; more are ignored so that merging stays linear in the header length. */
    static final int MAX_ENTRIES = 32;

    private static final AcceptEncoding NO_HEADER = new AcceptEncoding(false, List.of());

    private final boolean present;
    private final List<Entry> entries;

    /** One listed coding and its weight in thousandths. */
    public record Entry(String coding, int weight) { }

    private AcceptEncoding(boolean present, List<Entry> entries) {
        this.present = present;
        this.entries = entries;
    }

    /**
     * Parses header values; {@code null} or no values means the request had no
     * {@code Accept-Encoding} header. Several values are read as one comma-separated list.
     */
    public static AcceptEncoding parse(List<String> headerValues) {
        if (headerValues == null || headerValues.isEmpty()) {
            return NO_HEADER;
        }
        List<Entry> out = new ArrayList<>();
        for (String v : headerValues) {
            if (v != null) {
                parseInto(v, out);
            }
        }
        return new AcceptEncoding(true, Collections.unmodifiableList(out));
    }

    /** Parses one header value; {@code null} means no header. */
    public static AcceptEncoding parse(String headerValue) {
        return headerValue == null ? NO_HEADER : parse(List.of(headerValue));
    }

    /** Whether the request carried the header at all (an empty header is present). */
    public boolean present() {
        return present;
    }

    /** The valid entries, in header order, duplicates merged. */
    public List<Entry> entries() {
        return entries;
    }

    /** The weight listed for {@code coding} (lower case), or {@link #ABSENT}. */
    public int weightOf(String coding) {
        for (Entry e : entries) {
            if (e.coding.equals(coding)) {
                return e.weight;
            }
        }
        return ABSENT;
    }

    private static void parseInto(String s, List<Entry> out) {
        int i = 0;
        int n = s.length();
        while (i < n) {
            int end = s.indexOf(',', i);
            if (end < 0) {
                end = n;
            }
            parseElement(s, i, end, out);
            i = end + 1;
        }
    }

    /** One list element: token *( OWS ";" OWS name "=" value ). */
    private static void parseElement(String s, int from, int to, List<Entry> out) {
        int semi = s.indexOf(';', from);
        if (semi < 0 || semi > to) {
            semi = to;
        }
        String token = trimmed(s, from, semi);
        if (token.isEmpty() || !isToken(token)) {
            return;
        }
        int weight = 1000;
        boolean weighted = false;
        int p = semi;
        while (p < to) {
            int next = s.indexOf(';', p + 1);
            if (next < 0 || next > to) {
                next = to;
            }
            String param = trimmed(s, p + 1, next);
            int eq = param.indexOf('=');
            String name = (eq < 0 ? param : param.substring(0, eq)).trim();
            if (name.equalsIgnoreCase("q")) {
                weight = eq < 0 || weighted ? -1 : parseQ(param.substring(eq + 1).trim());
                if (weight < 0) {
                    return; // invalid or second weight: ignore the whole entry
                }
                weighted = true;
            }
            p = next;
        }
        merge(out, CodingTokens.canonical(token), weight);
    }

    private static void merge(List<Entry> out, String coding, int weight) {
        for (int k = 0; k < out.size(); k++) {
            Entry e = out.get(k);
            if (e.coding.equals(coding)) {
                if (weight < e.weight) {
                    out.set(k, new Entry(coding, weight));
                }
                return;
            }
        }
        if (out.size() < MAX_ENTRIES) {
            out.add(new Entry(coding, weight));
        }
    }

    /**
     * qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ), in thousandths; -1 if invalid.
     */
    static int parseQ(String v) {
        int n = v.length();
        if (n == 0 || n > 5) {
            return -1;
        }
        char first = v.charAt(0);
        if (first != '0' && first != '1') {
            return -1;
        }
        int value = (first - '0') * 1000;
        if (n == 1) {
            return value;
        }
        if (v.charAt(1) != '.') {
            return -1;
        }
        int scale = 100;
        for (int i = 2; i < n; i++) {
            char c = v.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value += (c - '0') * scale;
            scale /= 10;
        }
        return value > 1000 ? -1 : value;
    }

    private static String trimmed(String s, int from, int to) {
        while (from < to && isWhitespace(s.charAt(from))) {
            from++;
        }
        while (to > from && isWhitespace(s.charAt(to - 1))) {
            to--;
        }
        return s.substring(from, to);
    }

    private static boolean isWhitespace(char c) {
        return c == ' ' || c == '\t';
    }

    /** RFC 9110 token: 1*tchar. */
    private static boolean isToken(String t) {
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            boolean tchar = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!tchar) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return present ? "AcceptEncoding" + entries : "AcceptEncoding[absent]";
    }
}
