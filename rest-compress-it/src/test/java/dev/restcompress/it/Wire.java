package dev.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ning.compress.lzf.LZFDecoder;
import com.ning.compress.lzf.LZFException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Raw HTTP for the deployment tests: {@link HttpClient} never decodes a body, so the tests see the
 * exact bytes and headers on the wire. Reference encoders and decoders come from compress-lzf and
 * {@code java.util.zip}, not from rest-compress. Every call is bounded by timeouts.
 */
final class Wire {
    static final Duration TIMEOUT = Duration.ofSeconds(20);
    static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private Wire() {
    }

    /**
     * {@code path} (relative, e.g. {@code "api/echo"}) under the deployment's URL. The containers
     * pick the context path (Jetty a generated one, WildFly the WAR name), and not every adapter ends
     * the URL with '/', without which {@code resolve} would replace the context path.
     */
    static URI uri(URL base, String path) {
        try {
            URI root = base.toURI();
            if (!root.getPath().endsWith("/")) {
                root = root.resolve(root.getPath() + "/");
            }
            return root.resolve(path);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** GET with the given {@code Accept-Encoding} ({@code null}: no header). */
    static HttpResponse<byte[]> get(URL base, String path, String acceptEncoding) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(base, path)).timeout(TIMEOUT).GET();
        if (acceptEncoding != null) {
            b.header("Accept-Encoding", acceptEncoding);
        }
        return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** POST {@code body} as it is, labelled with {@code contentEncoding} ({@code null}: no header). */
    static HttpResponse<byte[]> post(URL base, String path, String contentEncoding, String acceptEncoding,
            byte[] body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(base, path)).timeout(TIMEOUT)
                .header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentEncoding != null) {
            b.header("Content-Encoding", contentEncoding);
        }
        if (acceptEncoding != null) {
            b.header("Accept-Encoding", acceptEncoding);
        }
        return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static String header(HttpResponse<?> r, String name) {
        return r.headers().firstValue(name).orElse(null);
    }

    /** The comma-separated tokens of every value of a header, lower case. */
    static List<String> tokens(HttpResponse<?> r, String name) {
        return r.headers().allValues(name).stream()
                .flatMap(v -> Arrays.stream(v.split(",")))
                .map(s -> s.trim().toLowerCase(Locale.ROOT))
                .filter(s -> !s.isEmpty())
                .toList();
    }

    /** Asserts {@code Vary} names {@code Accept-Encoding}. */
    static void assertVaryAcceptEncoding(HttpResponse<?> r) {
        assertTrue(tokens(r, "Vary").contains("accept-encoding"),
                "Vary must name Accept-Encoding, was " + r.headers().allValues("Vary"));
    }

    /**
     * Asserts the body was sent with an exact {@code Content-Length} (not chunked) that matches the
     * bytes received.
     */
    static void assertExactContentLength(HttpResponse<byte[]> r) {
        String cl = header(r, "Content-Length");
        assertEquals(Integer.toString(r.body().length), cl, "Content-Length");
        assertFalse(tokens(r, "Transfer-Encoding").contains("chunked"), "must not be chunked");
    }

    static byte[] unLzf(byte[] encoded) {
        try {
            return LZFDecoder.safeDecode(encoded);
        } catch (LZFException e) {
            throw new AssertionError("not a valid LZF stream", e);
        }
    }

    static byte[] gunzip(byte[] encoded) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(encoded))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new AssertionError("not a valid gzip stream", e);
        }
    }

    static byte[] gzip(byte[] plain) {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bos)) {
            out.write(plain);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bos.toByteArray();
    }
}
