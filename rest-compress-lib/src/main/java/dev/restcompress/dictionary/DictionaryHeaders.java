package dev.restcompress.dictionary;

import java.util.Base64;

/**
 * The RFC 9842 header fields as structured fields (RFC 8941), parsed and produced: the parts of the
 * syntax these headers use (byte sequences, strings, tokens, booleans, integers, dictionaries). Every
 * parser returns {@code null} for a value it cannot read: an invalid header is ignored, as RFC 9842
 * asks, and never becomes an error response. Stateless.
 */
public final class DictionaryHeaders {
    /** Request: the SHA-256 of the dictionary the client holds for this URL, {@code :base64:}. */
    public static final String AVAILABLE_DICTIONARY = "Available-Dictionary";
    /** Request: the id of that dictionary, as the server named it. */
    public static final String DICTIONARY_ID = "Dictionary-ID";
    /** Response: this body is a dictionary; {@code match="/pattern", id="..."}. */
    public static final String USE_AS_DICTIONARY = "Use-As-Dictionary";
    /** The {@code Link} relation that points a client to a dictionary. */
    public static final String LINK_RELATION = "compression-dictionary";
    /** The coding token of zstd with a dictionary (RFC 9842 section 5.2). */
    public static final String DCZ = "dcz";
    /** The coding token of brotli with a dictionary (RFC 9842 section 5.1). */
    public static final String DCB = "dcb";
    /** Length of a SHA-256. */
    public static final int HASH_LENGTH = 32;

    private DictionaryHeaders() {
    }

    /** {@code :base64:} for {@code bytes}. */
    public static String formatByteSequence(byte[] bytes) {
        return ":" + Base64.getEncoder().encodeToString(bytes) + ":";
    }

    /**
     * The bytes of a structured-field byte sequence item ({@code :base64:}, parameters after it
     * ignored), or {@code null} when {@code value} is not one.
     */
    public static byte[] parseByteSequence(String value) {
        if (value == null) {
            return null;
        }
        String v = stripParameters(value.trim());
        if (v.length() < 2 || v.charAt(0) != ':' || v.charAt(v.length() - 1) != ':') {
            return null;
        }
        String b64 = v.substring(1, v.length() - 1);
        for (int i = 0; i < b64.length(); i++) {
            char c = b64.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/'
                    || c == '=')) {
                return null;
            }
        }
        try {
            return Base64.getDecoder().decode(b64);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The 32-byte hash of an {@code Available-Dictionary} value, or {@code null} when invalid. */
    public static byte[] parseAvailableDictionary(String value) {
        byte[] hash = parseByteSequence(value);
        return hash != null && hash.length == HASH_LENGTH ? hash : null;
    }

    /**
     * A structured-field string for {@code s}: quoted, with {@code "} and {@code \} escaped.
     *
     * @throws IllegalArgumentException if {@code s} has characters outside printable ASCII
     */
    public static String formatString(String s) {
        if (!isPrintableAscii(s)) {
            throw new IllegalArgumentException("a structured-field string takes printable ASCII only: '" + s + "'");
        }
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.append('"').toString();
    }

    /** The content of a structured-field string item (parameters ignored), or {@code null} when invalid. */
    public static String parseString(String value) {
        if (value == null) {
            return null;
        }
        Cursor c = new Cursor(value.trim());
        String s = c.string();
        if (s == null) {
            return null;
        }
        c.skipParameters();
        return c.atEnd() && !c.invalid ? s : null;
    }

    /** The id of a {@code Dictionary-ID} value (a string of at most 1024 characters), or {@code null}. */
    public static String parseDictionaryId(String value) {
        String id = parseString(value);
        return id != null && id.length() <= CompressionDictionary.MAX_ID_LENGTH ? id : null;
    }

    /**
     * The {@code Use-As-Dictionary} value {@code match="...", id="..."} (the id only when not empty).
     *
     * @throws IllegalArgumentException if {@code match} or {@code id} is not printable ASCII
     */
    public static String formatUseAsDictionary(String match, String id) {
        String out = "match=" + formatString(match);
        return id == null || id.isEmpty() ? out : out + ", id=" + formatString(id);
    }

    /**
     * A {@code Use-As-Dictionary} value, or {@code null} when it is not a valid structured-field
     * dictionary, has no string {@code match}, an id longer than 1024 characters, or a {@code type}
     * other than {@code raw}. Unknown members ({@code match-dest} and future ones) are ignored.
     */
    public static UseAsDictionary parseUseAsDictionary(String value) {
        if (value == null) {
            return null;
        }
        Cursor c = new Cursor(value);
        String match = null;
        String id = "";
        c.spaces();
        if (c.atEnd()) {
            return null;
        }
        while (true) {
            String key = c.key();
            if (key == null) {
                return null;
            }
            Object item;
            if (c.peek('=')) {
                c.pos++;
                item = c.memberValue();
                if (item == null) {
                    return null;
                }
            } else {
                item = Boolean.TRUE;
            }
            c.skipParameters();
            if (c.invalid) {
                return null;
            }
            switch (key) {
                case "match" -> match = item instanceof String s ? s : null;
                case "id" -> {
                    if (!(item instanceof String s) || s.length() > CompressionDictionary.MAX_ID_LENGTH) {
                        return null;
                    }
                    id = s;
                }
                case "type" -> {
                    if (!(item instanceof Token t) || !t.value.equals("raw")) {
                        return null;
                    }
                }
                default -> { /* match-dest and unknown members: not needed here */ }
            }
            c.spaces();
            if (c.atEnd()) {
                break;
            }
            if (!c.peek(',')) {
                return null;
            }
            c.pos++;
            c.spaces();
            if (c.atEnd()) {
                return null; // trailing comma
            }
        }
        return match == null || match.isEmpty() ? null : new UseAsDictionary(match, id);
    }

    static boolean isPrintableAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                return false;
            }
        }
        return true;
    }

    private static String stripParameters(String v) {
        int last = v.lastIndexOf(':');
        int semi = v.indexOf(';', Math.max(last, 0));
        return last > 0 && semi > last ? v.substring(0, semi).trim() : v;
    }

    /** A number item (integer or decimal), told apart from a string item. */
    private record Numeric(String text) {
    }

    /** A token item, told apart from a string item. */
    private record Token(String value) {
    }

    /** A reading position in a header value. */
    private static final class Cursor {
        final String s;
        int pos;
        /** Set when a parameter was malformed: the whole value is then invalid. */
        boolean invalid;

        Cursor(String s) {
            this.s = s;
        }

        boolean atEnd() {
            return pos >= s.length();
        }

        boolean peek(char c) {
            return pos < s.length() && s.charAt(pos) == c;
        }

        void spaces() {
            while (pos < s.length() && (s.charAt(pos) == ' ' || s.charAt(pos) == '\t')) {
                pos++;
            }
        }

        /** A dictionary key: lcalpha or '*', then lcalpha, digits, '_', '-', '.', '*'. */
        String key() {
            int start = pos;
            if (atEnd()) {
                return null;
            }
            char first = s.charAt(pos);
            if (!(first >= 'a' && first <= 'z' || first == '*')) {
                return null;
            }
            pos++;
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == '*') {
                    pos++;
                } else {
                    break;
                }
            }
            return s.substring(start, pos);
        }

        /** A bare item or an inner list (returned as an empty marker object). */
        Object memberValue() {
            if (peek('(')) {
                pos++;
                while (true) {
                    spaces();
                    if (peek(')')) {
                        pos++;
                        return new Object();
                    }
                    if (bareItem() == null) {
                        return null;
                    }
                    skipParameters();
                    if (invalid || !peek(' ') && !peek(')')) {
                        return null;
                    }
                }
            }
            return bareItem();
        }

        Object bareItem() {
            if (atEnd()) {
                return null;
            }
            char c = s.charAt(pos);
            if (c == '"') {
                return string();
            }
            if (c == '?') {
                pos++;
                if (peek('0') || peek('1')) {
                    return s.charAt(pos++) == '1';
                }
                return null;
            }
            if (c == '-' || c >= '0' && c <= '9') {
                int start = pos++;
                while (pos < s.length() && (Character.isDigit(s.charAt(pos)) || s.charAt(pos) == '.')) {
                    pos++;
                }
                return new Numeric(s.substring(start, pos));
            }
            if (c == ':') {
                int end = s.indexOf(':', pos + 1);
                if (end < 0) {
                    return null;
                }
                byte[] b = parseByteSequence(s.substring(pos, end + 1));
                pos = end + 1;
                return b;
            }
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '*') {
                int start = pos++;
                while (pos < s.length() && "!#$%&'*+-.^_`|~:/".indexOf(s.charAt(pos)) >= 0
                        || pos < s.length() && Character.isLetterOrDigit(s.charAt(pos)) && s.charAt(pos) < 0x80) {
                    pos++;
                }
                return new Token(s.substring(start, pos));
            }
            return null;
        }

        /** A quoted string with {@code \"} and {@code \\} escapes, or {@code null}. */
        String string() {
            if (!peek('"')) {
                return null;
            }
            pos++;
            StringBuilder sb = new StringBuilder();
            while (pos < s.length()) {
                char c = s.charAt(pos++);
                if (c == '\\') {
                    if (atEnd()) {
                        return null;
                    }
                    char n = s.charAt(pos++);
                    if (n != '"' && n != '\\') {
                        return null;
                    }
                    sb.append(n);
                } else if (c == '"') {
                    return sb.toString();
                } else if (c < 0x20 || c > 0x7e) {
                    return null;
                } else {
                    sb.append(c);
                }
            }
            return null; // unterminated
        }

        void skipParameters() {
            while (peek(';')) {
                pos++;
                spaces();
                if (key() == null) {
                    invalid = true;
                    return;
                }
                if (peek('=')) {
                    pos++;
                    if (bareItem() == null) {
                        invalid = true;
                        return;
                    }
                }
            }
        }
    }
}
