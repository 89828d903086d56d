package dev.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.SeBootstrap;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * RFC 9842 shared dictionaries of the demo against real clients on 127.0.0.1: headless Chromium loads
 * the demo page, registers the static dictionary the {@code Link} header names, and decodes
 * {@code dcz} (the server's default) and {@code dcb} (a second server that prefers it) byte-exact,
 * static and delta; the {@code zstd} CLI decodes a {@code dcz} body with {@code -D}; curl, which has
 * no dictionary support, gets an ordinary coding.
 */
@Timeout(180)
class DictionaryInteropTest {
    static final String DICTIONARY_RESOURCE = "/dictionaries/testdata-json-32k.dict";
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @RegisterExtension
    static final RunningDemo DEMO = new RunningDemo();

    @Test
    void chromiumDecodesDczByteExact() throws Exception {
        checkBrowser(DEMO.origin(), "dcz");
    }

    /**
     * Chromium offers {@code dcb, dcz} with equal weight and the server breaks the tie with its
     * dictionary preference (dcz by default): a second server that prefers dcb must get dcb decoded.
     */
    @Test
    void chromiumDecodesDcbByteExactWhenTheServerPrefersIt() throws Exception {
        SeBootstrap.Instance dcbFirst = DemoServer.start("127.0.0.1", SeBootstrap.Configuration.FREE_PORT,
                Tools.testdata(), Map.of("rest-compress.dictionary.preference", "dcb,dcz"));
        try {
            checkBrowser("http://127.0.0.1:" + dcbFirst.configuration().port(), "dcb");
        } finally {
            dcbFirst.stop().toCompletableFuture().get();
        }
    }

    /**
     * Runs the demo page and checks every request it reports: the body the page got is the identity
     * body (SHA-256), the dictionary was registered, static and delta responses came in {@code coding}.
     */
    private static void checkBrowser(String server, String coding, String... browserFlags) throws Exception {
        String report = HeadlessChromium.runPage(server + "/rest/index.html", Duration.ofSeconds(90), browserFlags);
        System.out.println("chromium report (" + coding + "): " + report);
        JsonNode result = new ObjectMapper().readTree(report);
        assertTrue(result.path("error").isNull(), report);
        assertTrue(result.path("secureContext").asBoolean(), "http://127.0.0.1 is a secure context: " + report);
        List<String> staticCoded = new ArrayList<>();
        List<String> deltaCoded = new ArrayList<>();
        boolean dictionaryFetched = false;
        for (JsonNode row : result.path("rows")) {
            String url = row.path("url").asText();
            String seen = row.path("coding").asText();
            assertEquals(200, row.path("status").asInt(), url + ": " + report);
            byte[] identity = identity(server + url);
            assertEquals(sha256Hex(identity), row.path("sha256").asText(), url + " decoded to other bytes: " + report);
            assertEquals(identity.length, row.path("decoded").asInt(), url + ": " + report);
            if (url.contains("/_dictionaries/")) {
                dictionaryFetched = true;
                assertTrue(row.path("useAsDictionary").asText().contains("match="), report);
                assertArrayEquals(dictionary(), identity, "the served dictionary is the demo's file");
            }
            if (seen.equals("dcz") || seen.equals("dcb")) {
                assertEquals(coding, seen, url + ": " + report);
                assertTrue(row.path("encoded").asInt() < identity.length, url + " smaller on the wire: " + report);
                (url.startsWith("/rest/delta/") ? deltaCoded : staticCoded).add(url);
                if (url.startsWith("/rest/delta/")) {
                    // About 1% of 115 KB changed: the delta is a small fraction of the document.
                    assertTrue(row.path("encoded").asInt() * 20 < identity.length, url + ": " + report);
                }
            }
        }
        assertTrue(dictionaryFetched, "the page fetched the dictionary the Link header names: " + report);
        assertTrue(staticCoded.containsAll(List.of("/rest/complex/20", "/rest/complex/3", "/rest/complex/200")),
                "static dictionary responses in " + coding + ": " + staticCoded + "\n" + report);
        assertEquals(1, deltaCoded.size(), "one delta response in " + coding + ": " + report);
    }

    @Test
    void zstdCliDecodesADczBodyWithTheDictionary(@TempDir Path tmp) throws Exception {
        byte[] dictionary = dictionary();
        HttpResponse<byte[]> r = get(DEMO.origin() + "/rest/complex/200", Map.of("Accept-Encoding", "dcz",
                "Available-Dictionary", availableDictionary(dictionary)));
        assertEquals("dcz", r.headers().firstValue("Content-Encoding").orElse(null), r.headers().map().toString());
        byte[] body = r.body();
        assertArrayEquals(new byte[] {0x5e, 0x2a, 0x4d, 0x18, 0x20, 0, 0, 0}, Arrays.copyOf(body, 8), "dcz magic");
        assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(dictionary), Arrays.copyOfRange(body, 8, 40),
                "dcz names the dictionary's SHA-256");
        // The dcz header is a zstd skippable frame: the CLI decodes the whole body given the dictionary.
        Path dict = Files.write(tmp.resolve("demo.dict"), dictionary);
        Path in = Files.write(tmp.resolve("body.dcz"), body);
        Path out = tmp.resolve("body.json");
        Tools.runOk("zstd", "-q", "-d", "-D", dict.toString(), in.toString(), "-o", out.toString());
        assertArrayEquals(identity(DEMO.origin() + "/rest/complex/200"), Files.readAllBytes(out));
    }

    @Test
    void curlWithoutDictionarySupportGetsAnOrdinaryCoding(@TempDir Path tmp) throws Exception {
        Tools.requireCurl();
        Path out = tmp.resolve("body");
        Tools.Result r = Tools.runOk("curl", "-sS", "--compressed", "-D", "-", "-o", out.toString(),
                DEMO.origin() + "/rest/complex/200");
        String encoding = InteropTest.headerValue(r.stdout(), "Content-Encoding");
        assertTrue(Set.of("zstd", "br", "gzip").contains(encoding), r.stdout());
        assertArrayEquals(identity(DEMO.origin() + "/rest/complex/200"), Files.readAllBytes(out));
        String link = InteropTest.headerValue(r.stdout(), "Link");
        assertNotNull(link, "the response names the dictionary: " + r.stdout());
        assertTrue(link.contains("rel=\"compression-dictionary\""), link);
        assertTrue(r.stdout().lines().map(l -> l.toLowerCase(Locale.ROOT))
                .anyMatch(l -> l.startsWith("vary:") && l.contains("available-dictionary")), r.stdout());

        // Claiming the dictionary without offering dcz/dcb changes nothing: still an ordinary coding.
        Tools.Result claimed = Tools.runOk("curl", "-sS", "--compressed", "-D", "-", "-o", out.toString(),
                "-H", "Available-Dictionary: " + availableDictionary(dictionary()), DEMO.origin() + "/rest/complex/200");
        assertNotEquals("dcz", InteropTest.headerValue(claimed.stdout(), "Content-Encoding"), claimed.stdout());
        assertArrayEquals(identity(DEMO.origin() + "/rest/complex/200"), Files.readAllBytes(out));
    }

    static byte[] dictionary() throws Exception {
        try (InputStream in = DictionaryInteropTest.class.getResourceAsStream(DICTIONARY_RESOURCE)) {
            assertNotNull(in, DICTIONARY_RESOURCE);
            return in.readAllBytes();
        }
    }

    static String availableDictionary(byte[] dictionary) throws Exception {
        return ":" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(dictionary)) + ":";
    }

    /** The body with no Accept-Encoding: what every decoder must give back. */
    static byte[] identity(String url) throws Exception {
        HttpResponse<byte[]> r = get(url, Map.of());
        assertEquals(200, r.statusCode(), url);
        assertTrue(r.headers().firstValue("Content-Encoding").isEmpty(), url + " unencoded");
        return r.body();
    }

    static HttpResponse<byte[]> get(String url, Map<String, String> headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
        headers.forEach(b::header);
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static String sha256Hex(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }
}
