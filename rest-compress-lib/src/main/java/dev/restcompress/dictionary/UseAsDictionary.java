package dev.restcompress.dictionary;

/**
 * A parsed {@code Use-As-Dictionary} header (RFC 9842 section 2.1): the response's body is a
 * dictionary for later requests whose URL matches {@code match}.
 *
 * @param match the URL pattern (required)
 * @param id the id to echo in {@code Dictionary-ID}, empty for none
 */
public record UseAsDictionary(String match, String id) {
    public UseAsDictionary {
        java.util.Objects.requireNonNull(match, "match");
        id = id == null ? "" : id;
    }
}
