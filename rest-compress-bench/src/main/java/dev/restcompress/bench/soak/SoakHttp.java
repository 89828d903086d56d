package dev.restcompress.bench.soak;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * A minimal HTTP/1.1 client over one keep-alive socket: GET and POST with any headers, bodies
 * framed by {@code Content-Length}, {@code chunked} or end of stream, every read and connect bounded
 * by a timeout, and the two rude clients a soak needs (hang up mid-response, hang up mid-request).
 * Not thread-safe: one per load thread.
 */
final class SoakHttp implements Closeable {
    private static final int MAX_HEADER_BYTES = 64 * 1024;
    private static final int MAX_BODY_BYTES = 64 * 1024 * 1024;

    /** One complete response; the body is a fresh array. */
    record Response(int status, String contentEncoding, byte[] body) {
    }

    private final String host;
    private final int port;
    private final int timeoutMs;
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private final byte[] buf = new byte[64 * 1024];
    private int pos;
    private int limit;

    SoakHttp(String host, int port, int timeoutMs) {
        this.host = host;
        this.port = port;
        this.timeoutMs = timeoutMs;
    }

    /**
     * Sends one request and reads the whole response. {@code headers} are complete header lines
     * ({@code "Accept-Encoding: zstd"}); {@code body} may be null. {@code close} sends
     * {@code Connection: close} and closes afterwards (attacks use a connection of their own, as the
     * server may stop reading a refused body).
     */
    Response exchange(String method, String path, List<String> headers, byte[] body, boolean close) throws IOException {
        if (socket == null) {
            open();
        }
        try {
            out.write(head(method, path, headers, body == null ? -1 : body.length, close));
            IOException writeFailure = null;
            if (body != null) {
                try {
                    out.write(body);
                } catch (IOException e) {
                    writeFailure = e; // the server may answer (413) and close before reading it all
                }
            }
            out.flush();
            Response r;
            try {
                r = readResponse(method);
            } catch (IOException e) {
                if (writeFailure != null) {
                    e.addSuppressed(writeFailure);
                }
                throw e;
            }
            if (close || r == null) {
                close();
            }
            return r;
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** GETs {@code path} on a new connection, reads about {@code readBytes} of the response, then resets it. */
    void hangUpMidResponse(String path, List<String> headers, int readBytes) throws IOException {
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
    void hangUpMidRequest(String path, List<String> headers, byte[] body, int sendBytes) throws IOException {
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
                .append("\r\nUser-Agent: rest-compress-soak\r\n");
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

    private Response readResponse(String method) throws IOException {
        String status = line();
        if (!status.startsWith("HTTP/1.") || status.length() < 12) {
            throw new IOException("not an HTTP/1.x status line: " + status);
        }
        int code = Integer.parseInt(status.substring(9, 12));
        boolean closeAfter = status.startsWith("HTTP/1.0");
        String coding = null;
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
                case "content-encoding" -> coding = value.toLowerCase(Locale.ROOT);
                case "connection" -> closeAfter |= value.equalsIgnoreCase("close");
                default -> {
                }
            }
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (method.equals("HEAD") || code == 204 || code == 304) {
            // no body
        } else if (chunked) {
            while (true) {
                String sizeLine = line();
                int semi = sizeLine.indexOf(';');
                long size = Long.parseLong((semi < 0 ? sizeLine : sizeLine.substring(0, semi)).trim(), 16);
                if (size == 0) {
                    while (!line().isEmpty()) {
                        // trailers: skipped
                    }
                    break;
                }
                copy(body, size);
                if (!line().isEmpty()) {
                    throw new IOException("chunk not followed by CRLF");
                }
            }
        } else if (contentLength >= 0) {
            copy(body, contentLength);
        } else {
            closeAfter = true;
            copyToEnd(body);
        }
        Response r = new Response(code, coding, body.toByteArray());
        if (closeAfter) {
            close();
        }
        return r;
    }

    private void copy(ByteArrayOutputStream to, long n) throws IOException {
        if (to.size() + n > MAX_BODY_BYTES) {
            throw new IOException("body larger than " + MAX_BODY_BYTES + " bytes");
        }
        while (n > 0) {
            if (pos == limit) {
                fill();
            }
            int k = (int) Math.min(n, limit - pos);
            to.write(buf, pos, k);
            pos += k;
            n -= k;
        }
    }

    private void copyToEnd(ByteArrayOutputStream to) throws IOException {
        while (true) {
            if (pos == limit) {
                int n = in.read(buf, 0, buf.length);
                if (n < 0) {
                    return;
                }
                pos = 0;
                limit = n;
            }
            if (to.size() + limit - pos > MAX_BODY_BYTES) {
                throw new IOException("body larger than " + MAX_BODY_BYTES + " bytes");
            }
            to.write(buf, pos, limit - pos);
            pos = limit;
        }
    }

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
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException e) {
                // abandoning it anyway
            }
            socket = null;
        }
    }
}
