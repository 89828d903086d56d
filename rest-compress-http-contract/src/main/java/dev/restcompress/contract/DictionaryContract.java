package dev.restcompress.contract;

import static dev.restcompress.contract.Wire.gunzip;
import static dev.restcompress.contract.Wire.gzip;
import static dev.restcompress.contract.Wire.header;
import static dev.restcompress.contract.Wire.tokens;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.restcompress.codec.dictionary.DictionaryCodecs;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.Payloads;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Shared dictionaries (RFC 9842) on the wire: the served dictionary, {@code dcz}/{@code dcb} for a
 * client that holds it, ordinary codings for one that does not, request bodies coded with it, delta
 * versions. A coding whose library is missing is skipped (assumption).
 * Part of {@link HttpContract}, which every runtime's contract test extends. Bounded in time.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public interface DictionaryContract extends ContractPart {

    String DICTIONARY_URL = "_dictionaries/" + ContractResource.DICTIONARY;

    private static void assumeDictionaryCoding(String coding) {
        // In-process servers share this class path; the WAR carries both libraries.
        assumeTrue(DictionaryCodecs.available(coding), coding + ": its library is not on this class path");
    }

    private static void assertDictionaryVary(HttpResponse<?> r) {
        assertTrue(tokens(r, "Vary").containsAll(List.of("accept-encoding", "available-dictionary")),
                "Vary must name Accept-Encoding and Available-Dictionary, was " + r.headers().allValues("Vary"));
    }

    @Test
    default void dictionaryIsServedWithUseAsDictionaryAStrongETagAndRevalidates() throws Exception {
        byte[] dictionary = DictionaryWire.staticDictionary();
        HttpResponse<byte[]> r = wire().get(DICTIONARY_URL, null);
        assertEquals(200, r.statusCode(), "the dictionary endpoint must serve " + r.uri());
        assertArrayEquals(dictionary, r.body());
        assertTrue(String.valueOf(header(r, "Content-Type")).startsWith("application/octet-stream"),
                "Content-Type " + header(r, "Content-Type"));
        String use = header(r, "Use-As-Dictionary");
        assertTrue(use != null && use.contains("match=\"" + ContractResource.DICTIONARY_MATCH + "\"")
                && use.contains("id=\"" + ContractResource.DICTIONARY_ID + "\""), "Use-As-Dictionary: " + use);
        assertTrue(tokens(r, "Cache-Control").stream().anyMatch(t -> t.startsWith("max-age=")),
                "Cache-Control: " + r.headers().allValues("Cache-Control"));
        String etag = header(r, "ETag");
        assertTrue(etag != null && etag.startsWith("\"") && etag.endsWith("\"") && etag.length() > 2,
                "a strong ETag, was " + etag);

        HttpResponse<byte[]> revalidated = wire().get(DICTIONARY_URL, null, "If-None-Match", etag);
        assertEquals(304, revalidated.statusCode());
        assertEquals(0, revalidated.body().length);
        assertEquals(etag, header(revalidated, "ETag"));
        assertEquals(200, wire().get(DICTIONARY_URL, null, "If-None-Match", "\"other\"").statusCode());
    }

    @Test
    default void clientHoldingTheDictionaryGetsDcz() throws Exception {
        dictionaryCodingIsChosenAndDecodes("dcz");
    }

    @Test
    default void clientHoldingTheDictionaryGetsDcb() throws Exception {
        dictionaryCodingIsChosenAndDecodes("dcb");
    }

    private void dictionaryCodingIsChosenAndDecodes(String coding) throws Exception {
        assumeDictionaryCoding(coding);
        byte[] dictionary = DictionaryWire.staticDictionary();
        byte[] plain = Payloads.order(3).getBytes(StandardCharsets.US_ASCII);
        HttpResponse<byte[]> r = wire().get("contract/dict/order/3", "gzip, " + coding,
                "Available-Dictionary", DictionaryWire.availableDictionary(dictionary),
                "Dictionary-ID", "\"" + ContractResource.DICTIONARY_ID + "\"");
        assertEquals(200, r.statusCode());
        assertEquals(coding, header(r, "Content-Encoding"));
        assertExactLength(r);
        assertDictionaryVary(r);
        assertArrayEquals(plain, DictionaryWire.decode(coding, dictionary, r.body()));
        assertTrue(r.body().length * 2 < gzip(plain).length, coding + " with the dictionary should beat gzip 2x: "
                + r.body().length + " vs " + gzip(plain).length);

        // The Link the response names is where this runtime serves the dictionary.
        String link = header(r, "Link");
        assertTrue(link != null && link.startsWith("<") && link.contains(">; rel=\"compression-dictionary\""),
                "Link: " + link);
        URI target = r.uri().resolve(link.substring(1, link.indexOf('>')));
        HttpResponse<byte[]> fetched = Wire.CLIENT.send(HttpRequest.newBuilder(target).timeout(Wire.TIMEOUT).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, fetched.statusCode(), "the Link target " + target);
        assertArrayEquals(dictionary, fetched.body());
    }

    @Test
    default void withoutTheRightDictionaryHashTheResponseGetsAnOrdinaryCoding() throws Exception {
        byte[] plain = Payloads.order(4).getBytes(StandardCharsets.US_ASCII);
        byte[] other = "another dictionary, which this server does not hold".getBytes(StandardCharsets.US_ASCII);
        for (String[] headers : List.of(
                new String[] {"Available-Dictionary", DictionaryWire.availableDictionary(other)},
                new String[] {"Available-Dictionary", "not-a-hash"},
                new String[0])) {
            HttpResponse<byte[]> r = wire().get("contract/dict/order/4", "dcz, dcb, gzip", headers);
            assertEquals(200, r.statusCode());
            assertEquals("gzip", header(r, "Content-Encoding"), () -> "with " + Arrays.toString(headers));
            assertDictionaryVary(r);
            assertArrayEquals(plain, gunzip(r.body()));
        }
    }

    @Test
    default void requestBodiesCodedWithTheDictionaryAreDecoded() throws Exception {
        byte[] dictionary = DictionaryWire.staticDictionary();
        byte[] plain = Payloads.order(5).getBytes(StandardCharsets.US_ASCII);
        for (String coding : List.of("dcz", "dcb")) {
            if (!DictionaryCodecs.available(coding)) {
                continue;
            }
            HttpResponse<byte[]> r = wire().post("contract/dict/echo", coding, null,
                    DictionaryWire.encode(coding, dictionary, plain));
            assertEquals(200, r.statusCode(), () -> new String(r.body(), StandardCharsets.US_ASCII));
            assertEquals(coding, header(r, ContractResource.SEEN), "the body went over the wire " + coding + "-coded");
            assertEquals(Integer.toString(plain.length), header(r, ContractResource.LENGTH));
            assertArrayEquals(plain, r.body());
        }
    }

    @Test
    default void requestBodyWithAnUnknownDictionaryIs400InOneLogLine() throws Exception {
        assumeDictionaryCoding("dcz");
        byte[] other = Payloads.text(2000, 21);
        assertRejectedInOneLine(400, "dcz", DictionaryWire.encode("dcz", other, Payloads.order(6).getBytes(
                StandardCharsets.US_ASCII)), "contract/dict/echo");
    }

    @Test
    default void deltaResponseIsCodedAgainstThePreviousVersion() throws Exception {
        assumeDictionaryCoding("dcz");
        HttpResponse<byte[]> first = wire().get("contract/dict/catalog?v=1", "gzip");
        assertEquals(200, first.statusCode());
        assertEquals("gzip", header(first, "Content-Encoding"));
        byte[] version1 = gunzip(first.body());
        assertArrayEquals(Payloads.catalog(1).getBytes(StandardCharsets.US_ASCII), version1);
        String use = header(first, "Use-As-Dictionary");
        assertEquals("match=\"" + first.uri().getRawPath() + "\"", use, "Use-As-Dictionary of a delta response");

        byte[] version2 = Payloads.catalog(2).getBytes(StandardCharsets.US_ASCII);
        HttpResponse<byte[]> second = wire().get("contract/dict/catalog?v=2", "gzip, dcz",
                "Available-Dictionary", DictionaryWire.availableDictionary(version1));
        assertEquals(200, second.statusCode());
        assertEquals("dcz", header(second, "Content-Encoding"));
        assertDictionaryVary(second);
        assertExactLength(second);
        assertArrayEquals(version2, DictionaryWire.decode("dcz", version1, second.body()));
        assertTrue(second.body().length < version2.length / 50, "a few changed prices cost a few bytes, got "
                + second.body().length + " of " + version2.length);
    }
}
