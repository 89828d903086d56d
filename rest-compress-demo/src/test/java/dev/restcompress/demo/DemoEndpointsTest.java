package dev.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.client.RestCompressClientFeature;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every demo endpoint answers as documented. */
@Timeout(60)
class DemoEndpointsTest {
    @RegisterExtension
    static final RunningDemo DEMO = new RunningDemo();
    static final HttpClient HTTP = HttpClient.newHttpClient();

    static HttpResponse<byte[]> get(String path, String accept, String acceptEncoding) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(DEMO.base() + path)).timeout(Duration.ofSeconds(30));
        if (accept != null) {
            b.header("Accept", accept);
        }
        if (acceptEncoding != null) {
            b.header("Accept-Encoding", acceptEncoding);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void complexIsJsonOrXmlByAcceptAndCompressed() throws Exception {
        HttpResponse<byte[]> json = get("/complex/300", "application/json", "lzf");
        assertEquals(200, json.statusCode());
        assertEquals("lzf", json.headers().firstValue("Content-Encoding").orElse(null));
        assertTrue(json.headers().firstValue("Content-Type").orElse("").contains("json"));
        HttpResponse<byte[]> xml = get("/complex/300", "application/xml", "gzip");
        assertEquals("gzip", xml.headers().firstValue("Content-Encoding").orElse(null));
        assertTrue(xml.headers().firstValue("Content-Type").orElse("").contains("xml"));
        // Decoded by independent decoders (compress-lzf, java.util.zip), each body is exactly what the
        // same request without Accept-Encoding returns, and is really JSON or XML.
        byte[] plainJson = get("/complex/300", "application/json", null).body();
        byte[] plainXml = get("/complex/300", "application/xml", null).body();
        byte[] jsonDecoded = com.ning.compress.lzf.LZFDecoder.safeDecode(json.body());
        byte[] xmlDecoded;
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(xml.body()))) {
            xmlDecoded = in.readAllBytes();
        }
        assertArrayEquals(plainJson, jsonDecoded);
        assertArrayEquals(plainXml, xmlDecoded);
        assertTrue(json.body().length < jsonDecoded.length / 2, "lzf shrank " + jsonDecoded.length + " to " + json.body().length);
        assertTrue(xml.body().length < xmlDecoded.length / 2, "gzip shrank " + xmlDecoded.length + " to " + xml.body().length);
        String jsonText = new String(jsonDecoded, java.nio.charset.StandardCharsets.UTF_8);
        String xmlText = new String(xmlDecoded, java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(jsonText.startsWith("{") && jsonText.contains("\"count\":300"), jsonText.substring(0, 100));
        assertTrue(xmlText.startsWith("<?xml") || xmlText.startsWith("<"), xmlText.substring(0, 100));
        assertTrue(xmlText.contains("300"), xmlText.substring(0, 200));
    }

    @Test
    void objectIsBelowTheThreshold() throws Exception {
        HttpResponse<byte[]> r = get("/object", "application/json", "lzf, gzip");
        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Encoding").isEmpty());
        assertTrue(r.body().length < 1024);
        assertTrue(new String(r.body()).startsWith("{\"id\":1"));
    }

    @Test
    void plainIsNeverCompressed() throws Exception {
        HttpResponse<byte[]> r = get("/plain", "application/json", "lzf, gzip");
        assertEquals(200, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Encoding").isEmpty());
        assertTrue(r.body().length > 10_000);
    }

    @Test
    void badCountIs400AndUnknownFileIs404() throws Exception {
        assertEquals(400, get("/complex/-1", null, null).statusCode());
        assertEquals(404, get("/static/nope.json", null, "lzf").statusCode());
        assertEquals(404, get("/static/..%2Fpom.xml", null, "lzf").statusCode());
    }

    /** The address a person opens, the server's root, leads to the demo page (it used to be a 404). */
    @Test
    void rootLeadsToTheDemoPage() throws Exception {
        URI root = URI.create(DEMO.origin() + "/");
        HttpResponse<String> redirect = HTTP.send(HttpRequest.newBuilder(root).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(303, redirect.statusCode());
        assertEquals("/rest/index.html", redirect.headers().firstValue("Location").orElse(null));
        HttpResponse<Void> head = HTTP.send(HttpRequest.newBuilder(root).method("HEAD", HttpRequest.BodyPublishers.noBody())
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.discarding());
        assertEquals(303, head.statusCode());
        // Followed as a browser (or curl -L) does: the page itself.
        HttpClient following = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
        HttpResponse<String> page = following.send(HttpRequest.newBuilder(root).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode());
        assertEquals(URI.create(DEMO.base() + "/index.html"), page.uri());
        assertTrue(page.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        assertTrue(page.body().contains("<title>rest-compress: shared dictionaries"), page.body());
        // Only GET and HEAD of the root itself are redirected.
        HttpResponse<String> post = HTTP.send(HttpRequest.newBuilder(root).POST(HttpRequest.BodyPublishers.ofString("x"))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(post.statusCode() == 404 || post.statusCode() == 405, "POST / answered " + post.statusCode());
        assertTrue(post.headers().firstValue("Location").isEmpty());
        HttpResponse<String> other = HTTP.send(HttpRequest.newBuilder(root.resolve("/nothing-here"))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(404, other.statusCode());
    }

    @Test
    void javaClientFeatureRoundTrip() throws Exception {
        Client client = ClientBuilder.newClient().register(RestCompressClientFeature.class);
        try {
            byte[] file = Files.readAllBytes(Tools.testdata().resolve("catalog-1m.json"));
            assertArrayEquals(file, client.target(DEMO.base() + "/static/catalog-1m.json").request().get(byte[].class));
            try (Response r = client.target(DEMO.base() + "/echo").request()
                    .property("rest-compress.client.request-coding", "lzf")
                    .post(Entity.entity(file, MediaType.APPLICATION_JSON))) {
                assertEquals(200, r.getStatus());
                assertArrayEquals(file, r.readEntity(byte[].class));
            }
            String stream = client.target(DEMO.base() + "/stream/100").request().get(String.class);
            assertTrue(stream.contains("\"id\":100,"));
        } finally {
            client.close();
        }
    }
}
