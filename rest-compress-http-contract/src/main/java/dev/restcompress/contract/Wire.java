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
import java.nio.charset.StandardCharsets;
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

    /**
     * What a simple client saw that sends a whole request before it reads the answer: the status line
     * ({@code null}: none could be read), and how the send ended ({@code null}: it went through).
     */
    public record SentThenRead(String statusLine, String sendFailure, String readFailure) {
        @Override
        public String toString() {
            return "status " + statusLine + (sendFailure == null ? "" : ", send: " + sendFailure)
                    + (readFailure == null ? "" : ", read: " + readFailure);
        }
    }

    /**
     * POSTs {@code body} chunked (16 KiB chunks) with {@code Content-Encoding: coding} on a raw socket,
     * writing all of it whatever the server answers meanwhile, and only then reads the status line, as
     * simple clients do: a server that resets the connection under such a client loses its answer.
     * Bounded: 5 s to connect, 20 s per read.
     */
    public SentThenRead postAllThenRead(String path, String coding, byte[] body) throws IOException {
        URI u = uri(path);
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress(u.getHost(), u.getPort()), 5_000);
            s.setSoTimeout(20_000);
            java.io.OutputStream out = s.getOutputStream();
            String sendFailure = null;
            try {
                out.write(("POST " + u.getRawPath() + " HTTP/1.1\r\nHost: " + u.getHost() + ":" + u.getPort()
                        + "\r\nContent-Type: application/octet-stream\r\nContent-Encoding: " + coding
                        + "\r\nTransfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                for (int off = 0; off < body.length; off += 16 * 1024) {
                    int n = Math.min(16 * 1024, body.length - off);
                    out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(body, off, n);
                    out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                }
                out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (IOException e) {
                sendFailure = e.toString();
            }
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            try {
                java.io.InputStream in = s.getInputStream();
                byte[] buf = new byte[4096];
                while (answer.toString(StandardCharsets.ISO_8859_1).indexOf("\r\n") < 0) {
                    int n = in.read(buf);
                    if (n < 0) {
                        break;
                    }
                    answer.write(buf, 0, n);
                }
            } catch (IOException e) {
                return new SentThenRead(null, sendFailure, e.toString());
            }
            String all = answer.toString(StandardCharsets.ISO_8859_1);
            int eol = all.indexOf("\r\n");
            return new SentThenRead(eol < 0 ? null : all.substring(0, eol), sendFailure, eol < 0 ? "EOF" : null);
        }
    }

    /**
     * Sends {@code request}, tried up to three times while the connection is lost before the answer
     * could be read. A server that answers while the rest of a body is still arriving (413, 503) and
     * then closes with unread bytes in its socket makes the kernel reset the connection, which can
     * discard the answer under the client, or leave the client a pooled connection that is already
     * closed ("header parser received no bytes"; both seen on Dropwizard's Jetty). That transport race
     * is not what the contract judges: a wrong status is still seen at the first attempt, and so is a
     * timeout (a server that does not answer is no race).
     */
    public static <T> HttpResponse<T> sendAcrossResets(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                return CLIENT.send(request, handler);
            } catch (IOException e) {
                if (!lostToReset(e, attempt)) {
                    throw e;
                }
            }
        }
    }

    /**
     * Whether attempt {@code attempt} of {@link #sendAcrossResets} (or of a caller that retries one by one, for
     * its own log capture) that failed with {@code e} may be tried again: a transport failure other than a
     * timeout, before the third attempt.
     */
    static boolean lostToReset(IOException e, int attempt) {
        return !(e instanceof java.net.http.HttpTimeoutException) && attempt < 3;
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
