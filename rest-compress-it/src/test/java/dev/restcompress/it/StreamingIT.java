package dev.restcompress.it;

import static dev.restcompress.it.Wire.assertVaryAcceptEncoding;
import static dev.restcompress.it.Wire.get;
import static dev.restcompress.it.Wire.gunzip;
import static dev.restcompress.it.Wire.header;
import static dev.restcompress.it.Wire.unLzf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ning.compress.lzf.LZFInputStream;
import dev.restcompress.it.app.Payloads;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.URL;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code StreamingOutput} entities: encoded, decodable, and each {@code flush()} reaches the client. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StreamingIT {
    private static final int PARTS = 4;
    private static final int PART_SIZE = 30_000;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war("streaming");
    }

    @ArquillianResource
    URL base;

    private static byte[] expected(int parts, int size) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int i = 0; i < parts; i++) {
            all.writeBytes(Payloads.text(size, i));
        }
        return all.toByteArray();
    }

    @Test
    void streamingOutputIsLzfEncodedAndDecodes() throws Exception {
        HttpResponse<byte[]> r = get(base, "api/data/stream?parts=" + PARTS + "&size=" + PART_SIZE, "lzf");
        assertEquals(200, r.statusCode());
        assertEquals("lzf", header(r, "Content-Encoding"));
        assertVaryAcceptEncoding(r);
        assertArrayEquals(expected(PARTS, PART_SIZE), unLzf(r.body()));
    }

    @Test
    void streamingOutputIsGzipEncodedAndDecodes() throws Exception {
        HttpResponse<byte[]> r = get(base, "api/data/stream?parts=" + PARTS + "&size=" + PART_SIZE, "gzip");
        assertEquals(200, r.statusCode());
        assertEquals("gzip", header(r, "Content-Encoding"));
        assertVaryAcceptEncoding(r);
        assertArrayEquals(expected(PARTS, PART_SIZE), gunzip(r.body()));
    }

    @Test
    void lzfFlushReachesTheClientBeforeTheRestIsWritten() throws Exception {
        flushReachesClient("lzf");
    }

    @Test
    void gzipFlushReachesTheClientBeforeTheRestIsWritten() throws Exception {
        flushReachesClient("gzip");
    }

    /**
     * The server writes part 0, flushes, then waits until this test opens the gate. The test must be
     * able to decode all of part 0 before it opens the gate; a server that buffered the flush would
     * send nothing (not even headers) and this times out.
     */
    private void flushReachesClient(String coding) throws Exception {
        String gate = UUID.randomUUID().toString();
        HttpRequest request = HttpRequest.newBuilder(Wire.uri(base,
                        "api/data/stream?parts=2&size=" + PART_SIZE + "&gate=" + gate))
                .timeout(Wire.TIMEOUT)
                .header("Accept-Encoding", coding)
                .GET().build();
        boolean opened = false;
        try {
            HttpResponse<InputStream> r = Wire.CLIENT
                    .sendAsync(request, HttpResponse.BodyHandlers.ofInputStream())
                    .get(5, TimeUnit.SECONDS);
            assertEquals(200, r.statusCode());
            assertEquals(coding, header(r, "Content-Encoding"));
            try (InputStream decoded = coding.equals("lzf") ? new LZFInputStream(r.body())
                    : new GZIPInputStream(r.body())) {
                byte[] first = CompletableFuture.supplyAsync(() -> readN(decoded, PART_SIZE))
                        .get(5, TimeUnit.SECONDS);
                assertArrayEquals(Payloads.text(PART_SIZE, 0), first, "part 0 before the gate opened");
                openGate(gate);
                opened = true;
                byte[] rest = CompletableFuture.supplyAsync(() -> readAll(decoded)).get(10, TimeUnit.SECONDS);
                assertArrayEquals(Payloads.text(PART_SIZE, 1), rest, "part 1 after the gate opened");
            }
        } finally {
            if (!opened) {
                openGate(gate); // never leave the server thread waiting, whatever failed
            }
        }
    }

    private void openGate(String gate) throws Exception {
        HttpResponse<byte[]> r = Wire.post(base, "api/gate/" + gate, null, null, new byte[0]);
        assertEquals(204, r.statusCode());
    }

    private static byte[] readN(InputStream in, int n) {
        try {
            return in.readNBytes(n);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static byte[] readAll(InputStream in) {
        try {
            return in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
