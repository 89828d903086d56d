package dev.restcompress.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Negotiation among all four codings, one line per case: the header, the server's offer (most
 * preferred first) and the outcome ("!" = identity not acceptable as a fallback). The client's
 * weights decide first; among equal weights the server's order decides.
 */
class MultiCodingNegotiationTest {

    private static String outcome(String header, String offered) {
        List<String> offer = Arrays.asList(offered.trim().split(" "));
        Negotiation n = Negotiation.negotiate(AcceptEncoding.parse(header), offer);
        return n.isNotAcceptable() ? "406" : n.coding() + (n.identityAcceptable() ? "" : "!");
    }

    @ParameterizedTest(name = "[{index}] ''{0}'' offered [{1}] -> {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        // the cases
        "gzip;q=1, zstd;q=0.5                    | zstd br lzf gzip | gzip",
        "br;q=0, gzip                            | zstd br lzf gzip | gzip",
        "br;q=0, gzip                            | br gzip          | gzip",
        "*                                       | zstd br lzf gzip | zstd",
        "*                                       | br zstd gzip     | br",
        "ZSTD;Q=0.5, Br;q=0.9, GZip              | zstd br lzf gzip | gzip",
        "ZSTD, BR                                | zstd br lzf gzip | zstd",
        "Br, GZIP                                | zstd br lzf gzip | br",
        // browsers and curl: equal weights, the server's order decides
        "gzip, deflate, br, zstd                 | zstd br lzf gzip | zstd",
        "gzip, deflate, br, zstd                 | br zstd gzip     | br",
        "gzip, deflate, br                       | zstd br lzf gzip | br",
        "deflate, gzip                           | zstd br lzf gzip | gzip",
        // weights decide before the server's order
        "zstd;q=0.8, br;q=0.9                    | zstd br lzf gzip | br",
        "zstd;q=0.8, br;q=0.9, lzf               | zstd br lzf gzip | lzf",
        "zstd;q=0.001, gzip;q=0                  | zstd br lzf gzip | zstd",
        // refusals stick, also with a wildcard
        "zstd;q=0, *                             | zstd br lzf gzip | br",
        "zstd;q=0, br;q=0, *;q=0.3               | zstd br lzf gzip | lzf",
        "*;q=0, gzip;q=0.2                       | zstd br lzf gzip | gzip!",
        "zstd;q=0, br;q=0, lzf;q=0, gzip;q=0     | zstd br lzf gzip | identity",
        "zstd;q=0, br;q=0, lzf;q=0, gzip;q=0, identity;q=0 | zstd br lzf gzip | 406",
        // codings the method does not offer are ignored
        "zstd, br                                | lzf gzip         | identity",
        "zstd;q=1, gzip;q=0.1                    | lzf gzip         | gzip",
        // identity competes on weight
        "identity;q=0.9, zstd;q=0.5              | zstd br lzf gzip | identity",
        "identity;q=0.5, br;q=0.5                | zstd br lzf gzip | br",
    })
    void negotiates(String header, String offered, String expected) {
        assertEquals(expected, outcome(header, offered));
    }
}
