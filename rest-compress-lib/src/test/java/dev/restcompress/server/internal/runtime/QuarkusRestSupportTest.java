package dev.restcompress.server.internal.runtime;

import dev.restcompress.server.internal.EncodingPlan;
import dev.restcompress.server.internal.RequestProperties;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.RuntimeDelegate;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.resteasy.reactive.common.jaxrs.RuntimeDelegateImpl;
import org.jboss.resteasy.reactive.server.core.BlockingOperationSupport;
import org.jboss.resteasy.reactive.server.core.CurrentRequestManager;
import org.jboss.resteasy.reactive.server.core.LazyResponse;
import org.jboss.resteasy.reactive.server.core.ResteasyReactiveRequestContext;
import org.jboss.resteasy.reactive.server.spi.ServerHttpRequest;
import org.jboss.resteasy.reactive.server.spi.ServerHttpResponse;
import org.jboss.resteasy.reactive.server.spi.ServerRestHandler;
import org.jboss.resteasy.reactive.spi.ThreadSetupAction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link QuarkusRestSupport} against Quarkus REST's own request context and handler loop (the
 * resteasy-reactive jars, no Quarkus application): the header bridge copies the coding headers to the
 * HTTP response before the first byte, and the worker hop moves an encoded response off the event loop.
 * The HTTP response is a recording {@link ServerHttpResponse} (in Quarkus the Vert.x one); the whole path
 * on a real Quarkus app is quarkus-it's {@code QuarkusContractTest} and {@code EventLoopTest}.
 */
@SuppressWarnings("removal") // BlockingOperationSupport: see QuarkusRestSupport.WorkerHop
class QuarkusRestSupportTest {
    /** Quarkus REST's per-request context with a handler chain of our own and a recording HTTP response. */
    static final class RequestContext extends ResteasyReactiveRequestContext {
        private final ServerHttpResponse response;

        RequestContext(ServerHttpResponse response, ServerRestHandler... handlers) {
            super(null, ThreadSetupAction.NOOP, handlers, new ServerRestHandler[0]);
            this.response = response;
        }

        @Override public ServerHttpRequest serverRequest() {
            throw new UnsupportedOperationException();
        }

        @Override public ServerHttpResponse serverResponse() {
            return response;
        }

        @Override protected Executor getEventLoop() {
            throw new UnsupportedOperationException();
        }

        @Override public Runnable registerTimer(long millis, Runnable task) {
            throw new UnsupportedOperationException();
        }

        @Override public boolean resumeExternalProcessing() {
            return false;
        }
    }

    /** The HTTP response's headers as Quarkus REST's writer would leave them; head not written unless told. */
    static final class HttpResponse {
        final Map<String, String> headers = new LinkedHashMap<>();
        boolean headWritten;

        ServerHttpResponse proxy() {
            return (ServerHttpResponse) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {ServerHttpResponse.class}, (p, m, a) -> switch (m.getName()) {
                        case "headWritten" -> headWritten;
                        case "setResponseHeader" -> {
                            headers.put(a[0].toString(), a[1].toString());
                            yield p;
                        }
                        case "removeResponseHeader" -> {
                            headers.remove((String) a[0]);
                            yield null;
                        }
                        default -> throw new UnsupportedOperationException(m.getName());
                    });
        }
    }

    /** The four ways an entity writer touches the stream; each must sync the headers first. */
    enum Operation {
        WRITE_BYTE, WRITE_ARRAY, FLUSH, CLOSE;

        void apply(OutputStream out) throws IOException {
            switch (this) {
                case WRITE_BYTE -> out.write('x');
                case WRITE_ARRAY -> out.write(new byte[] {'a', 'x', 'b'}, 1, 1);
                case FLUSH -> out.flush();
                case CLOSE -> out.close();
            }
        }
    }

    /** The container's stream: records what arrives and the HTTP response's headers when the first call comes. */
    static final class Sink extends OutputStream {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final HttpResponse http;
        Map<String, String> headersAtFirstCall;
        int flushes;
        boolean closed;

        Sink(HttpResponse http) {
            this.http = http;
        }

        private void first() {
            if (headersAtFirstCall == null) {
                headersAtFirstCall = new LinkedHashMap<>(http.headers);
            }
        }

        @Override public void write(int b) {
            first();
            bytes.write(b);
        }

        @Override public void flush() {
            first();
            flushes++;
        }

        @Override public void close() {
            first();
            closed = true;
        }
    }

    @AfterEach
    void clearRuntimeState() {
        CurrentRequestManager.set(null);
        BlockingOperationSupport.setIoThreadDetector(null);
    }

    static WriterInterceptorContext writerContext(OutputStream[] stream, MultivaluedMap<String, Object> headers,
            Operation operation, AtomicReference<OutputStream> seenByWriter) {
        return (WriterInterceptorContext) Proxy.newProxyInstance(QuarkusRestSupportTest.class.getClassLoader(),
                new Class<?>[] {WriterInterceptorContext.class}, (p, m, a) -> switch (m.getName()) {
                    case "getOutputStream" -> stream[0];
                    case "setOutputStream" -> {
                        stream[0] = (OutputStream) a[0];
                        yield null;
                    }
                    case "getHeaders" -> headers;
                    case "proceed" -> {
                        seenByWriter.set(stream[0]);
                        operation.apply(stream[0]);
                        yield null;
                    }
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    /** Runs the bridge around one writer operation with the given interceptor headers; returns the sink. */
    static Sink bridge(HttpResponse http, LazyResponse jaxrsResponse, MultivaluedMap<String, Object> headers,
            Operation operation) throws IOException {
        RequestContext request = new RequestContext(http.proxy());
        request.setResponse(jaxrsResponse);
        CurrentRequestManager.set(request);
        Sink sink = new Sink(http);
        OutputStream[] stream = {sink};
        AtomicReference<OutputStream> seenByWriter = new AtomicReference<>();
        new QuarkusRestSupport.HeaderBridge().aroundWriteTo(writerContext(stream, headers, operation, seenByWriter));
        assertNotSame(sink, seenByWriter.get(), "the writer wrote through the bridge");
        assertSame(sink, stream[0], "the container's stream is put back");
        return sink;
    }

    static MultivaluedMap<String, Object> codingHeaders(String coding, String etag, String length) {
        MultivaluedMap<String, Object> headers = new MultivaluedHashMap<>();
        if (coding != null) {
            headers.putSingle("Content-Encoding", coding);
        }
        if (etag != null) {
            headers.putSingle("ETag", etag);
        }
        if (length != null) {
            headers.putSingle("Content-Length", length);
        }
        return headers;
    }

    @ParameterizedTest
    @EnumSource(Operation.class)
    void theCodingHeadersReachTheHttpResponseBeforeTheFirstByte(Operation operation) throws IOException {
        HttpResponse http = new HttpResponse();
        // What Quarkus REST copied before the writer ran: the raw entity's length and tag.
        http.headers.put("Content-Length", "5000");
        http.headers.put("ETag", "\"v1\"");
        Response jaxrs = Response.ok().header("Content-Length", "5000").build();
        Sink sink = bridge(http, new LazyResponse.Existing(jaxrs),
                codingHeaders("gzip", "\"v1-gzip\"", "42"), operation);

        Map<String, String> expected = Map.of("ETag", "\"v1-gzip\"", "Content-Encoding", "gzip");
        assertEquals(expected, sink.headersAtFirstCall, "before the first " + operation);
        assertEquals(expected, http.headers);
        // The length frames the body through the JAX-RS response, never as an HTTP header of its own.
        assertEquals("42", jaxrs.getHeaders().getFirst("Content-Length"));
        switch (operation) {
            case WRITE_BYTE, WRITE_ARRAY -> assertArrayEquals(new byte[] {'x'}, sink.bytes.toByteArray());
            case FLUSH -> assertEquals(1, sink.flushes);
            case CLOSE -> assertTrue(sink.closed);
        }
    }

    @Test
    void codingHeadersTheInterceptorDidNotSetAreRemovedFromTheHttpResponse() throws IOException {
        HttpResponse http = new HttpResponse();
        http.headers.put("Content-Encoding", "br");
        http.headers.put("ETag", "\"v1\"");
        http.headers.put("Content-Length", "5000");
        http.headers.put("Content-Type", "application/json");
        Response jaxrs = Response.ok().header("Content-Length", "5000").build();
        Sink sink = bridge(http, new LazyResponse.Existing(jaxrs), codingHeaders(null, null, null), Operation.WRITE_BYTE);

        assertEquals(Map.of("Content-Type", "application/json"), sink.headersAtFirstCall);
        assertNull(jaxrs.getHeaders().getFirst("Content-Length"), "streamed: no length, so chunked");
    }

    @Test
    void headersAreCopiedOnceBeforeTheFirstCallOnly() throws IOException {
        HttpResponse http = new HttpResponse();
        RequestContext request = new RequestContext(http.proxy());
        request.setResponse(new LazyResponse.Existing(Response.ok().build()));
        CurrentRequestManager.set(request);
        MultivaluedMap<String, Object> headers = codingHeaders("zstd", null, null);
        Sink sink = new Sink(http);
        OutputStream[] stream = {sink};
        WriterInterceptorContext context = (WriterInterceptorContext) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {WriterInterceptorContext.class},
                (p, m, a) -> switch (m.getName()) {
                    case "getOutputStream" -> stream[0];
                    case "setOutputStream" -> {
                        stream[0] = (OutputStream) a[0];
                        yield null;
                    }
                    case "getHeaders" -> headers;
                    case "proceed" -> {
                        stream[0].write('a');
                        // Too late: the head went out with the first byte.
                        headers.putSingle("Content-Encoding", "gzip");
                        http.headers.put("Content-Encoding", "from the container");
                        stream[0].write('b');
                        stream[0].flush();
                        yield null;
                    }
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        new QuarkusRestSupport.HeaderBridge().aroundWriteTo(context);
        assertEquals(Map.of("Content-Encoding", "zstd"), sink.headersAtFirstCall);
        assertEquals("from the container", http.headers.get("Content-Encoding"), "synced once, not on every call");
        assertEquals("ab", sink.bytes.toString());
    }

    @Test
    void nothingIsCopiedOnceTheHeadWasWritten() throws IOException {
        HttpResponse http = new HttpResponse();
        http.headWritten = true;
        http.headers.put("Content-Length", "5000");
        Response jaxrs = Response.ok().header("Content-Length", "5000").build();
        Sink sink = bridge(http, new LazyResponse.Existing(jaxrs), codingHeaders("gzip", null, "42"), Operation.WRITE_BYTE);
        assertEquals(Map.of("Content-Length", "5000"), sink.headersAtFirstCall);
        assertEquals("5000", jaxrs.getHeaders().getFirst("Content-Length"));
    }

    @Test
    void aResponseNotYetCreatedIsLeftToTheRuntime() throws IOException {
        HttpResponse http = new HttpResponse();
        LazyResponse notCreated = new LazyResponse() {
            @Override public Response get() {
                throw new AssertionError("creating the response is the runtime's job");
            }

            @Override public boolean isCreated() {
                return false;
            }
        };
        Sink sink = bridge(http, notCreated, codingHeaders("gzip", null, "42"), Operation.WRITE_BYTE);
        assertEquals(Map.of("Content-Encoding", "gzip"), sink.headersAtFirstCall);
    }

    @Test
    void outsideAQuarkusRequestTheStreamIsLeftAlone() throws IOException {
        CurrentRequestManager.set(null);
        HttpResponse http = new HttpResponse();
        Sink sink = new Sink(http);
        OutputStream[] stream = {sink};
        AtomicReference<OutputStream> seen = new AtomicReference<>();
        new QuarkusRestSupport.HeaderBridge().aroundWriteTo(
                writerContext(stream, codingHeaders("gzip", null, null), Operation.WRITE_BYTE, seen));
        assertSame(sink, seen.get());
        assertEquals("x", sink.bytes.toString());
    }

    /** Where the handler after the response filters ran, and whether it ran at all. */
    static final class NextHandler implements ServerRestHandler {
        final CountDownLatch ran = new CountDownLatch(1);
        volatile Thread thread;

        @Override public void handle(ResteasyReactiveRequestContext context) {
            thread = Thread.currentThread();
            context.suspend(); // end of this test's chain: nothing left for the runtime to do
            ran.countDown();
        }
    }

    static ContainerRequestContext request(Object plan) {
        return (ContainerRequestContext) Proxy.newProxyInstance(QuarkusRestSupportTest.class.getClassLoader(),
                new Class<?>[] {ContainerRequestContext.class}, (p, m, a) -> switch (m.getName()) {
                    case "getProperty" -> RequestProperties.RESPONSE_CODING.equals(a[0]) ? plan : null;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    /** Runs the hop as Quarkus REST's handler loop would, on this thread posing as an event loop. */
    static NextHandler runChain(Object plan, boolean onEventLoop) throws InterruptedException {
        Thread eventLoop = Thread.currentThread();
        BlockingOperationSupport.setIoThreadDetector(() -> !onEventLoop || Thread.currentThread() != eventLoop);
        NextHandler next = new NextHandler();
        ServerRestHandler responseFilters = context -> {
            CurrentRequestManager.set(context);
            try {
                new QuarkusRestSupport.WorkerHop().filter(request(plan), null);
            } finally {
                CurrentRequestManager.set(null);
            }
        };
        new RequestContext(new HttpResponse().proxy(), responseFilters, next).run();
        assertTrue(next.ran.await(10, TimeUnit.SECONDS), "the rest of the chain ran");
        return next;
    }

    static Object plan() {
        return new EncodingPlan(dev.restcompress.testing.Codecs.of("gzip"), true, 1024, 1 << 20, Integer.MAX_VALUE, false);
    }

    @Test
    void anEncodedResponseLeavesTheEventLoopForAWorker() throws InterruptedException {
        NextHandler next = runChain(plan(), true);
        assertNotSame(Thread.currentThread(), next.thread, "the entity writer and encoder run on a worker");
    }

    @Test
    void anIdentityResponseStaysOnTheEventLoop() throws InterruptedException {
        assertSame(Thread.currentThread(), runChain(null, true).thread);
    }

    @Test
    void anEncodedResponseOnAWorkerStaysThere() throws InterruptedException {
        assertSame(Thread.currentThread(), runChain(plan(), false).thread);
    }

    @Test
    void theHopOutsideAQuarkusRequestDoesNothing() {
        BlockingOperationSupport.setIoThreadDetector(() -> false);
        CurrentRequestManager.set(null);
        new QuarkusRestSupport.WorkerHop().filter(request(plan()), null); // must not throw
        assertNull(CurrentRequestManager.get());
    }

    @Test
    void quarkusRestIsDetectedByItsRuntimeDelegateOnly() {
        assertFalse(QuarkusRestSupport.detected(), "the lib tests run on RESTEasy");
        RuntimeDelegate resteasy = RuntimeDelegate.getInstance();
        try {
            RuntimeDelegate.setInstance(new RuntimeDelegateImpl());
            assertTrue(QuarkusRestSupport.detected());
        } finally {
            RuntimeDelegate.setInstance(resteasy);
        }
        assertFalse(QuarkusRestSupport.detected());
    }
}
