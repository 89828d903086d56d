package dev.restcompress.server;

import dev.restcompress.server.internal.EncodingOutputStream;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.annotation.LZF;
import dev.restcompress.testing.TestServerExtension;
import jakarta.annotation.Priority;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Entities whose size is known before writing to be below the threshold (a small {@code byte[]}, a
 * short UTF-8 {@code String}) go out without being buffered; every other small entity is buffered
 * and measured. Either way the client gets the same bytes and headers.
 */
@Timeout(60)
class SmallEntityTest {
    static final String TEXT = "small entity ".repeat(20); // 260 chars, 260 bytes in UTF-8 and UTF-16LE: 520

    @RegisterExtension
    static final TestServerExtension server = TestServerExtension.of(
            Set.of(SmallResource.class, StreamRecorder.class), Map.of());

    @Path("small")
    public static class SmallResource {
        @GET
        @Path("bytes")
        @LZF
        @Produces("application/json")
        public byte[] bytes() {
            return TEXT.getBytes(StandardCharsets.UTF_8);
        }

        @GET
        @Path("string")
        @LZF
        @Produces("text/plain")
        public String string() {
            return TEXT;
        }

        @GET
        @Path("string-utf16")
        @LZF
        @Produces("text/plain;charset=UTF-16LE")
        public String stringUtf16() {
            return TEXT;
        }

        @GET
        @Path("streaming")
        @LZF
        @Produces("application/json")
        public StreamingOutput streaming() {
            return out -> out.write(TEXT.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Runs inside this library's interceptor and records the stream it was given. */
    @Priority(Priorities.USER + 1000)
    public static class StreamRecorder implements WriterInterceptor {
        static final AtomicReference<String> LAST = new AtomicReference<>();

        @Override
        public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
            LAST.set(context.getOutputStream().getClass().getSimpleName());
            context.proceed();
        }
    }

    static HttpResponse<byte[]> get(String path, String acceptEncoding) throws Exception {
        return ServerEncodingTest.HTTP.send(HttpRequest.newBuilder(server.uri(path)).timeout(Duration.ofSeconds(30))
                .header("Accept-Encoding", acceptEncoding).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @ParameterizedTest
    @CsvSource({
        "small/bytes, UTF-8, false",
        "small/string, UTF-8, false",
        "small/string-utf16, UTF-16LE, true",
        "small/streaming, UTF-8, true",
    })
    void smallEntitiesGoOutUnchangedAndOnlyUnknownSizesAreBuffered(String path, String charset, boolean buffered)
            throws Exception {
        StreamRecorder.LAST.set(null);
        HttpResponse<byte[]> r = get(path, "lzf");
        assertEquals(200, r.statusCode());
        assertTrue(ServerEncodingTest.header(r, "Content-Encoding").isEmpty(), "below the threshold: identity");
        assertArrayEquals(TEXT.getBytes(charset), r.body());
        ServerEncodingTest.assertVary(r);
        assertEquals(buffered, "EncodingOutputStream".equals(StreamRecorder.LAST.get()), StreamRecorder.LAST.get());
    }

    @ParameterizedTest
    @CsvSource({"small/bytes", "small/string"})
    void identityRefusedStillEncodesAKnownSmallEntity(String path) throws Exception {
        HttpResponse<byte[]> r = get(path, "lzf, identity;q=0");
        assertEquals("lzf", ServerEncodingTest.header(r, "Content-Encoding").orElse(null));
        assertArrayEquals(TEXT.getBytes(StandardCharsets.UTF_8), ServerEncodingTest.decode(ServerEncodingTest.LZF, r.body()));
    }
}
