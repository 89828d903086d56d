package dev.restcompress.server.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The start-up line's list of codings: each as its provider describes it, unknown ones by token. */
class CodingDescriptionsTest {
    @Test
    void eachCodingIsNamedAsItsProviderDescribesIt() {
        String line = CodingDescriptions.of(List.of("gzip", "lzf", "no-such-coding"));
        // gzip names its engine ("gzip (libdeflate)" or "gzip (JDK)"); lzf has no more to say than its token.
        assertTrue(line.matches("gzip \\((libdeflate|JDK)[^)]*\\), lzf, no-such-coding"), line);
    }
}
