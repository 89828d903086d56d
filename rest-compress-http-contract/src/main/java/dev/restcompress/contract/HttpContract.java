package dev.restcompress.contract;

import static dev.restcompress.contract.Wire.gunzip;
import static dev.restcompress.contract.Wire.gzip;
import static dev.restcompress.contract.Wire.header;
import static dev.restcompress.contract.Wire.tokens;
import static dev.restcompress.contract.Wire.unLzf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.ning.compress.lzf.LZFEncoder;
import com.ning.compress.lzf.LZFInputStream;
import dev.restcompress.codec.dictionary.DictionaryCodecs;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.Payloads;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;
import java.util.logging.LogRecord;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The HTTP contract of rest-compress on any JAX-RS runtime, seen on the wire with a client that never
 * decodes: negotiation (q-values, ties, 406), the one-shot path with an exact {@code Content-Length},
 * threshold, {@code Vary}, ETags of encoded variants, streaming flushes that reach the client, and
 * request decoding (400, 413 including a bomb, 415), each rejection logged in one line without a stack
 * trace, and shared dictionaries (RFC 9842: the served dictionary, {@code dcz}/{@code dcb} for a client
 * that holds it, bodies coded with it, delta versions). A runtime's test module extends this class and
 * says where {@link ContractResource} is served; the server must run with
 * {@code rest-compress.max-decoded-size} = {@value #MAX_DECODED_SIZE} and
 * {@code rest-compress.request-decoding} = {@code all}, and {@code rest-compress.adaptive.pressure-source} =
 * {@value #PRESSURE_SOURCE}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class HttpContract {
    /** The {@code rest-compress.max-decoded-size} the server under test must use. */
    public static final int MAX_DECODED_SIZE = 64 * 1024;
    /** The {@code rest-compress.adaptive.pressure-source} the server under test must use. */
    public static final String PRESSURE_SOURCE = "dev.restcompress.contract.app.ContractPressure";
    private static final int PART = 30_000;
    /** The body the adaptive contract watches: its gzip length tells the level. */
    private static final String ADAPTIVE_TEXT = "contract/text?size=20000";

    /** Where {@link ContractResource} ({@code contract/...}) is served. */
    protected abstract URI baseUri();

    /**
     * Whether this runtime sends encoded one-shot bodies with an exact {@code Content-Length} (true for
     * every runtime tested so far).
     */
    protected boolean declaresLength() {
        return true;
    }

    /**
     * Whether the server logs into this JVM's {@code java.util.logging}, so the contract can check that
     * each rejected body gives one log line and no stack trace (true for servers started in the test
     * JVM). A server in a process of its own (WildFly) says false, and only the status is checked.
     */
    protected boolean logsInProcess() {
        return true;
    }

    private Wire wire() {
        return new Wire(baseUri());
    }

    private void assertVary(HttpResponse<?> r) {
        assertTrue(tokens(r, "Vary").contains("accept-encoding"),
                "Vary must name Accept-Encoding, was " + r.headers().allValues("Vary"));
    }

    private void assertExactLength(HttpResponse<byte[]> r) {
        if (!declaresLength()) {
            return;
        }
        assertEquals(Integer.toString(r.body().length), header(r, "Content-Length"), "Content-Length");
        assertFalse(tokens(r, "Transfer-Encoding").contains("chunked"), "must not be chunked");
    }

    // ---- negotiation and the one-shot path

    @Test
    void lzfOneShotIsByteExactWithLengthAndVary() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/text?size=100000", "lzf");
        assertEquals(200, r.statusCode());
        assertEquals("lzf", header(r, "Content-Encoding"));
        assertExactLength(r);
        assertVary(r);
        assertTrue(r.body().length < 50_000, "LZF should at least halve this text, got " + r.body().length);
        assertArrayEquals(Payloads.text(100000, 0), unLzf(r.body()));
    }

    @Test
    void gzipOneShotIsByteExactWithLengthAndVary() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/text?size=100000", "gzip");
        assertEquals(200, r.statusCode());
        assertEquals("gzip", header(r, "Content-Encoding"));
        assertExactLength(r);
        assertVary(r);
        assertTrue(r.body().length < 25_000, "gzip should shrink this text 4x, got " + r.body().length);
        assertArrayEquals(Payloads.text(100000, 0), gunzip(r.body()));
    }

    @Test
    void methodOfferingGzipOnlyAnswersGzip() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/gzip-only?size=50000", "lzf, gzip");
        assertEquals(200, r.statusCode());
        assertEquals("gzip", header(r, "Content-Encoding"));
        assertExactLength(r);
        assertArrayEquals(Payloads.text(50000, 0), gunzip(r.body()));
    }

    @Test
    void serverPreferenceBreaksTiesClientWeightsWinAndZeroRefuses() throws Exception {
        HttpResponse<byte[]> tie = wire().get("contract/text?size=20000", "gzip, lzf");
        assertEquals("lzf", header(tie, "Content-Encoding"), "equal weights: the server prefers lzf");
        assertArrayEquals(Payloads.text(20000, 0), unLzf(tie.body()));
        HttpResponse<byte[]> weighted = wire().get("contract/text?size=20000", "lzf;q=0.5, gzip;q=0.8");
        assertEquals("gzip", header(weighted, "Content-Encoding"), "the client's higher weight wins");
        assertArrayEquals(Payloads.text(20000, 0), gunzip(weighted.body()));
        HttpResponse<byte[]> refused = wire().get("contract/text?size=20000", "lzf;q=0, *");
        assertEquals("gzip", header(refused, "Content-Encoding"), "lzf;q=0 must never be chosen");
    }

    /**
     * Adaptive compression is on by default, so it must work on every runtime: the process CPU signal
     * reads a number here (WildFly once hid the class it came from, and every deployment failed), and a
     * scripted pressure lowers the gzip level (a larger body, still byte-exact) and its end brings the
     * configured level back. The server's own CPU load (its start-up, earlier tests) may have moved the
     * step already, so the configured level's body is the one that stays the same for 3 s without
     * pressure (a step up comes every 2 s while there is none). Bounded waits: the sampler's period is 100 ms.
     */
    @Test
    void adaptiveLevelStepsDownUnderPressureAndBackOnThisRuntime() throws Exception {
        byte[] text = Payloads.text(20000, 0);
        wire().get(ADAPTIVE_TEXT, "gzip"); // starts the sampler
        double real = Double.NaN;
        for (int i = 0; i < 50 && Double.isNaN(real); i++) {
            Thread.sleep(100);
            wire().get(ADAPTIVE_TEXT, "gzip");
            real = Double.parseDouble(pressureReport().split(" ")[0]);
        }
        assertFalse(Double.isNaN(real), "the process CPU signal read nothing on this runtime in 5 s");
        try {
            pressure("0.0");
            int configured = steadyGzipLength(text);
            pressure("0.9");
            assertTrue(waitForGzipLength(text, n -> n > configured), "no lower level within 10 s of pressure ("
                    + configured + " B at the configured level; sampler: " + pressureReport() + ")");
            pressure("0.0");
            assertTrue(waitForGzipLength(text, n -> n == configured), "the configured level did not return "
                    + "within 10 s of relief");
        } finally {
            pressure("off");
        }
    }

    /** {@code GET contract/pressure}: the real CPU sample first, then what the sampler saw. */
    private String pressureReport() throws Exception {
        return new String(wire().get("contract/pressure", "identity").body(), StandardCharsets.US_ASCII);
    }

    private void pressure(String script) throws Exception {
        assertEquals(200, wire().get("contract/pressure?script=" + script, "identity").statusCode());
    }

    /** The gzip body's length once it has not changed for 3 s (at most 20 s), each body byte-exact. */
    private int steadyGzipLength(byte[] text) throws Exception {
        int length = -1;
        int same = 0;
        for (int i = 0; i < 200 && same < 30; i++) {
            HttpResponse<byte[]> r = wire().get(ADAPTIVE_TEXT, "gzip");
            assertArrayEquals(text, gunzip(r.body()));
            same = r.body().length == length ? same + 1 : 0;
            length = r.body().length;
            Thread.sleep(100);
        }
        assertEquals(30, same, "the gzip body kept changing for 20 s without pressure");
        return length;
    }

    /** Polls gzip bodies of the text (each byte-exact) until one's length passes {@code test}, at most 10 s. */
    private boolean waitForGzipLength(byte[] text, IntPredicate test) throws Exception {
        for (int i = 0; i < 100; i++) {
            HttpResponse<byte[]> r = wire().get(ADAPTIVE_TEXT, "gzip");
            assertEquals("gzip", header(r, "Content-Encoding"));
            assertArrayEquals(text, gunzip(r.body()));
            if (test.test(r.body().length)) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }

    @Test
    void belowThresholdIsIdentityAtThresholdEncoded() throws Exception {
        HttpResponse<byte[]> below = wire().get("contract/text?size=1023", "lzf");
        assertEquals(200, below.statusCode());
        assertNull(header(below, "Content-Encoding"), "1023 bytes is below the 1024-byte threshold");
        assertExactLength(below);
        assertVary(below);
        assertArrayEquals(Payloads.text(1023, 0), below.body());
        HttpResponse<byte[]> at = wire().get("contract/text?size=1024", "lzf");
        assertEquals("lzf", header(at, "Content-Encoding"), "1024 bytes is not below the threshold");
        assertExactLength(at);
        assertArrayEquals(Payloads.text(1024, 0), unLzf(at.body()));
    }

    @Test
    void noAcceptEncodingIsIdentityWithVary() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/text?size=20000", null);
        assertEquals(200, r.statusCode());
        assertNull(header(r, "Content-Encoding"));
        assertVary(r);
        assertArrayEquals(Payloads.text(20000, 0), r.body());
    }

    @Test
    void incompressibleBodyGoesOutUnencoded() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/random?size=8192", "lzf");
        assertEquals(200, r.statusCode());
        assertNull(header(r, "Content-Encoding"), "LZF cannot shrink random bytes; identity is acceptable");
        assertVary(r);
        assertExactLength(r);
        assertArrayEquals(Payloads.random(8192, 42), r.body());
    }

    @Test
    void notAcceptableOnlyWhenNothingOfferedNorIdentityIsAcceptable() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/lzf-only?size=20000", "gzip, identity;q=0");
        assertEquals(406, r.statusCode());
        assertVary(r);
        assertEquals(406, wire().get("contract/lzf-only?size=20000", "*;q=0").statusCode());
        HttpResponse<byte[]> small = wire().get("contract/lzf-only?size=100", "lzf, identity;q=0");
        assertEquals(200, small.statusCode());
        assertEquals("lzf", header(small, "Content-Encoding"), "identity refused: even small bodies are encoded");
        assertExactLength(small);
        assertArrayEquals(Payloads.text(100, 0), unLzf(small.body()));
    }

    @Test
    void unannotatedMethodIsUntouched() throws Exception {
        HttpResponse<byte[]> r = wire().get("contract/plain?size=20000", "lzf, gzip");
        assertEquals(200, r.statusCode());
        assertNull(header(r, "Content-Encoding"));
        assertFalse(tokens(r, "Vary").contains("accept-encoding"), "no Vary on a method that never varies");
        assertArrayEquals(Payloads.text(20000, 0), r.body());
    }

    @Test
    void encodedVariantHasItsOwnETagAndRevalidates() throws Exception {
        String plainTag = "\"" + ContractResource.ETAG + "\"";
        String lzfTag = "\"" + ContractResource.ETAG + "-lzf\"";
        HttpResponse<byte[]> r = wire().get("contract/etag", "lzf");
        assertEquals(200, r.statusCode());
        assertEquals("lzf", header(r, "Content-Encoding"));
        assertEquals(lzfTag, header(r, "ETag"));
        HttpResponse<byte[]> identity = wire().get("contract/etag", null);
        assertEquals(plainTag, header(identity, "ETag"));

        HttpResponse<byte[]> revalidated = wire().get("contract/etag", "lzf", "If-None-Match", lzfTag);
        assertEquals(304, revalidated.statusCode());
        assertEquals(lzfTag, header(revalidated, "ETag"));
        assertEquals(0, revalidated.body().length);
        HttpResponse<byte[]> otherVariant = wire().get("contract/etag", "gzip", "If-None-Match", lzfTag);
        assertEquals(200, otherVariant.statusCode(), "the client holds the lzf variant, not the gzip one");
        assertEquals("gzip", header(otherVariant, "Content-Encoding"));
    }

    // ---- streaming

    private static byte[] parts(int n) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int i = 0; i < n; i++) {
            all.writeBytes(Payloads.text(PART, i));
        }
        return all.toByteArray();
    }

    @Test
    void streamingOutputIsEncodedAndDecodes() throws Exception {
        HttpResponse<byte[]> lzf = wire().get("contract/stream?parts=4&size=" + PART, "lzf");
        assertEquals(200, lzf.statusCode());
        assertEquals("lzf", header(lzf, "Content-Encoding"));
        assertVary(lzf);
        assertArrayEquals(parts(4), unLzf(lzf.body()));
        HttpResponse<byte[]> gz = wire().get("contract/stream?parts=4&size=" + PART, "gzip");
        assertEquals(200, gz.statusCode());
        assertEquals("gzip", header(gz, "Content-Encoding"));
        assertVary(gz);
        assertArrayEquals(parts(4), gunzip(gz.body()));
    }

    @Test
    void lzfFlushReachesTheClientBeforeTheRestIsWritten() throws Exception {
        flushReachesClient("lzf");
    }

    @Test
    void gzipFlushReachesTheClientBeforeTheRestIsWritten() throws Exception {
        flushReachesClient("gzip");
    }

    /**
     * The server writes part 0, flushes, then waits until the gate opens. All of part 0 must decode
     * before the test opens the gate; a server that held the flush back would send nothing.
     */
    private void flushReachesClient(String coding) throws Exception {
        Wire wire = wire();
        String gate = UUID.randomUUID().toString();
        HttpRequest request = HttpRequest.newBuilder(wire.uri("contract/stream?parts=2&size=" + PART + "&gate=" + gate))
                .timeout(Wire.TIMEOUT).header("Accept-Encoding", coding).GET().build();
        boolean opened = false;
        try {
            HttpResponse<InputStream> r = Wire.CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream())
                    .get(5, TimeUnit.SECONDS);
            assertEquals(200, r.statusCode());
            assertEquals(coding, header(r, "Content-Encoding"));
            try (InputStream decoded = coding.equals("lzf") ? new LZFInputStream(r.body())
                    : new GZIPInputStream(r.body())) {
                byte[] first = CompletableFuture.supplyAsync(() -> read(decoded, PART)).get(5, TimeUnit.SECONDS);
                assertArrayEquals(Payloads.text(PART, 0), first, "part 0 before the gate opened");
                openGate(wire, gate);
                opened = true;
                byte[] rest = CompletableFuture.supplyAsync(() -> read(decoded, Integer.MAX_VALUE))
                        .get(10, TimeUnit.SECONDS);
                assertArrayEquals(Payloads.text(PART, 1), rest, "part 1 after the gate opened");
            }
        } finally {
            if (!opened) {
                openGate(wire, gate); // never leave a server thread waiting, whatever failed
            }
        }
    }

    private static void openGate(Wire wire, String gate) throws Exception {
        HttpResponse<byte[]> r = wire.post("contract/gate/" + gate, null, null, new byte[0]);
        assertEquals(204, r.statusCode());
    }

    private static byte[] read(InputStream in, int n) {
        try {
            return in.readNBytes(n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- request decoding

    @Test
    void encodedRequestBodiesReachTheResourceDecoded() throws Exception {
        byte[] plain = Payloads.text(40_000, 7);
        HttpResponse<byte[]> lzf = wire().post("contract/echo", "lzf", null, LZFEncoder.encode(plain));
        assertEquals(200, lzf.statusCode(), () -> new String(lzf.body()));
        assertEquals("lzf", header(lzf, ContractResource.SEEN), "the body went over the wire LZF-encoded");
        assertEquals(Integer.toString(plain.length), header(lzf, ContractResource.LENGTH));
        assertNull(header(lzf, "Content-Encoding"));
        assertArrayEquals(plain, lzf.body());

        HttpResponse<byte[]> gz = wire().post("contract/echo", "gzip", "lzf", gzip(plain));
        assertEquals(200, gz.statusCode(), () -> new String(gz.body()));
        assertEquals("gzip", header(gz, ContractResource.SEEN));
        assertEquals("lzf", header(gz, "Content-Encoding"), "and the echo goes back LZF-encoded");
        assertArrayEquals(plain, unLzf(gz.body()));

        HttpResponse<byte[]> both = wire().post("contract/echo", "lzf", "lzf", LZFEncoder.encode(plain));
        assertEquals(200, both.statusCode(), () -> new String(both.body()));
        assertEquals("lzf", header(both, "Content-Encoding"), "decoded on the way in, encoded on the way out");
        assertArrayEquals(plain, unLzf(both.body()));

        HttpResponse<byte[]> stacked = wire().post("contract/echo", "lzf, gzip", null, gzip(LZFEncoder.encode(plain)));
        assertEquals(200, stacked.statusCode(), () -> new String(stacked.body()));
        assertArrayEquals(plain, stacked.body());

        HttpResponse<byte[]> none = wire().post("contract/echo", null, null, plain);
        assertEquals("none", header(none, ContractResource.SEEN));
        assertArrayEquals(plain, none.body());
    }

    @Test
    void withRequestDecodingAllAnUnannotatedMethodDecodesWithTheSameLimitAndErrors() throws Exception {
        byte[] plain = Payloads.text(40_000, 17);
        HttpResponse<byte[]> gz = wire().post("contract/plain-echo", "gzip", null, gzip(plain));
        assertEquals(200, gz.statusCode(), () -> new String(gz.body()));
        assertNull(header(gz, "Content-Encoding"), "the response of an unannotated method stays unencoded");
        assertArrayEquals(plain, gz.body());

        HttpResponse<byte[]> over = wire().post("contract/plain-echo", "lzf", null,
                LZFEncoder.encode(Payloads.text(MAX_DECODED_SIZE + 1, 18)));
        assertEquals(413, over.statusCode(), () -> new String(over.body()));
        HttpResponse<byte[]> corrupt = wire().post("contract/plain-echo", "gzip", null, Payloads.text(2000, 19));
        assertEquals(400, corrupt.statusCode(), () -> new String(corrupt.body()));
        HttpResponse<byte[]> unknown = wire().post("contract/plain-echo", "compress", null, Payloads.text(2000, 20));
        assertEquals(415, unknown.statusCode(), () -> new String(unknown.body()));
    }

    @Test
    void bodyDecodingToExactlyTheLimitIsAccepted() throws Exception {
        byte[] plain = Payloads.text(MAX_DECODED_SIZE, 11);
        HttpResponse<byte[]> r = wire().post("contract/echo", "lzf", null, LZFEncoder.encode(plain));
        assertEquals(200, r.statusCode(), () -> new String(r.body()));
        assertArrayEquals(plain, r.body());
    }

    @Test
    void oneByteOverTheLimitIs413InOneLogLine() throws Exception {
        assertRejectedInOneLine(413, "lzf", LZFEncoder.encode(Payloads.text(MAX_DECODED_SIZE + 1, 12)));
    }

    @Test
    void lzfBombIs413InOneLogLine() throws Exception {
        byte[] bomb = LZFEncoder.encode(new byte[MAX_DECODED_SIZE * 4]); // 256 KiB of zeros in ~8 KB
        assertTrue(bomb.length < MAX_DECODED_SIZE / 2, "the bomb itself is small: " + bomb.length);
        assertRejectedInOneLine(413, "lzf", bomb);
    }

    @Test
    void gzipBombIs413InOneLogLine() throws Exception {
        byte[] bomb = gzip(new byte[MAX_DECODED_SIZE * 256]); // 16 MiB of zeros in ~16 KB
        assertTrue(bomb.length < MAX_DECODED_SIZE / 2, "the bomb itself is small: " + bomb.length);
        assertRejectedInOneLine(413, "gzip", bomb);
    }

    @Test
    void corruptLzfIs400InOneLogLine() throws Exception {
        assertRejectedInOneLine(400, "lzf", "this is not LZF at all, not even the ZV signature".getBytes());
    }

    @Test
    void truncatedLzfIs400InOneLogLine() throws Exception {
        byte[] body = LZFEncoder.encode(Payloads.text(40_000, 13));
        assertRejectedInOneLine(400, "lzf", Arrays.copyOf(body, body.length - 100));
    }

    @Test
    void corruptGzipIs400InOneLogLine() throws Exception {
        byte[] body = gzip(Payloads.text(40_000, 14));
        for (int i = 20; i < 60; i++) {
            body[i] ^= 0x5a; // damage the deflate stream after the 10-byte header
        }
        assertRejectedInOneLine(400, "gzip", body);
    }

    @Test
    void unknownCodingIs415WithAcceptEncodingInOneLogLine() throws Exception {
        assertRejectedInOneLine(415, "compress", Payloads.text(2000, 15));
        HttpResponse<byte[]> r = wire().post("contract/echo", "compress", null, Payloads.text(2000, 15));
        assertEquals(415, r.statusCode(), () -> new String(r.body()));
        assertTrue(tokens(r, "Accept-Encoding").containsAll(List.of("lzf", "gzip")),
                "415 must list the codings the server takes, was " + r.headers().allValues("Accept-Encoding"));
    }

    // ---- shared dictionaries (RFC 9842)

    private static final String DICTIONARY_URL = "_dictionaries/" + ContractResource.DICTIONARY;

    private static void assumeDictionaryCoding(String coding) {
        // In-process servers share this class path; the WAR carries both libraries.
        assumeTrue(DictionaryCodecs.available(coding), coding + ": its library is not on this class path");
    }

    private static void assertDictionaryVary(HttpResponse<?> r) {
        assertTrue(tokens(r, "Vary").containsAll(List.of("accept-encoding", "available-dictionary")),
                "Vary must name Accept-Encoding and Available-Dictionary, was " + r.headers().allValues("Vary"));
    }

    @Test
    void dictionaryIsServedWithUseAsDictionaryAStrongETagAndRevalidates() throws Exception {
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
    void clientHoldingTheDictionaryGetsDcz() throws Exception {
        dictionaryCodingIsChosenAndDecodes("dcz");
    }

    @Test
    void clientHoldingTheDictionaryGetsDcb() throws Exception {
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
    void withoutTheRightDictionaryHashTheResponseGetsAnOrdinaryCoding() throws Exception {
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
    void requestBodiesCodedWithTheDictionaryAreDecoded() throws Exception {
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
    void requestBodyWithAnUnknownDictionaryIs400InOneLogLine() throws Exception {
        assumeDictionaryCoding("dcz");
        byte[] other = Payloads.text(2000, 21);
        assertRejectedInOneLine(400, "dcz", DictionaryWire.encode("dcz", other, Payloads.order(6).getBytes(
                StandardCharsets.US_ASCII)), "contract/dict/echo");
    }

    @Test
    void deltaResponseIsCodedAgainstThePreviousVersion() throws Exception {
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

    /**
     * POSTs {@code body}, expects {@code status}, and where {@link #logsInProcess()} checks the log:
     * exactly one record from rest-compress about the rejection, and no record at INFO or above carries
     * a stack trace.
     */
    private void assertRejectedInOneLine(int status, String coding, byte[] body) throws Exception {
        assertRejectedInOneLine(status, coding, body, "contract/echo");
    }

    /** As {@link #assertRejectedInOneLine(int, String, byte[])}, POSTing to {@code path}. */
    private void assertRejectedInOneLine(int status, String coding, byte[] body, String path) throws Exception {
        if (!logsInProcess()) {
            HttpResponse<byte[]> r = wire().post(path, coding, null, body);
            assertEquals(status, r.statusCode(), () -> new String(r.body()));
            return;
        }
        List<LogRecord> records;
        try (LogCapture logs = new LogCapture()) {
            HttpResponse<byte[]> r = wire().post(path, coding, null, body);
            assertEquals(status, r.statusCode(), () -> new String(r.body()));
            // Let a runtime that logs after answering do so (bounded: 300 ms).
            Thread.sleep(300);
            records = logs.await(1, 2_000);
        }
        List<LogRecord> ours = records.stream()
                .filter(rec -> rec.getLoggerName() != null && rec.getLoggerName().startsWith("dev.restcompress"))
                .filter(rec -> String.valueOf(rec.getMessage()).contains("rejected"))
                .toList();
        assertEquals(1, ours.size(), () -> "one rest-compress line per rejection, got " + describe(records));
        // A stack trace may come as a Throwable or printed into the message (CXF's default mapper does that).
        List<LogRecord> traces = records.stream()
                .filter(rec -> rec.getThrown() != null || String.valueOf(rec.getMessage()).contains("\tat ")
                        || rec.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue())
                .toList();
        assertTrue(traces.isEmpty(), () -> "no stack trace and no warning for a client's bad body, got "
                + describe(traces));
    }

    private static String describe(List<LogRecord> records) {
        StringBuilder sb = new StringBuilder();
        for (LogRecord rec : records) {
            sb.append("\n  ").append(rec.getLevel()).append(' ').append(rec.getLoggerName()).append(": ")
                    .append(rec.getMessage());
            if (rec.getThrown() != null) {
                sb.append(" [thrown ").append(rec.getThrown()).append(']');
            }
        }
        return sb.toString();
    }
}
