package dev.restcompress.bench.http;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A minimal HTTP/1.1 client over one keep-alive socket, shared by the load generator and the soak.
 *
 * <p>Why not {@code java.net.http.HttpClient}: the benches report <em>bytes on the wire</em>, and only
 * a client that reads the socket itself can count status line, headers, chunk framing and body
 * exactly; it is also cheaper per request, which matters when client and server share two cores, and
 * it can be rude on purpose (hang up mid-response or mid-request, as the soak needs). Bodies are
 * framed by {@code Content-Length}, {@code chunked} or end of stream; every connect and read is
 * bounded by the timeout. {@link #get} reuses one {@link Response} and its buffer (no copy per
 * request, for the load generator); {@link #exchange} returns a {@link Reply} with a fresh array.
 * Any failure closes the connection (the next call reopens it) and is thrown as an
 * {@link IOException}. Not thread-safe: one connection per load thread.
 */
public final class HttpConnection implements Closeable {
    /** Headers larger than this are treated as a broken response, not buffered without bound. */
    private static final int MAX_HEADER_BYTES = 64 * 1024;
    /** Bodies larger than this are refused: the benches serve corpus files, not arbitrary data. */
    private static final int MAX_BODY_BYTES = 64 * 1024 * 1024;

    /** The last response, reused by the next call: the body stays in the connection's buffer. */
    public static final class Response {
        private int status;
        private String contentEncoding;
        private byte[] body;
        private int bodyLength;
        private long wireBytes;

        public int status() {
            return status;
        }

        /** The Content-Encoding header in lower case, or null when there is none. */
        public String contentEncoding() {
            return contentEncoding;
        }

        /** The body buffer; only the first {@link #bodyLength} bytes are the body. */
        public byte[] body() {
            return body;
        }

        public int bodyLength() {
            return bodyLength;
        }

        /** Bytes received for this response: status line, headers, framing and body. */
        public long wireBytes() {
            return wireBytes;
        }
    }

    /** One complete response with a body of its own. */
    public record Reply(int status, String contentEncoding, byte[] body) {
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

    public HttpConnection(String host, int port, int timeoutMs) {
        this.host = host;
        this.port = port;
        this.timeoutMs = timeoutMs;
    }

    /**
     * Sends {@code GET path} with {@code Accept-Encoding: acceptEncoding} and reads the whole response
     * into the reused {@link Response}, which the next call overwrites.
     */
    public Response get(String path, String acceptEncoding) throws IOException {
        return send("GET", path, List.of("Accept-Encoding: " + acceptEncoding), null, false);
    }

    /**
     * Sends one request and reads the whole response. {@code headers} are complete header lines
     * ({@code "Accept-Encoding: zstd"}); {@code body} may be null. {@code close} sends
     * {@code Connection: close} and closes afterwards (attacks use a connection of their own, as the
     * server may stop reading a refused body).
     */
    public Reply exchange(String method, String path, List<String> headers, byte[] body, boolean close)
            throws IOException {
        Response r = send(method, path, headers, body, close);
        return new Reply(r.status, r.contentEncoding, Arrays.copyOf(r.body, r.bodyLength));
    }

    private Response send(String method, String path, List<String> headers, byte[] requestBody, boolean close)
            throws IOException {
        if (socket == null) {
            open();
        }
        try {
            out.write(head(method, path, headers, requestBody == null ? -1 : requestBody.length, close));
            IOException writeFailure = null;
            if (requestBody != null) {
                try {
                    out.write(requestBody);
                } catch (IOException e) {
                    writeFailure = e; // the server may answer (413) and close before reading it all
                }
            }
            out.flush();
            long start = received - (limit - pos);
            boolean closeAfter;
            try {
                closeAfter = readResponse(method);
            } catch (IOException e) {
                if (writeFailure != null) {
                    e.addSuppressed(writeFailure);
                }
                throw e;
            }
            response.wireBytes = received - (limit - pos) - start;
            if (close || closeAfter) {
                close();
            }
            return response;
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** GETs {@code path} on a new connection, reads about {@code readBytes} of the response, then resets it. */
    public void hangUpMidResponse(String path, List<String> headers, int readBytes) throws IOException {
        try (Socket s = connect()) {
            s.getOutputStream().write(head("GET", path, headers, -1, false));
            s.getOutputStream().flush();
            InputStream i = s.getInputStream();
            byte[] b = new byte[4096];
            for (int got = 0; got < readBytes; ) {
                int n = i.read(b);
                if (n < 0) {
                    throw new EOFException("server closed before " + readBytes + " bytes were read");
                }
                got += n;
            }
            s.setSoLinger(true, 0); // RST, not FIN: the rudest hang-up
        }
    }

    /** POSTs with the full {@code Content-Length} but sends only {@code sendBytes} of the body, then resets. */
    public void hangUpMidRequest(String path, List<String> headers, byte[] body, int sendBytes) throws IOException {
        try (Socket s = connect()) {
            s.getOutputStream().write(head("POST", path, headers, body.length, false));
            s.getOutputStream().write(body, 0, Math.min(sendBytes, body.length));
            s.getOutputStream().flush();
            try {
                Thread.sleep(20); // let the server start decoding what it has
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            s.setSoLinger(true, 0);
        }
    }

    private byte[] head(String method, String path, List<String> headers, int contentLength, boolean close) {
        StringBuilder sb = new StringBuilder(256);
        sb.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: ").append(host).append(':').append(port)
                .append("\r\nUser-Agent: rest-compress-bench\r\n");
        for (String h : headers) {
            sb.append(h).append("\r\n");
        }
        if (contentLength >= 0) {
            sb.append("Content-Length: ").append(contentLength).append("\r\n");
        }
        if (close) {
            sb.append("Connection: close\r\n");
        }
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

    private void open() throws IOException {
        socket = connect();
        in = socket.getInputStream();
        out = socket.getOutputStream();
        pos = 0;
        limit = 0;
    }

    /** Reads one response into {@link #response}; returns whether the server will close the connection. */
    private boolean readResponse(String method) throws IOException {
        String status = line();
        // "HTTP/1.1 200 OK"
        if (!status.startsWith("HTTP/1.") || status.length() < 12) {
            throw new IOException("not an HTTP/1.x status line: " + status);
        }
        response.status = Integer.parseInt(status.substring(9, 12));
        response.contentEncoding = null;
        response.bodyLength = 0;
        response.body = body;
        boolean closeAfter = status.startsWith("HTTP/1.0");
        long contentLength = -1;
        boolean chunked = false;
        int headerBytes = 0;
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
        if (method.equals("HEAD") || response.status == 204 || response.status == 304) {
            return closeAfter; // no body
        }
        if (chunked) {
            readChunked();
        } else if (contentLength >= 0) {
            readBody(contentLength);
        } else {
            readToEnd();
            return true;
        }
        return closeAfter;
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
        ensureBody(n);
        int remaining = (int) n;
        while (remaining > 0) {
            if (pos == limit) {
                fill();
            }
            remaining -= take(remaining);
        }
    }

    /** A body framed by the end of the stream: everything until the server closes. */
    private void readToEnd() throws IOException {
        while (true) {
            if (pos == limit) {
                int n = in.read(buf, 0, buf.length);
                if (n < 0) {
                    return;
                }
                pos = 0;
                limit = n;
                received += n;
            }
            ensureBody(limit - pos);
            take(limit - pos);
        }
    }

    private void ensureBody(long n) throws IOException {
        if (response.bodyLength + n > MAX_BODY_BYTES) {
            throw new IOException("body larger than " + MAX_BODY_BYTES + " bytes");
        }
        int need = (int) (response.bodyLength + n);
        if (need > body.length) {
            body = Arrays.copyOf(body, Math.max(need, body.length * 2));
            response.body = body;
        }
    }

    /** Moves up to {@code max} buffered bytes into the body; returns how many. */
    private int take(int max) {
        int k = Math.min(max, limit - pos);
        System.arraycopy(buf, pos, body, response.bodyLength, k);
        pos += k;
        response.bodyLength += k;
        return k;
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
