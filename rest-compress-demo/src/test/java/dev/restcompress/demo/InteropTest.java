package dev.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.CodecRegistry;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real clients against the demo server on 127.0.0.1: curl (gzip, lzf raw; br and zstd are in
 * {@link InteropCodingsTest}) and the project's Python client (python-lzf) decoding and sending LZF
 * byte-exact.
 */
@Timeout(120)
class InteropTest {
    @RegisterExtension
    static final RunningDemo DEMO = new RunningDemo();

    /** A spread of testdata sizes, tiny to 2 MB. */
    static Stream<String> files() {
        return Stream.of("object-100b.json", "object-700b.json", "users-2k.json", "orders-30k.xml",
                "comments-150k.json", "metrics-500k.json", "catalog-2m.xml", "orders-min-2m.json");
    }

    static String headerValue(String headers, String name) {
        for (String line : headers.split("\r?\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
    }

    @ParameterizedTest
    @MethodSource("files")
    void curlCompressedGzipIsByteExact(String name, @TempDir Path tmp) throws Exception {
        Tools.requireCurl();
        Path out = tmp.resolve("body");
        Tools.Result r = Tools.runOk("curl", "-sS", "--compressed", "-H", "Accept-Encoding: gzip",
                "-D", "-", "-o", out.toString(), DEMO.base() + "/static/" + name);
        byte[] expected = Files.readAllBytes(Tools.testdata().resolve(name));
        assertArrayEquals(expected, Files.readAllBytes(out));
        String encoding = headerValue(r.stdout(), "Content-Encoding");
        assertEquals(expected.length < 1024 ? null : "gzip", encoding, r.stdout());
        assertTrue(headerValue(r.stdout(), "Vary").toLowerCase(Locale.ROOT).contains("accept-encoding"));
    }

    @ParameterizedTest
    @MethodSource("files")
    void curlLzfRawBodyDecodesByteExact(String name, @TempDir Path tmp) throws Exception {
        Tools.requireCurl();
        Path out = tmp.resolve("body.lzf");
        Tools.Result r = Tools.runOk("curl", "-sS", "-H", "Accept-Encoding: lzf", "-D", "-", "-o", out.toString(),
                DEMO.base() + "/static/" + name);
        byte[] expected = Files.readAllBytes(Tools.testdata().resolve(name));
        byte[] raw = Files.readAllBytes(out);
        if (expected.length < 1024) {
            assertEquals(null, headerValue(r.stdout(), "Content-Encoding"));
            assertArrayEquals(expected, raw);
            return;
        }
        assertEquals("lzf", headerValue(r.stdout(), "Content-Encoding"));
        assertEquals(Integer.toString(raw.length), headerValue(r.stdout(), "Content-Length"));
        try (InputStream in = CodecRegistry.defaults().forCoding("lzf").decompressingStream(new ByteArrayInputStream(raw), 1 << 26)) {
            assertArrayEquals(expected, in.readAllBytes());
        }
    }

    @Test
    void curlPostsGzipBodies(@TempDir Path tmp) throws Exception {
        Tools.requireCurl();
        Path src = Tools.testdata().resolve("orders-30k.xml");
        Path gz = tmp.resolve("body.gz");
        try (var os = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            os.write(Files.readAllBytes(src));
        }
        Path out = tmp.resolve("echo");
        Tools.runOk("curl", "-sS", "--fail", "-H", "Content-Encoding: gzip", "-H", "Content-Type: application/xml",
                "--data-binary", "@" + gz, "-o", out.toString(), DEMO.base() + "/echo");
        assertArrayEquals(Files.readAllBytes(src), Files.readAllBytes(out));
    }

    @Test
    void curlStreamsWithFlushes(@TempDir Path tmp) throws Exception {
        Tools.requireCurl();
        Path out = tmp.resolve("stream");
        Tools.Result r = Tools.runOk("curl", "-sS", "--compressed", "-D", "-", "-o", out.toString(),
                DEMO.base() + "/stream/200");
        // curl offers gzip, br and zstd (and deflate) with equal weight: the server's first choice wins.
        assertEquals(dev.restcompress.config.CompressionSettings.fromSystemProperties().preference().get(0),
                headerValue(r.stdout(), "Content-Encoding"));
        String body = Files.readString(out);
        assertTrue(body.startsWith("[{\"id\":1,") && body.endsWith("]\n"), body.substring(0, 100));

        // Each of the 200 flush() calls must reach the wire as its own piece: fetch the same stream raw
        // (no transfer or content decoding) and count the chunks. A server that buffered the stream and
        // sent it at the end would answer with one Content-Length body (or a few large chunks).
        Path raw = tmp.resolve("stream.raw");
        Tools.Result rr = Tools.runOk("curl", "-sS", "--raw", "-H", "Accept-Encoding: gzip", "-D", "-", "-o",
                raw.toString(), DEMO.base() + "/stream/200");
        assertEquals("gzip", headerValue(rr.stdout(), "Content-Encoding"), rr.stdout());
        assertEquals("chunked", headerValue(rr.stdout(), "Transfer-Encoding"), rr.stdout());
        List<byte[]> chunks = dechunk(Files.readAllBytes(raw));
        assertTrue(chunks.size() >= 200, "chunks on the wire: " + chunks.size());
        // Every flush is a complete gzip sync point: each prefix of chunks decodes (without the trailer)
        // to a prefix of the body that grows with every few chunks; all of them give the whole body.
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        int decodedAfterFirstHalf = -1;
        for (int i = 0; i < chunks.size(); i++) {
            all.writeBytes(chunks.get(i));
            if (i == chunks.size() / 2) {
                decodedAfterFirstHalf = gunzipPrefix(all.toByteArray()).length;
            }
        }
        byte[] whole = gunzipPrefix(all.toByteArray());
        assertEquals(body, new String(whole, java.nio.charset.StandardCharsets.UTF_8));
        assertTrue(decodedAfterFirstHalf > whole.length / 4 && decodedAfterFirstHalf < whole.length,
                "half the chunks decode to part of the body: " + decodedAfterFirstHalf + " of " + whole.length);
    }

    /** The chunk payloads of a raw HTTP/1.1 chunked body (RFC 9112 7.1), the last empty one excluded. */
    static List<byte[]> dechunk(byte[] raw) {
        List<byte[]> chunks = new java.util.ArrayList<>();
        int p = 0;
        for (int guard = 0; guard < 1_000_000 && p < raw.length; guard++) {
            int eol = p;
            while (eol + 1 < raw.length && !(raw[eol] == '\r' && raw[eol + 1] == '\n')) {
                eol++;
            }
            String sizeLine = new String(raw, p, eol - p, java.nio.charset.StandardCharsets.US_ASCII);
            int size = Integer.parseInt(sizeLine.split(";")[0].trim(), 16);
            if (size == 0) {
                return chunks;
            }
            chunks.add(java.util.Arrays.copyOfRange(raw, eol + 2, eol + 2 + size));
            p = eol + 2 + size + 2;
        }
        throw new AssertionError("no last chunk in " + raw.length + " bytes");
    }

    /** What java.util.zip decodes from a gzip stream that may lack its end (a flushed prefix). */
    static byte[] gunzipPrefix(byte[] gz) throws java.io.IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (InputStream in = new java.util.zip.GZIPInputStream(new ByteArrayInputStream(gz))) {
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) > 0; ) {
                out.write(buf, 0, n);
            }
        } catch (java.io.EOFException truncated) {
            // a prefix without the trailer: what came before is what was flushed
        }
        return out.toByteArray();
    }

    @ParameterizedTest
    @MethodSource("files")
    void pythonDecodesLzfByteExact(String name, @TempDir Path tmp) throws Exception {
        Path py = Tools.python();
        Path out = tmp.resolve("body");
        Tools.Result r = Tools.runOk(py.toString(), Tools.root().resolve("scripts/lzf_client.py").toString(), "get",
                DEMO.base() + "/static/" + name, "--accept-encoding", "lzf", "--out", out.toString());
        byte[] expected = Files.readAllBytes(Tools.testdata().resolve(name));
        assertArrayEquals(expected, Files.readAllBytes(out));
        // The client prints the response's Content-Encoding: below the threshold none, else lzf, and
        // then fewer bytes on the wire than decoded.
        assertEquals(expected.length < 1024 ? "(none)" : "lzf", headerValue(r.stderr(), "Content-Encoding"), r.stderr());
        if (expected.length >= 1024) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("Decoded body: (\\d+) bytes \\((\\d+) on the wire\\)")
                    .matcher(r.stderr());
            assertTrue(m.find(), r.stderr());
            assertEquals(expected.length, Long.parseLong(m.group(1)));
            assertTrue(Long.parseLong(m.group(2)) < expected.length, r.stderr());
        }
    }

    @Test
    void pythonPostsLzfBodies(@TempDir Path tmp) throws Exception {
        Path py = Tools.python();
        for (String name : List.of("search-100k.json", "catalog-2m.xml", "object-300b.xml")) {
            Path out = tmp.resolve(name + ".echo");
            Tools.Result r = Tools.runOk(py.toString(), Tools.root().resolve("scripts/lzf_client.py").toString(),
                    "post", DEMO.base() + "/echo", "--file", Tools.testdata().resolve(name).toString(),
                    "--content-type", name.endsWith(".xml") ? "application/xml" : "application/json",
                    "--out", out.toString());
            assertArrayEquals(Files.readAllBytes(Tools.testdata().resolve(name)), Files.readAllBytes(out), r.stderr());
        }
    }

    @Test
    void pythonSeesLzfOnTheWire(@TempDir Path tmp) throws Exception {
        Path py = Tools.python();
        Tools.Result r = Tools.runOk(py.toString(), Tools.root().resolve("scripts/lzf_client.py").toString(), "get",
                DEMO.base() + "/complex/500", "--accept-encoding", "lzf", "--out", tmp.resolve("c").toString());
        assertEquals("lzf", headerValue(r.stderr(), "Content-Encoding"), r.stderr());
        String json = Files.readString(tmp.resolve("c"));
        assertTrue(json.contains("\"count\":500"), json.substring(0, Math.min(200, json.length())));
        assertFalse(json.isEmpty());
    }
}
