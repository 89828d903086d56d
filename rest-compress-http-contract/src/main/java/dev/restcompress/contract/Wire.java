package dev.restcompress.contract;

import com.ning.compress.lzf.LZFDecoder;
import com.ning.compress.lzf.LZFException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
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
 * Raw HTTP for the contract: {@link HttpClient} never decodes a body, so the contract sees the exact
 * bytes and headers on the wire. Reference codecs are compress-lzf and {@code java.util.zip}, never
 * rest-compress. Every call is bounded by timeouts.
 */
public final class Wire {
    public static final Duration TIMEOUT = Duration.ofSeconds(20);
    public static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private final URI base;

    /** {@code base}: the application's root, e.g. {@code http://127.0.0.1:PORT/}. */
    public Wire(URI base) {
        String s = base.toString();
        this.base = URI.create(s.endsWith("/") ? s : s + "/");
    }

    public URI uri(String path) {
        return base.resolve(path);
    }

    /** GET with the given {@code Accept-Encoding} ({@code null}: no header) and extra header pairs. */
    public HttpResponse<byte[]> get(String path, String acceptEncoding, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).timeout(TIMEOUT).GET();
        if (acceptEncoding != null) {
            b.header("Accept-Encoding", acceptEncoding);
        }
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** POST {@code body} as it is, labelled with {@code contentEncoding} ({@code null}: no header). */
    public HttpResponse<byte[]> post(String path, String contentEncoding, String acceptEncoding, byte[] body)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).timeout(TIMEOUT)
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

    public static String header(HttpResponse<?> r, String name) {
        return r.headers().firstValue(name).orElse(null);
    }

    /** The comma-separated tokens of every value of a header, lower case. */
    public static List<String> tokens(HttpResponse<?> r, String name) {
        return r.headers().allValues(name).stream()
                .flatMap(v -> Arrays.stream(v.split(",")))
                .map(s -> s.trim().toLowerCase(Locale.ROOT))
                .filter(s -> !s.isEmpty())
                .toList();
    }

    public static byte[] unLzf(byte[] encoded) {
        try {
            return LZFDecoder.safeDecode(encoded);
        } catch (LZFException e) {
            throw new AssertionError("not a valid LZF stream", e);
        }
    }

    public static byte[] gunzip(byte[] encoded) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(encoded))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new AssertionError("not a valid gzip stream", e);
        }
    }

    public static byte[] gzip(byte[] plain) {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bos)) {
            out.write(plain);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bos.toByteArray();
    }
}
