package dev.restcompress.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The encoded variant's ETag and the weak If-None-Match comparison, one line per case. */
class EntityTagsTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "`\"v1\"`    | `\"v1-lzf\"`",   // strong: the coding joins the opaque tag
        "`\"\"`      | `\"-lzf\"`",     // the shortest strong tag
        "`W/\"v1\"`  | `W/\"v1\"`",     // weak tags stay as they are
        "`\"v1`      | `\"v1`",         // not a quoted tag: untouched
        "`v1\"`      | `v1\"`",
        "`\"`        | `\"`",           // one quote is not a tag
    })
    void encodedVariantTag(String etag, String expected) {
        assertEquals(expected, EntityTags.withCoding(etag, "lzf"));
    }

    @Test
    void noTagStaysNoTag() {
        assertNull(EntityTags.withCoding(null, "lzf"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "`\"a\"`                | `\"a\"`     | true",
        "`W/\"a\"`              | `\"a\"`     | true",    // weak comparison: W/ does not matter
        "`\"a\"`                | `W/\"a\"`   | true",
        "`\"b\", \"a\"`         | `\"a\"`     | true",    // any member of the list
        "`, \"a\"`              | `\"a\"`     | true",    // an empty first member
        "`\"a\",`               | `\"b\"`     | false",
        "`\"b\"`                | `\"a\"`     | false",
        "`W/\"b\"`              | `\"a\"`     | false",
        "`\"a-lzf\"`            | `\"a\"`     | false",
    })
    void ifNoneMatchListsTheTag(String ifNoneMatch, String tag, boolean listed) {
        assertEquals(listed, EntityTags.listed(ifNoneMatch, tag));
    }

    @Test
    void nothingListedWithoutBoth() {
        assertEquals(false, EntityTags.listed(null, "\"a\""));
        assertEquals(false, EntityTags.listed("\"a\"", null));
    }
}
