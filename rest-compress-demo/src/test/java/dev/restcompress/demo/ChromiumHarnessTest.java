package dev.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.BrotliOutputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Proves the browser harness and our reading of RFC 9842's byte formats independently of the library:
 * a throwaway JDK HTTP server on 127.0.0.1 serves a raw dictionary with {@code Use-As-Dictionary}, a
 * {@code dcz} body made by the {@code zstd} CLI ({@code -D dict}, then the 40-byte dcz header in front)
 * and a {@code dcb} body made by brotli4j with the dictionary as a raw prefix. Headless Chromium must
 * register the dictionary over plain http://127.0.0.1 (a potentially trustworthy origin), send
 * {@code Available-Dictionary}, and decode both bodies to the identity bytes.
 */
@Timeout(90)
class ChromiumHarnessTest {
    static final byte[] DCZ_MAGIC = {0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00};
    static final byte[] DCB_MAGIC = {(byte) 0xff, 0x44, 0x43, 0x42};

    static final String PAGE = """
            <!doctype html><meta charset="utf-8"><pre id="out"></pre><script>
            const sleep = ms => new Promise(r => setTimeout(r, ms));
            const hex = async buf => [...new Uint8Array(await crypto.subtle.digest('SHA-256', buf))]
                .map(b => b.toString(16).padStart(2, '0')).join('');
            async function get(path) {
              const r = await fetch(path, {cache: 'no-store'});
              const body = await r.arrayBuffer();
              const t = performance.getEntriesByName(r.url).pop();
              return {path, status: r.status, coding: r.headers.get('content-encoding') || '',
                      encoded: t.encodedBodySize, decoded: t.decodedBodySize, sha256: await hex(body)};
            }
            (async () => {
              const rows = [];
              try {
                await (await fetch('/dict')).arrayBuffer();
                for (let i = 0; i < 40; i++) {  // registration is asynchronous: wait for the first dcz
                  const row = await get('/data/dcz?try=' + i);
                  if (row.coding || i == 39) { rows.push(row); break; }
                  await sleep(100);
                }
                rows.push(await get('/data/dcb'));
              } catch (e) { rows.push({error: String(e)}); }
              document.getElementById('out').textContent = JSON.stringify(rows, null, 1);
              const report = new URLSearchParams(location.search).get('report');
              if (report) await fetch(report, {method: 'POST', mode: 'no-cors', body: JSON.stringify({rows})});
            })();
            </script>
            """;

    /** What the throwaway server sent per path (without query): the coding, or "" for identity. */
    final Map<String, String> sent = new ConcurrentHashMap<>();

    @Test
    void chromiumRegistersRawDictionaryAndDecodesDczAndDcb(@TempDir Path tmp) throws Exception {
        Tools.chromium(); // skipped (or failed when interop is required) before anything is built
        byte[] dictionary = sampleJson(0, 40).getBytes(StandardCharsets.UTF_8);
        byte[] body = sampleJson(3, 30).getBytes(StandardCharsets.UTF_8);
        byte[] hash = MessageDigest.getInstance("SHA-256").digest(dictionary);
        byte[] dcz = concat(DCZ_MAGIC, hash, zstdCli(dictionary, body, tmp));
        byte[] dcb = concat(DCB_MAGIC, hash, brotliWithDictionary(dictionary, body));
        String availableDictionary = ":" + Base64.getEncoder().encodeToString(hash) + ":";

        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/page", ex -> send(ex, 200, "text/html", PAGE.getBytes(StandardCharsets.UTF_8),
                Map.of()));
        server.createContext("/dict", ex -> send(ex, 200, "text/plain", dictionary,
                Map.of("Cache-Control", "max-age=3600", "Use-As-Dictionary", "match=\"/data/*\"")));
        server.createContext("/data/", ex -> {
            String path = ex.getRequestURI().getPath();
            String coding = path.endsWith("dcz") ? "dcz" : "dcb";
            boolean hasDictionary = availableDictionary.equals(ex.getRequestHeaders().getFirst("Available-Dictionary"));
            boolean accepts = String.valueOf(ex.getRequestHeaders().getFirst("Accept-Encoding")).contains(coding);
            boolean encode = hasDictionary && accepts;
            sent.put(path, encode ? coding : "");
            send(ex, 200, "application/json", encode ? (coding.equals("dcz") ? dcz : dcb) : body,
                    encode ? Map.of("Content-Encoding", coding, "Vary", "Accept-Encoding, Available-Dictionary")
                            : Map.of("Vary", "Accept-Encoding, Available-Dictionary"));
        });
        server.start();
        try {
            String report = HeadlessChromium.runPage("http://127.0.0.1:" + server.getAddress().getPort() + "/page",
                    Duration.ofSeconds(60));
            JsonNode rows = new ObjectMapper().readTree(report).get("rows");
            String expectedSha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
            assertEquals(2, rows.size(), report);
            for (JsonNode row : rows) {
                String coding = row.path("path").asText().startsWith("/data/dcz") ? "dcz" : "dcb";
                assertEquals(coding, row.path("coding").asText(), report);
                assertEquals(expectedSha, row.path("sha256").asText(), report);
                assertEquals(body.length, row.path("decoded").asInt(), report);
                assertEquals((coding.equals("dcz") ? dcz : dcb).length, row.path("encoded").asInt(), report);
            }
            assertEquals(Map.of("/data/dcz", "dcz", "/data/dcb", "dcb"), sent);
        } finally {
            server.stop(0);
        }
    }

    /** JSON objects of one shape (the dictionary and the body share field names and value style). */
    static String sampleJson(int seed, int count) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < count; i++) {
            int id = seed * 1000 + i;
            sb.append(i == 0 ? "" : ",\n").append("{\"id\":").append(id).append(",\"name\":\"item-").append(id)
                    .append("\",\"price\":").append(id % 97).append(".").append(id % 10)
                    .append(",\"tags\":[\"").append(List.of("red", "green", "blue").get(id % 3))
                    .append("\"],\"inStock\":").append(id % 2 == 0).append("}");
        }
        return sb.append("]\n").toString();
    }

    /** zstd CLI with the dictionary as raw content (it does not start with the ZDICT magic). */
    static byte[] zstdCli(byte[] dictionary, byte[] body, Path tmp) throws Exception {
        Path dict = Files.write(tmp.resolve("dict"), dictionary);
        Path in = Files.write(tmp.resolve("body"), body);
        Path out = tmp.resolve("body.zst");
        Tools.runOk("zstd", "-q", "-f", "-19", "-D", dict.toString(), in.toString(), "-o", out.toString());
        return Files.readAllBytes(out);
    }

    static byte[] brotliWithDictionary(byte[] dictionary, byte[] body) throws IOException {
        Brotli4jLoader.ensureAvailability();
        ByteBuffer direct = ByteBuffer.allocateDirect(dictionary.length).put(dictionary).flip();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (BrotliOutputStream br = new BrotliOutputStream(out, new Encoder.Parameters().setQuality(11))) {
            br.attachDictionary(Encoder.prepareDictionary(direct, 0));
            br.write(body);
        }
        return out.toByteArray();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    static void send(HttpExchange ex, int status, String type, byte[] body, Map<String, String> headers)
            throws IOException {
        try (ex) {
            ex.getResponseHeaders().add("Content-Type", type);
            headers.forEach((k, v) -> ex.getResponseHeaders().add(k, v));
            ex.sendResponseHeaders(status, body.length);
            ex.getResponseBody().write(body);
        }
    }
}
