package dev.restcompress.contract;

import static dev.restcompress.contract.Wire.header;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.ning.compress.lzf.LZFEncoder;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.Payloads;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The bound on live streaming request decoders ({@code rest-compress.max-live-decoders} =
 * {@value ContractPart#MAX_LIVE_DECODERS} on the server under test): {@value ContractPart#MAX_LIVE_DECODERS}
 * slow chunked uploads in a coding each hold a decoder (their bodies are half sent, the resource is
 * reading them); a further chunked coded body then gets 503 with {@code Retry-After}, in one log line
 * without a stack trace, while the holders keep theirs. Once the holders send the rest, each gets its
 * whole body decoded, and a new chunked body decodes fine: every slot came back. Every wait is bounded
 * (20 s to see the 503, 20 s per answer). Part of {@link HttpContract}, which every runtime's contract
 * test extends.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public interface LiveDecoderBoundContract extends ContractPart {

    @Test
    default void aCodedBodyBeyondTheLiveDecoderBoundGets503WithRetryAfter() throws Exception {
        URI echo = wire().uri("contract/echo");
        List<Holder> holders = new ArrayList<>();
        try {
            for (int i = 0; i < MAX_LIVE_DECODERS; i++) {
                holders.add(new Holder(echo, i));
            }
            // The holders' requests reach the interceptor in their own time: probe until one is refused.
            // A holder that lost a race to a probe (refused itself) is replaced; both bounded by the deadline.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            HttpResponse<byte[]> refused = null;
            int probes = 0;
            while (refused == null) {
                if (System.nanoTime() > deadline) {
                    fail("no 503 after " + probes + " chunked coded bodies while " + MAX_LIVE_DECODERS + " slow uploads"
                            + " were open: does the server run with rest-compress.max-live-decoders="
                            + MAX_LIVE_DECODERS + "? holders: " + holders);
                }
                for (int i = 0; i < holders.size(); i++) {
                    if (holders.get(i).answered()) {
                        holders.get(i).close();
                        holders.set(i, new Holder(echo, i));
                    }
                }
                HttpResponse<byte[]> r = postChunked("gzip", 3);
                probes++;
                if (r.statusCode() == 503) {
                    refused = r;
                } else {
                    assertEquals(200, r.statusCode(), () -> "a chunked gzip body: " + new String(r.body()));
                    Thread.sleep(50);
                }
            }
            assertRetryAfter(refused);
            // Stable while they hold: another coding is refused as well, in one quiet log line.
            assertRefusedInOneLine();
            // A client that sends a whole large body before it reads still reads the 503.
            Wire.SentThenRead large = wire().postAllThenRead("contract/echo", "gzip", Wire.gzip(Payloads.random(16 << 20, 78)));
            System.out.println("503 to a client still sending 16 MiB: " + large); // per-runtime behaviour, SECURITY.md
            assertTrue(large.statusLine() != null && large.statusLine().startsWith("HTTP/1.1 503"),
                    "a large chunked body while the bound is reached: " + large);
            for (Holder h : holders) {
                assertTrue(!h.answered(), () -> "a holder must keep its decoder while others are refused: " + h);
            }
            for (Holder h : holders) {
                h.finish();
            }
        } finally {
            for (Holder h : holders) {
                h.close();
            }
        }
        // Every slot came back: chunked bodies decode again, more of them than the bound, one after another.
        for (int i = 0; i < MAX_LIVE_DECODERS + 1; i++) {
            String coding = i % 2 == 0 ? "gzip" : "lzf";
            int seed = 40 + i;
            HttpResponse<byte[]> r = postChunked(coding, seed);
            assertEquals(200, r.statusCode(), () -> coding + " after the holders finished: " + new String(r.body()));
            assertArrayEquals(Payloads.text(PROBE_SIZE, seed), r.body(), coding + " echoed whole");
        }
    }

    private void assertRefusedInOneLine() throws Exception {
        ContractPart.assertRefusedInOneLine(target().logsInProcess(), chunked("lzf", 4),
                HttpResponse.BodyHandlers.ofByteArray(), LiveDecoderBoundContract::assertRetryAfter,
                "body beyond the live-decoder bound");
    }

    private static void assertRetryAfter(HttpResponse<byte[]> r) {
        assertEquals(503, r.statusCode(), () -> new String(r.body()));
        String retry = header(r, "Retry-After");
        assertTrue(retry != null && retry.trim().matches("[0-9]+"), "503 must carry Retry-After in seconds, was " + retry);
    }

    /** Size of a probe's decoded body: within {@link #MAX_DECODED_SIZE}. */
    int PROBE_SIZE = 8_000;

    /**
     * POSTs {@code Payloads.text(PROBE_SIZE, seed)} coded, chunked (no length: it must stream, taking a
     * slot), asked again when a 503's connection reset lost the answer ({@link Wire#sendAcrossResets}).
     */
    private HttpResponse<byte[]> postChunked(String coding, int seed) throws Exception {
        return Wire.sendAcrossResets(chunked(coding, seed), HttpResponse.BodyHandlers.ofByteArray());
    }

    private HttpRequest chunked(String coding, int seed) {
        byte[] plain = Payloads.text(PROBE_SIZE, seed);
        byte[] body = coding.equals("gzip") ? Wire.gzip(plain) : LZFEncoder.encode(plain);
        return HttpRequest.newBuilder(wire().uri("contract/echo")).timeout(Wire.TIMEOUT)
                .header("Content-Type", "application/octet-stream").header("Content-Encoding", coding)
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)))
                .build();
    }

    /**
     * A slow upload on a raw socket: the head and the first bytes of a chunked coded body (gzip or lzf
     * by turn), then nothing until {@link #finish()} sends the rest and reads the answer. Not thread-safe.
     */
    final class Holder implements AutoCloseable {
        static final int SIZE = 30_000;
        private final int id;
        private final String coding;
        private final byte[] body;
        private final Socket socket = new Socket();
        private final ByteArrayOutputStream answer = new ByteArrayOutputStream();
        private int sent;

        Holder(URI echo, int id) throws IOException {
            this.id = id;
            this.coding = id % 2 == 0 ? "gzip" : "lzf";
            byte[] plain = Payloads.text(SIZE, 20 + id);
            this.body = coding.equals("gzip") ? Wire.gzip(plain) : LZFEncoder.encode(plain);
            socket.connect(new InetSocketAddress(echo.getHost(), echo.getPort()), 5_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + echo.getRawPath() + " HTTP/1.1\r\nHost: " + echo.getHost() + ":" + echo.getPort()
                    + "\r\nContent-Type: application/octet-stream\r\nContent-Encoding: " + coding
                    + "\r\nTransfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            chunk(64);
        }

        private void chunk(int n) throws IOException {
            OutputStream out = socket.getOutputStream();
            out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, sent, n);
            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            sent += n;
        }

        /** Whether the server answered (or hung up) before the body was whole: it holds no decoder. */
        boolean answered() throws IOException {
            if (socket.isClosed()) {
                return true;
            }
            socket.setSoTimeout(1);
            try {
                byte[] buf = new byte[4096];
                int n = socket.getInputStream().read(buf);
                if (n < 0) {
                    return true;
                }
                answer.write(buf, 0, n);
                return true;
            } catch (SocketTimeoutException e) {
                return false;
            }
        }

        /** Sends the rest of the body and checks that all of it was decoded (bounded: 20 s). */
        void finish() throws IOException {
            chunk(body.length - sent);
            socket.getOutputStream().write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            socket.setSoTimeout(20_000);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            byte[] buf = new byte[4096];
            while (!answer.toString(StandardCharsets.ISO_8859_1).contains("\r\n\r\n")) {
                int n = socket.getInputStream().read(buf);
                if (n < 0 || System.nanoTime() > deadline) {
                    fail(this + ": no whole answer head after the rest of the body");
                }
                answer.write(buf, 0, n);
            }
            String head = answer.toString(StandardCharsets.ISO_8859_1);
            head = head.substring(0, head.indexOf("\r\n\r\n")).toLowerCase(Locale.ROOT);
            assertTrue(head.startsWith("http/1.1 200"), this + ": " + head);
            assertTrue(head.contains("\n" + ContractResource.LENGTH.toLowerCase(Locale.ROOT) + ": " + SIZE),
                    this + ": the whole body decoded: " + head);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }

        @Override
        public String toString() {
            return "holder " + id + " (" + coding + ", " + sent + " of " + body.length + " bytes sent, answer: "
                    + answer.toString(StandardCharsets.ISO_8859_1).lines().findFirst().orElse("none") + ")";
        }
    }
}
