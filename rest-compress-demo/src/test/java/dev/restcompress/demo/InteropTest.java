package dev.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.CodecRegistry;
import jakarta.ws.rs.SeBootstrap;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
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
    static SeBootstrap.Instance server;
    static String base;

    @BeforeAll
    static void start() throws Exception {
        server = DemoServer.start("127.0.0.1", SeBootstrap.Configuration.FREE_PORT, Tools.testdata());
        base = "http://127.0.0.1:" + server.configuration().port() + "/rest";
    }

    @AfterAll
    static void stop() throws Exception {
        server.stop().toCompletableFuture().get();
    }

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
                "-D", "-", "-o", out.toString(), base + "/static/" + name);
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
                base + "/static/" + name);
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
                "--data-binary", "@" + gz, "-o", out.toString(), base + "/echo");
        assertArrayEquals(Files.readAllBytes(src), Files.readAllBytes(out));
    }

    @Test
    void curlStreamsWithFlushes(@TempDir Path tmp) throws Exception {
        Tools.requireCurl();
        Path out = tmp.resolve("stream");
        Tools.Result r = Tools.runOk("curl", "-sS", "--compressed", "-D", "-", "-o", out.toString(),
                base + "/stream/200");
        // curl offers gzip, br and zstd (and deflate) with equal weight: the server's first choice wins.
        assertEquals(dev.restcompress.config.CompressionSettings.fromSystemProperties().preference().get(0),
                headerValue(r.stdout(), "Content-Encoding"));
        String body = Files.readString(out);
        assertTrue(body.startsWith("[{\"id\":1,") && body.endsWith("]\n"), body.substring(0, 100));
    }

    @ParameterizedTest
    @MethodSource("files")
    void pythonDecodesLzfByteExact(String name, @TempDir Path tmp) throws Exception {
        Path py = Tools.python();
        Path out = tmp.resolve("body");
        Tools.runOk(py.toString(), Tools.root().resolve("scripts/lzf_client.py").toString(), "get",
                base + "/static/" + name, "--accept-encoding", "lzf", "--out", out.toString());
        assertArrayEquals(Files.readAllBytes(Tools.testdata().resolve(name)), Files.readAllBytes(out));
    }

    @Test
    void pythonPostsLzfBodies(@TempDir Path tmp) throws Exception {
        Path py = Tools.python();
        for (String name : List.of("search-100k.json", "catalog-2m.xml", "object-300b.xml")) {
            Path out = tmp.resolve(name + ".echo");
            Tools.Result r = Tools.runOk(py.toString(), Tools.root().resolve("scripts/lzf_client.py").toString(),
                    "post", base + "/echo", "--file", Tools.testdata().resolve(name).toString(),
                    "--content-type", name.endsWith(".xml") ? "application/xml" : "application/json",
                    "--out", out.toString());
            assertArrayEquals(Files.readAllBytes(Tools.testdata().resolve(name)), Files.readAllBytes(out), r.stderr());
        }
    }

    @Test
    void pythonSeesLzfOnTheWire(@TempDir Path tmp) throws Exception {
        Path py = Tools.python();
        Tools.Result r = Tools.runOk(py.toString(), Tools.root().resolve("scripts/lzf_client.py").toString(), "get",
                base + "/complex/500", "--accept-encoding", "lzf", "--out", tmp.resolve("c").toString());
        assertTrue(r.stderr().toLowerCase(Locale.ROOT).contains("lzf"), r.stderr());
        String json = Files.readString(tmp.resolve("c"));
        assertTrue(json.contains("\"count\":500"), json.substring(0, Math.min(200, json.length())));
        assertFalse(json.isEmpty());
    }
}
