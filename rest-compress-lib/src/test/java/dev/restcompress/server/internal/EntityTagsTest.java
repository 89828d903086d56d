package dev.restcompress.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Variant tags, their format, and If-None-Match across the variants of one representation, one line
 * per case.
 */
class EntityTagsTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "`\"v1\"`    | gzip | gzip-ld6     | `\"v1-gzip-ld6\"`",   // strong: the variant joins the opaque tag
        "`\"v1\"`    | lzf  | lzf          | `\"v1-lzf\"`",        // a coding without settings
        "`\"a-b\"`   | dcz  | dcz-3.0a1b2c | `\"a-b-dcz-3.0a1b2c\"`", // the application's tag may hold dashes
        "`\"\"`      | gzip | gzip-6       | `\"-gzip-6\"`",       // the shortest strong tag
        "`W/\"v1\"`  | gzip | gzip-6       | `W/\"v1\"`",          // weak tags stay as they are
        "`\"v1`      | gzip | gzip-6       | `\"v1`",              // not a quoted tag: untouched
        "`v1\"`      | gzip | gzip-6       | `v1\"`",
        "`\"`        | gzip | gzip-6       | `\"`",                // one quote is not a tag
        "`\"v1\"`    | gzip | gzip-6-1     | `W/\"v1\"`",          // a name outside the format cannot name bytes: weak
        "`\"v1\"`    | gzip | gzip-        | `W/\"v1\"`",
        "`\"v1\"`    | gzip | gzip-L6      | `W/\"v1\"`",
        "`\"v1\"`    | gzip | gzipx        | `W/\"v1\"`",
        "`\"v1\"`    | gzip | zstd-3       | `W/\"v1\"`",          // another coding's name
    })
    void variantTag(String etag, String coding, String variant, String expected) {
        assertEquals(expected, EntityTags.forVariant(etag, coding, variant));
    }

    @Test
    void noTagStaysNoTag() {
        assertNull(EntityTags.forVariant(null, "gzip", "gzip-6"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "`\"a\"`                | `\"a\"`     | true",
        "`W/\"a\"`              | `\"a\"`     | true",    // weak comparison: W/ does not matter
        "`\"a\"`                | `W/\"a\"`   | true",
        "`\"b\", \"a\"`         | `\"a\"`     | true",    // any member of the list
        "`, \"a\"`              | `\"a\"`     | true",    // an empty first member
        "`\"x,y\", \"a\"`       | `\"a\"`     | true",    // a comma inside a tag does not split it
        "`\"x,\"a\"`            | `\"a\"`     | false",   // ...nor make a member out of its rest
        "`\"a\",`               | `\"b\"`     | false",
        "`\"b\"`                | `\"a\"`     | false",
        "`W/\"b\"`              | `\"a\"`     | false",
        "`\"a-lzf\"`            | `\"a\"`     | false",   // exact: the variants are listsRepresentation's job
    })
    void ifNoneMatchListsTheTag(String ifNoneMatch, String tag, boolean listed) {
        assertEquals(listed, EntityTags.listed(ifNoneMatch, tag));
    }

    @Test
    void nothingListedWithoutBoth() {
        assertEquals(false, EntityTags.listed(null, "\"a\""));
        assertEquals(false, EntityTags.listed("\"a\"", null));
    }

    /** The application's tag is {@code "v1-x"} (a dash of its own); the method offers gzip, lzf and dcz. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "`\"v1-x\"`                     | true",    // the application's own tag
        "`W/\"v1-x\"`                   | true",
        "`*`                            | true",
        "`\"v1-x-gzip-ld6\"`            | true",    // any level, engine or coding of it
        "`\"v1-x-gzip-1\"`              | true",
        "`W/\"v1-x-gzip-s1\"`           | true",
        "`\"v1-x-gzip\"`                | true",    // the tags of earlier versions of this library
        "`\"v1-x-lzf\"`                 | true",
        "`\"v1-x-dcz-3.0a1b2c3d4e5f\"`  | true",
        "`\"o\", \"v1-x-lzf\"`          | true",
        "`\"v1\"`                       | false",   // a prefix of the tag is another representation
        "`\"v1-gzip-6\"`                | false",   // ... and so are its variants
        "`\"v1-x-y\"`                   | false",   // the application's tag plus a suffix not ours
        "`\"v1-x-br-5\"`                | false",   // a coding the method does not offer
        "`\"v1-x-gzip-6-1\"`            | false",   // settings hold no dash
        "`\"v1-x-gzip-\"`               | false",
        "`\"v1-x-gzip-L6\"`             | false",
        "`\"v1-x-\"`                    | false",
        "`\"v1-xgzip-6\"`               | false",
        "`\"v1-x\"x`                    | true",    // junk after a listed tag ends the list, not the match
    })
    void ifNoneMatchListsTheRepresentation(String ifNoneMatch, boolean listed) {
        assertEquals(listed, EntityTags.listsRepresentation(ifNoneMatch, "\"v1-x\"", List.of("gzip", "lzf", "dcz")));
    }

    @Test
    void aWeakOrMissingApplicationTagHasNoVariants() {
        assertEquals(true, EntityTags.listsRepresentation("W/\"a\"", "W/\"a\"", List.of("gzip")));
        assertEquals(false, EntityTags.listsRepresentation("\"a\"", null, List.of("gzip")));
        assertEquals(false, EntityTags.listsRepresentation(null, "\"a\"", List.of("gzip")));
    }
}
