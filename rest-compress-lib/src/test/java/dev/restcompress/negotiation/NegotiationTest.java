package dev.restcompress.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * RFC 9110 section 12.5.3 negotiation, one line per case: the header, the server's offer (most
 * preferred first) and the outcome: a coding, "identity", or "406". A trailing "!" means identity is
 * not acceptable as a fallback.
 */
class NegotiationTest {

    private static String outcome(String header, String offered) {
        AcceptEncoding ae = header.equals("<absent>") ? AcceptEncoding.parse((String) null) : AcceptEncoding.parse(header);
        List<String> offer = offered.isEmpty() ? List.of() : Arrays.asList(offered.split(" "));
        Negotiation n = Negotiation.negotiate(ae, offer);
        if (n.isNotAcceptable()) {
            return "406";
        }
        return n.coding() + (n.identityAcceptable() ? "" : "!");
    }

    @ParameterizedTest(name = "[{index}] ''{0}'' offered [{1}] -> {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        // no header / empty header
        "<absent>                         | lzf gzip      | identity",
        "``                               | lzf gzip      | identity",
        "`   `                            | lzf gzip      | identity",
        // single codings
        "lzf                              | lzf gzip      | lzf",
        "gzip                             | lzf gzip      | gzip",
        "br                               | lzf gzip      | identity",
        "deflate                          | lzf gzip      | identity",
        // server preference breaks ties
        "gzip, lzf                        | lzf gzip      | lzf",
        "lzf, gzip                        | gzip lzf      | gzip",
        "gzip, deflate, br, zstd          | lzf gzip      | gzip",
        // q-values decide first
        "gzip;q=1, lzf;q=0.5              | lzf gzip      | gzip",
        "gzip;q=0.5, lzf;q=0.501          | lzf gzip      | lzf",
        "gzip;q=0.001, lzf;q=0.000        | lzf gzip      | gzip",
        "lzf;q=1.0, gzip;q=1.000          | gzip lzf      | gzip",
        // q=0 refuses
        "br;q=0, gzip                     | br gzip       | gzip",
        "lzf;q=0, gzip                    | lzf gzip      | gzip",
        "lzf;q=0                          | lzf gzip      | identity",
        "gzip;q=0, lzf;q=0                | lzf gzip      | identity",
        // wildcard
        "*                                | lzf gzip      | lzf",
        "*                                | gzip lzf      | gzip",
        "*;q=0.5, gzip                    | lzf gzip      | gzip",
        "*;q=0.5, gzip;q=0.2              | lzf gzip      | lzf",
        "lzf;q=0, *                       | lzf gzip      | gzip",
        "*;q=0                            | lzf gzip      | 406",
        "*;q=0, lzf                       | lzf gzip      | lzf!",
        "*;q=0, identity                  | lzf gzip      | identity",
        "*;q=0, identity;q=0.5            | lzf gzip      | identity",
        // identity
        "identity                         | lzf gzip      | identity",
        "identity;q=0                     | lzf gzip      | 406",
        "identity;q=0, lzf                | lzf gzip      | lzf!",
        "identity;q=0, br                 | lzf gzip      | 406",
        "identity;q=0.9, gzip;q=0.4       | lzf gzip      | identity",
        "identity;q=0.4, gzip;q=0.9       | lzf gzip      | gzip",
        "identity;q=0.5, gzip;q=0.5       | lzf gzip      | gzip",
        "identity, gzip                   | lzf gzip      | gzip",
        // case-insensitive tokens and parameter names, whitespace
        "GZIP                             | lzf gzip      | gzip",
        "LzF;Q=0.7, gzip;q=0.6            | lzf gzip      | lzf",
        "  gzip ;  q=0.3 ,\tlzf ; q=0.2   | lzf gzip      | gzip",
        "gzip;q=0.3,lzf;q=0.2             | lzf gzip      | gzip",
        // aliases
        "x-gzip                           | lzf gzip      | gzip",
        "x-gzip;q=0, gzip                 | gzip          | identity",
        // duplicates: the lower weight wins, so a refusal sticks
        "gzip;q=0, gzip                   | lzf gzip      | identity",
        "gzip, gzip;q=0.1, lzf;q=0.5      | lzf gzip      | lzf",
        // invalid q values: the entry is ignored
        "gzip;q=2, lzf;q=0.1              | lzf gzip      | lzf",
        "gzip;q=1.5                       | lzf gzip      | identity",
        "gzip;q=-1                        | lzf gzip      | identity",
        "gzip;q=0.1234                    | lzf gzip      | identity",
        "gzip;q=abc, lzf                  | lzf gzip      | lzf",
        "gzip;q=, lzf;q=0.1               | lzf gzip      | lzf",
        "gzip;q=1.001                     | lzf gzip      | identity",
        "gzip;q=.5                        | lzf gzip      | identity",
        "gzip;q                           | lzf gzip      | identity",
        // other parameters are ignored
        "gzip;level=9                     | lzf gzip      | gzip",
        "gzip;foo=bar;q=0.2, lzf;q=0.1    | lzf gzip      | gzip",
        // invalid tokens and empty elements are ignored
        ",,gzip,,                         | lzf gzip      | gzip",
        "gz ip, lzf                       | lzf gzip      | lzf",
        "gzïp, lzf                        | lzf gzip      | lzf",
        "\"gzip\", lzf                    | lzf gzip      | lzf",
        ";q=1, lzf                        | lzf gzip      | lzf",
        // nothing offered
        "gzip                             | ``            | identity",
        "identity;q=0                     | ``            | 406",
    })
    void negotiates(String header, String offered, String expected) {
        assertEquals(expected, outcome(header, offered.trim()));
    }

    @Test
    void severalHeaderLinesAreOneList() {
        AcceptEncoding ae = AcceptEncoding.parse(List.of("gzip;q=0.5", "lzf"));
        assertEquals("lzf", Negotiation.negotiate(ae, List.of("gzip", "lzf")).coding());
    }

    @ParameterizedTest
    @CsvSource({"0,0", "1,1000", "0.5,500", "0.25,250", "0.125,125", "1.0,1000", "1.000,1000", "0.,0", "1.,1000",
        "2,-1", "10,-1", "00,-1", "1.1,-1", "0.1234,-1", "'',-1", "a,-1", "-0,-1", "0.5a,-1"})
    void parsesQValues(String q, int thousandths) {
        assertEquals(thousandths, AcceptEncoding.parseQ(q));
    }

    @Test
    void hugeHeadersKeepABoundedNumberOfEntries() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; sb.length() < 1_000_000; i++) {
            sb.append("coding").append(i).append(";q=0.").append(i % 10).append(", ");
        }
        sb.append("gzip");
        String header = sb.toString();
        // Counted, not timed: each element is merged against at most MAX_ENTRIES kept entries, so the
        // parse is linear in the header; the codings past the cap (the final gzip too) are not kept.
        AcceptEncoding ae = AcceptEncoding.parse(header);
        assertEquals(AcceptEncoding.MAX_ENTRIES, ae.entries().size());
        assertEquals("coding0", ae.entries().get(0).coding());
        assertEquals("coding31", ae.entries().get(AcceptEncoding.MAX_ENTRIES - 1).coding());
        assertEquals(AcceptEncoding.ABSENT, ae.weightOf("gzip"));
        assertEquals("identity", Negotiation.negotiate(ae, List.of("gzip")).coding());
    }

    /** RFC 9110 tchar boundaries: letters, digits and the 15 symbols; the characters next to them are not. */
    @ParameterizedTest
    @CsvSource(delimiterString = "=>", quoteCharacter = '"', value = {
        "a=>a", "z=>z", "A=>a", "Z=>z", "0=>0", "9=>9", "azAZ09=>azaz09", "x!#$%&'*+-.^_`|~y=>x!#$%&'*+-.^_`|~y",
        "x{=>", "x@=>", "x[=>", "x/=>", "x:=>", "x`y=>x`y", "g(zip=>", "gz\"ip=>", "gz ip=>",
    })
    void tokensAreExactlyTchars(String token, String kept) {
        // kept: the coding parsed from "<token>;q=0.5", or empty when the entry must be ignored
        List<AcceptEncoding.Entry> entries = AcceptEncoding.parse(token + ";q=0.5").entries();
        if (kept == null) {
            assertEquals(List.of(), entries, token);
        } else {
            assertEquals(List.of(new AcceptEncoding.Entry(kept, 500)), entries, token);
        }
    }

    @Test
    void presenceIsKnownApartFromEntries() {
        assertFalse(AcceptEncoding.parse((String) null).present());
        assertFalse(AcceptEncoding.parse((List<String>) null).present());
        assertFalse(AcceptEncoding.parse(List.of()).present());
        assertTrue(AcceptEncoding.parse("").present());
        assertEquals(List.of(), AcceptEncoding.parse("").entries());
        assertEquals("AcceptEncoding[absent]", AcceptEncoding.parse((String) null).toString());
        assertEquals("AcceptEncoding[Entry[coding=gzip, weight=500]]", AcceptEncoding.parse("gzip;q=0.5").toString());
    }

    @Test
    void aBareQOfOneIsFullWeight() {
        // "q=1" (one character) must count as 1000, not fall to a lower weight than a listed 0.9
        assertEquals("gzip", Negotiation.negotiate(AcceptEncoding.parse("gzip;q=1, lzf;q=0.9"),
                List.of("lzf", "gzip")).coding());
        assertEquals(1000, AcceptEncoding.parse("gzip;q=1").weightOf("gzip"));
    }

    @Test
    void outcomesDescribeThemselves() {
        assertEquals("identity", Negotiation.identity().coding());
        assertTrue(Negotiation.identity().identityAcceptable());
        assertFalse(Negotiation.identity().isEncoded());
        assertTrue(Negotiation.notAcceptable().isNotAcceptable());
        assertFalse(Negotiation.notAcceptable().isEncoded());
        assertEquals("Negotiation[406]", Negotiation.notAcceptable().toString());
        assertEquals("Negotiation[identity, identity ok]", Negotiation.identity().toString());
        assertEquals("Negotiation[lzf, identity ok]", Negotiation.coding("lzf", true).toString());
        assertEquals("Negotiation[lzf, identity refused]", Negotiation.coding("lzf", false).toString());
    }

    @Test
    void garbageNeverThrows() {
        java.util.Random random = new java.util.Random(42);
        String alphabet = "gzip lzf;q=0.5,*\t\"identity1.-éß\u0000";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder sb = new StringBuilder();
            int len = random.nextInt(40);
            for (int k = 0; k < len; k++) {
                sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            Negotiation.negotiate(AcceptEncoding.parse(sb.toString()), List.of("lzf", "gzip"));
        }
    }

    /**
     * The codings adaptive compression may switch among: only those the client weighs the same as the
     * chosen one, in server preference order; identity when not weighted lower.
     */
    @ParameterizedTest(name = "[{index}] ''{0}'' offered [{1}] -> {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "gzip, lzf                        | zstd lzf gzip | lzf gzip identity",
        "gzip, lzf, zstd                  | zstd lzf gzip | zstd lzf gzip identity",
        "gzip;q=1, lzf;q=0.5              | lzf gzip      | gzip identity",
        "gzip, lzf;q=0                    | lzf gzip      | gzip identity",
        "gzip, lzf, identity;q=0.5        | lzf gzip      | lzf gzip",
        "gzip, lzf, identity;q=0          | lzf gzip      | lzf gzip",
        "gzip, lzf, identity              | lzf gzip      | lzf gzip identity",
        "*                                | lzf gzip      | lzf gzip identity",
        "gzip, *;q=0.5                    | lzf gzip      | gzip",
        "gzip;q=0.5, *;q=0.5              | lzf gzip      | lzf gzip identity",
        "<absent>                         | lzf gzip      | identity",
        "gzip;q=0, lzf;q=0, identity;q=0  | lzf gzip      | ``",
    })
    void equallyWeighted(String header, String offered, String expected) {
        AcceptEncoding ae = header.equals("<absent>") ? AcceptEncoding.parse((String) null) : AcceptEncoding.parse(header);
        Negotiation n = Negotiation.negotiate(ae, Arrays.asList(offered.split(" ")));
        assertEquals(expected == null ? "" : expected, String.join(" ", n.equallyWeighted()));
    }
}
