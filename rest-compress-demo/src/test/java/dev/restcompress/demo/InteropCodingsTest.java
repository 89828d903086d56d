package dev.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.config.CompressionSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * curl's own brotli and zstd decoders ({@code --compressed}) against the demo server on 127.0.0.1:
 * every body byte-exact, with the coding and an exact length on the wire; a plain
 * {@code --compressed} gets the server's preferred coding; streamed responses decode too.
 */
@Timeout(120)
class InteropCodingsTest {
    @RegisterExtension
    static final RunningDemo DEMO = new RunningDemo();

    static Stream<Arguments> codingsAndFiles() {
        return Stream.of("br", "zstd").flatMap(c -> InteropTest.files().map(f -> Arguments.of(c, f)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("codingsAndFiles")
    void curlDecodesByteExact(String coding, String name, @TempDir Path tmp) throws Exception {
        Tools.requireCurl();
        Path out = tmp.resolve("body");
        Path raw = tmp.resolve("raw");
        String url = DEMO.base() + "/static/" + name;
        Tools.Result r = Tools.runOk("curl", "-sS", "--compressed", "-H", "Accept-Encoding: " + coding,
                "-D", "-", "-o", out.toString(), url);
        byte[] expected = Files.readAllBytes(Tools.testdata().resolve(name));
        assertArrayEquals(expected, Files.readAllBytes(out));
        assertEquals(expected.length < 1024 ? null : coding, InteropTest.headerValue(r.stdout(), "Content-Encoding"),
                r.stdout());
        assertTrue(InteropTest.headerValue(r.stdout(), "Vary").toLowerCase(Locale.ROOT).contains("accept-encoding"));
        // The length on the wire is exact: fetch the raw body once more, without decoding.
        Tools.Result rawResult = Tools.runOk("curl", "-sS", "-H", "Accept-Encoding: " + coding, "-D", "-", "-o",
                raw.toString(), url);
        assertEquals(Long.toString(Files.size(raw)), InteropTest.headerValue(rawResult.stdout(), "Content-Length"));
    }

    @Test
    void curlCompressedGetsThePreferredCoding(@TempDir Path tmp) throws Exception {
        Tools.requireCurl();
        Path out = tmp.resolve("body");
        Tools.Result r = Tools.runOk("curl", "-sS", "--compressed", "-D", "-", "-o", out.toString(),
                DEMO.base() + "/static/comments-150k.json");
        assertEquals(CompressionSettings.fromSystemProperties().preference().get(0),
                InteropTest.headerValue(r.stdout(), "Content-Encoding"), r.stdout());
        assertArrayEquals(Files.readAllBytes(Tools.testdata().resolve("comments-150k.json")), Files.readAllBytes(out));
    }

    @ParameterizedTest
    @ValueSource(strings = {"br", "zstd"})
    void curlDecodesStreams(String coding, @TempDir Path tmp) throws Exception {
        Tools.requireCurl();
        Path out = tmp.resolve("stream");
        Tools.Result r = Tools.runOk("curl", "-sS", "--compressed", "-H", "Accept-Encoding: " + coding, "-D", "-",
                "-o", out.toString(), DEMO.base() + "/stream/200");
        assertEquals(coding, InteropTest.headerValue(r.stdout(), "Content-Encoding"));
        String body = Files.readString(out);
        assertTrue(body.startsWith("[{\"id\":1,") && body.endsWith("]\n"), body.substring(0, Math.min(100, body.length())));
    }
}
