package dev.restcompress.bench.load;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * A minimal HTTP/1.1 client over one keep-alive socket, for the load generator.
 *
 * <p>Why not {@code java.net.http.HttpClient}: the load bench reports <em>bytes on the wire</em>, and
 * only a client that reads the socket itself can count status line, headers, chunk framing and body
 * exactly. It is also cheaper per request, which matters when client and server share two cores.
 * It sends GET requests only and understands {@code Content-Length} and {@code chunked} bodies;
 * anything else is an {@link IOException}. Not thread-safe: one connection per load-generator thread.
 */
final class HttpConnection implements Closeable {
    /** Headers larger than this are treated as a broken response, not buffered without bound. */
    private static final int MAX_HEADER_BYTES = 64 * 1024;
    /** Bodies larger than this are refused: the bench serves corpus files, not arbitrary data. */
    private static final int MAX_BODY_BYTES = 256 * 1024 * 1024;

    /** One response: the body stays in the connection's buffer until the next request. */
    static final class Response {
        int status;
        String contentEncoding;
        byte[] body;
        int bodyLength;
        /** Bytes received for this response: status line, headers, framing and body. */
        long wireBytes;
    }

    private final String host;
    private final int port;
    private final int timeoutMs;
    private final Response response = new Response();
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private final byte[] buf = new byte[64 * 1024];
    private int pos;
    private int limit;
    private long received;
    private byte[] body = new byte[64 * 1024];
    private boolean closeAfter;

    HttpConnection(String host, int port, int timeoutMs) {
        this.host = host;
        this.port = port;
        this.timeoutMs = timeoutMs;
    }

    /**
     * Sends {@code GET path} with {@code Accept-Encoding: acceptEncoding} and reads the whole response.
     * Opens (or reopens) the connection when needed. The returned object is reused by the next call.
     */
    Response get(String path, String acceptEncoding) throws IOException {
        if (socket == null) {
            open();
        }
        String request = "GET " + path + " HTTP/1.1\r\nHost: " + host + ":" + port
                + "\r\nAccept-Encoding: " + acceptEncoding + "\r\nUser-Agent: rest-compress-load\r\n\r\n";
        out.write(request.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        long start = received - (limit - pos);
        readResponse();
        response.wireBytes = received - (limit - pos) - start;
        if (closeAfter) {
            close();
        }
        return response;
    }

    private void open() throws IOException {
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(host, port), timeoutMs);
            s.setSoTimeout(timeoutMs);
            in = s.getInputStream();
            out = s.getOutputStream();
        } catch (IOException e) {
            s.close();
            throw e;
        }
        socket = s;
        pos = 0;
        limit = 0;
    }

    private void readResponse() throws IOException {
        String status = line();
        // "HTTP/1.1 200 OK"
        if (!status.startsWith("HTTP/1.") || status.length() < 12) {
            throw new IOException("not an HTTP/1.x status line: " + status);
        }
        response.status = Integer.parseInt(status.substring(9, 12));
        response.contentEncoding = null;
        closeAfter = status.startsWith("HTTP/1.0");
        long contentLength = -1;
        boolean chunked = false;
        int headerBytes = status.length();
        for (String h = line(); !h.isEmpty(); h = line()) {
            headerBytes += h.length();
            if (headerBytes > MAX_HEADER_BYTES) {
                throw new IOException("response headers exceed " + MAX_HEADER_BYTES + " bytes");
            }
            int colon = h.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = h.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = h.substring(colon + 1).trim();
            switch (name) {
                case "content-length" -> contentLength = Long.parseLong(value);
                case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                case "content-encoding" -> response.contentEncoding = value.toLowerCase(Locale.ROOT);
                case "connection" -> closeAfter |= value.equalsIgnoreCase("close");
                default -> {
                }
            }
        }
        response.bodyLength = 0;
        if (chunked) {
            readChunked();
        } else if (contentLength >= 0) {
            readBody(contentLength);
        } else {
            throw new IOException("response has neither Content-Length nor chunked framing");
        }
        response.body = body;
    }

    private void readChunked() throws IOException {
        for (int chunks = 0; ; chunks++) {
            String sizeLine = line();
            int semicolon = sizeLine.indexOf(';');
            long size = Long.parseLong((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
            if (size == 0) {
                while (!line().isEmpty()) {
                    // Trailer fields: none expected, skipped.
                }
                return;
            }
            readBody(size);
            if (!line().isEmpty()) {
                throw new IOException("chunk " + chunks + " not followed by CRLF");
            }
        }
    }

    /** Appends exactly {@code n} body bytes to the body buffer. */
    private void readBody(long n) throws IOException {
        if (response.bodyLength + n > MAX_BODY_BYTES) {
            throw new IOException("body larger than " + MAX_BODY_BYTES + " bytes");
        }
        int need = (int) (response.bodyLength + n);
        if (need > body.length) {
            body = Arrays.copyOf(body, Math.max(need, body.length * 2));
        }
        int remaining = (int) n;
        while (remaining > 0) {
            if (pos == limit) {
                fill();
            }
            int k = Math.min(remaining, limit - pos);
            System.arraycopy(buf, pos, body, response.bodyLength, k);
            pos += k;
            response.bodyLength += k;
            remaining -= k;
        }
    }

    /** One header line without its CRLF (ISO-8859-1, as HTTP header bytes are). */
    private String line() throws IOException {
        StringBuilder sb = new StringBuilder(64);
        while (true) {
            if (pos == limit) {
                fill();
            }
            byte b = buf[pos++];
            if (b == '\n') {
                int len = sb.length();
                if (len > 0 && sb.charAt(len - 1) == '\r') {
                    sb.setLength(len - 1);
                }
                return sb.toString();
            }
            if (sb.length() >= MAX_HEADER_BYTES) {
                throw new IOException("header line longer than " + MAX_HEADER_BYTES + " bytes");
            }
            sb.append((char) (b & 0xff));
        }
    }

    private void fill() throws IOException {
        int n = in.read(buf, 0, buf.length);
        if (n < 0) {
            throw new EOFException("connection closed by the server");
        }
        pos = 0;
        limit = n;
        received += n;
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException e) {
                // Closing a socket we are abandoning anyway: nothing useful to do.
            }
            socket = null;
        }
    }
}
