package dev.restcompress.contract;

import static dev.restcompress.contract.Wire.gunzip;
import static dev.restcompress.contract.Wire.header;
import static dev.restcompress.contract.Wire.tokens;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.Payloads;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The library beside the container's own compression (Quarkus {@code quarkus.http.enable-compression},
 * Spring Boot {@code server.compression.enabled}, Jetty's {@code GzipHandler}, Undertow's
 * {@code EncodingHandler}, Dropwizard's {@code server.gzip}, Open Liberty's {@code <compression>}): a runtime's second test class starts its server
 * with that compression on and runs only this part. What the library encoded leaves as the library wrote
 * it (one coding, never encoded again, dictionary and padded bodies byte for byte), {@code Vary} names
 * {@code Accept-Encoding} once, ETags and 304s stay the library's, and request bodies the container
 * inflated are held to the library's limit (413 for a bomb). What the library chose to send unencoded
 * (below the threshold, a marked method's cross-site answer) is the container's to compress where it
 * cannot be told otherwise: {@link #codingBelowThreshold()} and {@link #codingOfCrossSiteSecret()} state
 * what each container does, and docs/runtimes.md says how to make the library's decision hold.
 *
 * <p>The server runs with the settings {@link HttpContract} names. Not part of {@link HttpContract}: the
 * container's compression is off there. Bounded in time.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public interface ContainerCompressionContract extends ContractPart {
    /** A body well above every container's minimum size (Tomcat 2 KiB, Jetty 32 B, Vert.x any). */
    int LARGE = 20_000;
    /** A body below the library's threshold (1 KiB) and above Jetty's minimum; Tomcat's is 2 KiB. */
    int SMALL = 600;

    /** Where {@code ContractResource} ({@code contract/...}) is served. */
    URI baseUri();

    /**
     * Whether the library's encoded one-shot bodies keep their exact {@code Content-Length} through the
     * container (true unless the container or the runtime frames them itself).
     */
    default boolean declaresLength() {
        return true;
    }

    /**
     * Whether the server logs into this JVM's {@code java.util.logging} (see
     * {@link HttpContract#logsInProcess()}): true unless it runs in a process of its own (Open Liberty);
     * when not, a rejection's status is checked and its log line is not.
     */
    default boolean rejectionLogsInProcess() {
        return true;
    }

    @Override
    default Target target() {
        return new Target(baseUri(), declaresLength(), rejectionLogsInProcess());
    }

    /**
     * The coding the container puts on a body the library left unencoded because it is below the
     * threshold, with {@code Accept-Encoding: gzip}: {@code null} when the library's decision holds.
     */
    default String codingBelowThreshold() {
        return null;
    }

    /**
     * The coding the container puts on a marked method's answer to a cross-site request, which the
     * library sends unencoded (BREACH): {@code null} when the library's decision holds.
     */
    default String codingOfCrossSiteSecret() {
        return null;
    }

    /** Exactly one {@code accept-encoding} among every {@code Vary} value: the library's and the container's. */
    private static void assertVaryOnce(HttpResponse<?> r) {
        long n = tokens(r, "Vary").stream().filter("accept-encoding"::equals).count();
        assertEquals(1, n, () -> "Vary must name Accept-Encoding once, was " + r.headers().allValues("Vary"));
    }

    private static void assertCodings(List<String> expected, HttpResponse<?> r) {
        assertEquals(expected, tokens(r, "Content-Encoding"), "Content-Encoding (never encoded twice)");
    }

    /** A body of one library coding: 200, that coding once, its exact length, Vary once, {@code expected} decoded. */
    private void assertLeftAsWritten(HttpResponse<byte[]> r, String coding, byte[] expected, Decoder decoder)
            throws Exception {
        assertEquals(200, r.statusCode());
        assertCodings(List.of(coding), r);
        assertExactLength(r);
        assertVaryOnce(r);
        assertArrayEquals(expected, decoder.decode(r.body()));
    }

    /** How a test undoes the library's coding on the client. */
    interface Decoder {
        byte[] decode(byte[] body) throws Exception;
    }

    @Test
    default void aGzipBodyTheLibraryWroteIsNotEncodedAgain() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/gzip-only?size=" + LARGE, "gzip, deflate, br, zstd");
        assertLeftAsWritten(r, "gzip", Payloads.text(LARGE, 0), Wire::gunzip);
    }

    /** lzf is no coding the container knows: a container that only skips gzip or br would gzip it again. */
    @Test
    default void anLzfBodyTheLibraryWroteIsNotEncodedAgain() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/text?size=" + LARGE, "lzf, gzip");
        assertLeftAsWritten(r, "lzf", Payloads.text(LARGE, 0), Wire::unLzf);
    }

    /** The variant's strong tag reaches the client as the library wrote it, and so does its 304. */
    @Test
    default void theEncodedVariantsETagAndItsNotModifiedSurvive() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/etag", "gzip");
        assertEquals(200, r.statusCode());
        assertCodings(List.of("gzip"), r);
        String tag = header(r, "ETag");
        assertTrue(tag != null && tag.startsWith("\"" + ContractResource.ETAG + "-gzip"),
                "the library's variant tag, strong and unchanged, was " + tag);
        assertVaryOnce(r);
        assertArrayEquals(Payloads.text(20_000, 0), gunzip(r.body()));
        HttpResponse<byte[]> notModified = wire().get("contract/etag", "gzip", "If-None-Match", tag);
        assertEquals(304, notModified.statusCode());
        assertEquals(tag, header(notModified, "ETag"), "the 304 carries the 200's tag");
        assertEquals(0, notModified.body().length);
        assertTrue(tokens(notModified, "Content-Encoding").isEmpty() || List.of("gzip").equals(
                tokens(notModified, "Content-Encoding")), "a 304 names at most the variant's coding");
        assertVaryOnce(notModified);
    }

    @Test
    default void aDictionaryBodyLeavesAsTheLibraryWroteIt() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                dev.restcompress.codec.dictionary.DictionaryCodecs.available("dcz"), "zstd-jni is absent");
        byte[] dictionary = DictionaryWire.staticDictionary();
        HttpResponse<byte[]> r = wire().get("contract/dict/order/3", "gzip, dcz",
                "Available-Dictionary", DictionaryWire.availableDictionary(dictionary),
                "Dictionary-ID", "\"" + ContractResource.DICTIONARY_ID + "\"");
        assertLeftAsWritten(r, "dcz", Payloads.order(3).getBytes(StandardCharsets.US_ASCII),
                body -> DictionaryWire.decode("dcz", dictionary, body));
    }

    /** A marked method's padded gzip (no fetch metadata) leaves padded, as one gzip coding. */
    @Test
    default void aPaddedBodyLeavesAsTheLibraryWroteIt() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/breach/secret?size=" + LARGE, "gzip");
        assertLeftAsWritten(r, "gzip", Payloads.text(LARGE, 0), Wire::gunzip);
    }

    /** Below the threshold: the library sends identity; the container does {@link #codingBelowThreshold()}. */
    @Test
    default void aBodyBelowTheThresholdIsWhatTheContainerIsToldOrDoes() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/gzip-only?size=" + SMALL, "gzip");
        assertEquals(200, r.statusCode());
        assertSentAs(codingBelowThreshold(), Payloads.text(SMALL, 0), r);
    }

    /** A marked method's cross-site answer: identity from the library; the container does {@link #codingOfCrossSiteSecret()}. */
    @Test
    default void aCrossSiteSecretIsWhatTheContainerIsToldOrDoes() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/breach/secret?size=" + LARGE, "gzip",
                "Sec-Fetch-Site", "cross-site");
        assertEquals(200, r.statusCode());
        assertSentAs(codingOfCrossSiteSecret(), Payloads.text(LARGE, 0), r);
        assertTrue(tokens(r, "Vary").contains("sec-fetch-site"), "Vary: " + r.headers().allValues("Vary"));
    }

    private void assertSentAs(String coding, byte[] plain, HttpResponse<byte[]> r) {
        assertCodings(coding == null ? List.of() : List.of(coding), r);
        assertVaryOnce(r);
        if (coding == null) {
            assertArrayEquals(plain, r.body());
            String length = header(r, "Content-Length");
            if (length != null) { // else the runtime framed the identity body itself (chunked)
                assertEquals(Integer.toString(plain.length), length, "Content-Length of the body as sent");
            }
        } else {
            assertArrayEquals(plain, gunzip(r.body()));
        }
    }

    /** A gzip body reaches the resource whole, whether the container inflated it or the library did. */
    @Test
    default void aGzipRequestBodyIsDecodedOnce() throws Exception {
        byte[] plain = Payloads.text(30_000, 31);
        HttpResponse<byte[]> r = wire().post("contract/echo", "gzip", null, Wire.gzip(plain));
        assertEquals(200, r.statusCode(), () -> new String(r.body(), StandardCharsets.UTF_8));
        assertArrayEquals(plain, r.body());
        assertEquals(Integer.toString(plain.length), header(r, ContractResource.LENGTH));
    }

    /** Past the limit after the container inflated it: the library's 413 in one line, never a 400 or 500. */
    @Test
    default void aGzipBombIsTheLibrarys413() throws Exception {
        assertRejectedInOneLine(413, "gzip", Wire.gzip(new byte[MAX_DECODED_SIZE * 4]), "contract/plain-echo");
        byte[] exact = Payloads.text(MAX_DECODED_SIZE, 32);
        HttpResponse<byte[]> ok = wire().post("contract/plain-echo", "gzip", null, Wire.gzip(exact));
        assertEquals(200, ok.statusCode(), () -> new String(ok.body(), StandardCharsets.UTF_8));
        assertArrayEquals(exact, ok.body(), "a body of exactly the limit passes");
    }
}
