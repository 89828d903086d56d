package dev.restcompress.quarkus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.contract.Wire;
import dev.restcompress.contract.app.Payloads;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Non-blocking endpoints on Quarkus REST: their bodies are serialized on the Vert.x event loop, yet
 * rest-compress must never compress on it. {@link WriterThreadRecorder} reports the thread that ran
 * the encoder.
 */
@QuarkusTest
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EventLoopTest {
    private static final int SIZE = 300_000;

    @TestHTTPResource("/")
    URL root;

    private Wire wire() throws Exception {
        return new Wire(root.toURI());
    }

    @Test
    void identityResponseOfUniEndpointIsWrittenOnTheEventLoop() throws Exception {
        // The premise: without an encoding, this endpoint's body is written on an event loop.
        HttpResponse<byte[]> r = wire().get("nonblocking/uni?size=" + SIZE, null);
        assertEquals(200, r.statusCode());
        assertNull(Wire.header(r, "Content-Encoding"));
        assertEquals("true", Wire.header(r, WriterThreadRecorder.EVENT_LOOP), Wire.header(r, WriterThreadRecorder.THREAD));
        assertArrayEquals(Payloads.text(SIZE, 0), r.body());
    }

    @Test
    void uniEndpointIsGzipEncodedOnAWorker() throws Exception {
        assertEncodedOffTheEventLoop("nonblocking/uni", "gzip");
    }

    @Test
    void uniEndpointIsLzfEncodedOnAWorker() throws Exception {
        assertEncodedOffTheEventLoop("nonblocking/uni", "lzf");
    }

    @Test
    void nonBlockingAnnotatedEndpointIsEncodedOnAWorker() throws Exception {
        assertEncodedOffTheEventLoop("nonblocking/annotated", "gzip");
    }

    private void assertEncodedOffTheEventLoop(String path, String coding) throws Exception {
        for (int i = 0; i < 3; i++) { // a few times: any request may land on any event loop
            HttpResponse<byte[]> r = wire().get(path + "?size=" + SIZE, coding);
            assertEquals(200, r.statusCode());
            assertEquals(coding, Wire.header(r, "Content-Encoding"));
            String thread = Wire.header(r, WriterThreadRecorder.THREAD);
            assertEquals("false", Wire.header(r, WriterThreadRecorder.EVENT_LOOP), "compressed on " + thread);
            assertTrue(thread.startsWith("executor-thread-"), "compressed on " + thread);
            assertEquals(Integer.toString(r.body().length), Wire.header(r, "Content-Length"));
            byte[] decoded = coding.equals("gzip") ? Wire.gunzip(r.body()) : Wire.unLzf(r.body());
            assertArrayEquals(Payloads.text(SIZE, 0), decoded);
        }
    }
}
