package dev.restcompress.bench.http;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A minimal HTTP/1.1 client over one keep-alive socket. Not {@code java.net.http.HttpClient}: reading the socket
 * itself counts the wire bytes exactly, costs less per request (client and server share the cores) and can hang up
 * rudely (the soak). Every connect and read is bounded by the timeout; a failure closes the connection (the next
 * call reopens it). Not thread-safe.
 */
public final class HttpConnection implements Closeable {
    /** Headers and bodies larger than these are a broken response, not buffered without bound. */
    private static final int MAX_HEADER_BYTES = 64 * 1024;
    private static final int MAX_BODY_BYTES = 64 * 1024 * 1024;

    /**
     * One response, valid until the next call: {@code body} is the connection's reused buffer (no copy per request);
     * {@code contentEncoding} in lower case or null; {@code wireBytes}: status line, headers, framing and body.
     */
    public record Response(int status, String contentEncoding, byte[] body, int bodyLength, long wireBytes) {}

    /** One complete response with a body of its own. */
    public record Reply(int status, String contentEncoding, byte[] body) {}

    private final String host;
    private final int port;
    private final int timeoutMs;
    private Socket socket;
    private final byte[] buf = new byte[64 * 1024];
    private int pos;
    private int limit;
    private long received;
    private byte[] body = new byte[64 * 1024];
    private int bodyLength;

    public HttpConnection(String host, int port, int timeoutMs) {
        this.host = host;
        this.port = port;
        this.timeoutMs = timeoutMs;
    }

    public Response get(String path, String acceptEncoding) throws IOException {
        return get(path, acceptEncoding, List.of());
    }

    /** A GET with {@code headers} (whole lines) beside {@code Accept-Encoding}. */
    public Response get(String path, String acceptEncoding, List<String> headers) throws IOException {
        if (headers.isEmpty()) {
            return send("GET", path, List.of("Accept-Encoding: " + acceptEncoding), null, false);
        }
        List<String> lines = new ArrayList<>(headers.size() + 1);
        lines.add("Accept-Encoding: " + acceptEncoding);
        lines.addAll(headers);
        return send("GET", path, lines, null, false);
    }

    /**
     * Sends one request ({@code headers}: whole lines; {@code body} may be null) and reads the response; {@code close}
     * sends {@code Connection: close} (attacks need a connection of their own: the server may not read their body).
     */
    public Reply exchange(String method, String path, List<String> headers, byte[] body, boolean close)
            throws IOException {
        Response r = send(method, path, headers, body, close);
        return new Reply(r.status(), r.contentEncoding(), Arrays.copyOf(r.body(), r.bodyLength()));
    }

    private Response send(String method, String path, List<String> headers, byte[] requestBody, boolean close)
            throws IOException {
        try {
            if (socket == null) {
                socket = connect();
                pos = limit = 0;
            }
            socket.getOutputStream().write(head(method, path, headers, requestBody, close));
            if (requestBody != null) {
                try {
                    socket.getOutputStream().write(requestBody);
                } catch (IOException e) {
                    // The server may answer (413) and close before reading it all: its answer is what counts.
                }
            }
            return read(method, close);
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** GETs {@code path} on a new connection, reads {@code readBytes} of the response, then resets it. */
    public void hangUpMidResponse(String path, List<String> headers, int readBytes) throws IOException {
        try (Socket s = connect()) {
            s.getOutputStream().write(head("GET", path, headers, null, false));
            if (s.getInputStream().readNBytes(readBytes).length < readBytes) {
                throw new EOFException("server closed before " + readBytes + " bytes were read");
            }
            s.setSoLinger(true, 0); // RST, not FIN: the rudest hang-up
        }
    }

    /** POSTs with the full {@code Content-Length} but sends only {@code sendBytes} of the body, then resets. */
    public void hangUpMidRequest(String path, List<String> headers, byte[] body, int sendBytes) throws IOException {
        try (Socket s = connect()) {
            s.getOutputStream().write(head("POST", path, headers, body, false));
            s.getOutputStream().write(body, 0, Math.min(sendBytes, body.length));
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20)); // let the server start decoding what it has
            s.setSoLinger(true, 0);
        }
    }

    private byte[] head(String method, String path, List<String> headers, byte[] body, boolean close) {
        StringBuilder sb = new StringBuilder(256);
        sb.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: ").append(host).append(':').append(port)
                .append("\r\nUser-Agent: rest-compress-bench\r\n");
        headers.forEach(h -> sb.append(h).append("\r\n"));
        sb.append(body != null ? "Content-Length: " + body.length + "\r\n" : "");
        sb.append(close ? "Connection: close\r\n" : "");
        return sb.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    private Socket connect() throws IOException {
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(host, port), timeoutMs);
            s.setSoTimeout(timeoutMs);
            return s;
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    /** Reads one response; closes the connection after it if {@code close} or the server will. */
    private Response read(String method, boolean close) throws IOException {
        long start = received - (limit - pos);
        String statusLine = line();
        if (!statusLine.startsWith("HTTP/1.") || statusLine.length() < 12) { // "HTTP/1.1 200 OK"
            throw new IOException("not an HTTP/1.x status line: " + statusLine);
        }
        int status = Integer.parseInt(statusLine.substring(9, 12));
        String contentEncoding = null;
        bodyLength = 0;
        close |= statusLine.startsWith("HTTP/1.0");
        long contentLength = -1;
        boolean chunked = false;
        int headerBytes = 0;
        for (String h = line(); !h.isEmpty(); h = line()) {
            headerBytes += h.length();
            if (headerBytes > MAX_HEADER_BYTES) {
                throw new IOException("response headers exceed " + MAX_HEADER_BYTES + " bytes");
            }
            int colon = h.indexOf(':');
            String value = h.substring(colon + 1).trim();
            switch (colon <= 0 ? "" : h.substring(0, colon).trim().toLowerCase(Locale.ROOT)) {
                case "content-length" -> contentLength = Long.parseLong(value);
                case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                case "content-encoding" -> contentEncoding = value.toLowerCase(Locale.ROOT);
                case "connection" -> close |= value.equalsIgnoreCase("close");
                default -> {
                }
            }
        }
        boolean bodyless = method.equals("HEAD") || status == 204 || status == 304;
        if (chunked && !bodyless) {
            for (long size; (size = Long.parseLong(line().split(";", 2)[0].trim(), 16)) > 0; ) {
                readBody(size);
                if (!line().isEmpty()) {
                    throw new IOException("a chunk not followed by CRLF");
                }
            }
            while (!line().isEmpty()) {
                // Trailer fields: none expected, skipped.
            }
        } else if (!bodyless) {
            readBody(contentLength);
            close |= contentLength < 0;
        }
        if (close) {
            close();
        }
        return new Response(status, contentEncoding, body, bodyLength, received - (limit - pos) - start);
    }

    /** Appends exactly {@code n} body bytes to the body buffer; {@code n < 0}: until the server closes. */
    private void readBody(long n) throws IOException {
        for (long left = n < 0 ? Long.MAX_VALUE : n; left > 0 && (pos < limit || fill(n < 0)); ) {
            int k = (int) Math.min(left, limit - pos);
            if (bodyLength + (long) k > MAX_BODY_BYTES) {
                throw new IOException("body larger than " + MAX_BODY_BYTES + " bytes");
            } else if (bodyLength + k > body.length) {
                body = Arrays.copyOf(body, Math.max(bodyLength + k, body.length * 2));
            }
            System.arraycopy(buf, pos, body, bodyLength, k);
            pos += k;
            bodyLength += k;
            left -= k;
        }
    }

    /** One header line without its CRLF (ISO-8859-1, as HTTP header bytes are). */
    private String line() throws IOException {
        StringBuilder sb = new StringBuilder(64);
        while (true) {
            if (pos == limit) {
                fill(false);
            }
            byte b = buf[pos++];
            if (b == '\n') {
                int len = sb.length();
                return sb.substring(0, len > 0 && sb.charAt(len - 1) == '\r' ? len - 1 : len);
            }
            if (sb.length() >= MAX_HEADER_BYTES) {
                throw new IOException("header line longer than " + MAX_HEADER_BYTES + " bytes");
            }
            sb.append((char) (b & 0xff));
        }
    }

    /** Reads more into the buffer; at the end of the stream returns false if {@code endOk}, else throws. */
    private boolean fill(boolean endOk) throws IOException {
        int n = socket.getInputStream().read(buf, 0, buf.length);
        if (n < 0 && !endOk) {
            throw new EOFException("connection closed by the server");
        }
        pos = 0;
        limit = Math.max(n, 0);
        received += limit;
        return n >= 0;
    }

    @Override
    public void close() {
        try (Socket s = socket) {
            socket = null;
        } catch (IOException e) {
            // Closing a socket we are abandoning anyway: nothing useful to do.
        }
    }
}
