package dev.restcompress.contract;

import static dev.restcompress.contract.Wire.gunzip;
import static dev.restcompress.contract.Wire.gzip;
import static dev.restcompress.contract.Wire.header;
import static dev.restcompress.contract.Wire.unLzf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ning.compress.lzf.LZFInputStream;
import dev.restcompress.contract.app.Payloads;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Streamed responses: a {@code StreamingOutput} is encoded and decodes, and a {@code flush()} reaches
 * the client before the rest is written.
 * Part of {@link HttpContract}, which every runtime's contract test extends. Bounded in time.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public interface StreamingContract extends ContractPart {
    int PART = 30_000;

    private static byte[] parts(int n) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int i = 0; i < n; i++) {
            all.writeBytes(Payloads.text(PART, i));
        }
        return all.toByteArray();
    }

    @Test
    default void streamingOutputIsEncodedAndDecodes() throws Exception {
        HttpResponse<byte[]> lzf = wire().get("contract/stream?parts=4&size=" + PART, "lzf");
        assertEquals(200, lzf.statusCode());
        assertEquals("lzf", header(lzf, "Content-Encoding"));
        assertVary(lzf);
        assertArrayEquals(parts(4), unLzf(lzf.body()));
        HttpResponse<byte[]> gz = wire().get("contract/stream?parts=4&size=" + PART, "gzip");
        assertEquals(200, gz.statusCode());
        assertEquals("gzip", header(gz, "Content-Encoding"));
        assertVary(gz);
        assertArrayEquals(parts(4), gunzip(gz.body()));
    }

    @Test
    default void lzfFlushReachesTheClientBeforeTheRestIsWritten() throws Exception {
        flushReachesClient("lzf");
    }

    @Test
    default void gzipFlushReachesTheClientBeforeTheRestIsWritten() throws Exception {
        flushReachesClient("gzip");
    }

    /**
     * The server writes part 0, flushes, then waits until the gate opens. All of part 0 must decode
     * before the test opens the gate; a server that held the flush back would send nothing.
     */
    private void flushReachesClient(String coding) throws Exception {
        Wire wire = wire();
        String gate = UUID.randomUUID().toString();
        HttpRequest request = HttpRequest.newBuilder(wire.uri("contract/stream?parts=2&size=" + PART + "&gate=" + gate))
                .timeout(Wire.TIMEOUT).header("Accept-Encoding", coding).GET().build();
        boolean opened = false;
        try {
            HttpResponse<InputStream> r = Wire.CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream())
                    .get(5, TimeUnit.SECONDS);
            assertEquals(200, r.statusCode());
            assertEquals(coding, header(r, "Content-Encoding"));
            try (InputStream decoded = coding.equals("lzf") ? new LZFInputStream(r.body())
                    : new GZIPInputStream(r.body())) {
                byte[] first = CompletableFuture.supplyAsync(() -> read(decoded, PART)).get(5, TimeUnit.SECONDS);
                assertArrayEquals(Payloads.text(PART, 0), first, "part 0 before the gate opened");
                openGate(wire, gate);
                opened = true;
                byte[] rest = CompletableFuture.supplyAsync(() -> read(decoded, Integer.MAX_VALUE))
                        .get(10, TimeUnit.SECONDS);
                assertArrayEquals(Payloads.text(PART, 1), rest, "part 1 after the gate opened");
            }
        } finally {
            if (!opened) {
                openGate(wire, gate); // never leave a server thread waiting, whatever failed
            }
        }
    }

    private static void openGate(Wire wire, String gate) throws Exception {
        HttpResponse<byte[]> r = wire.post("contract/gate/" + gate, null, null, new byte[0]);
        assertEquals(204, r.statusCode());
    }

    private static byte[] read(InputStream in, int n) {
        try {
            return in.readNBytes(n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
