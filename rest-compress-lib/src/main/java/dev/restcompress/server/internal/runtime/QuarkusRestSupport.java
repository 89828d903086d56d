package dev.restcompress.server.internal.runtime;

import dev.restcompress.server.internal.EncodingPlan;
import dev.restcompress.server.internal.RequestProperties;
import dev.restcompress.server.internal.NegotiationFilter;
import dev.restcompress.server.internal.ResponseEncodingInterceptor;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.RuntimeDelegate;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.Executor;
import org.jboss.resteasy.reactive.server.core.BlockingOperationSupport;
import org.jboss.resteasy.reactive.server.core.CurrentRequestManager;
import org.jboss.resteasy.reactive.server.core.ResteasyReactiveRequestContext;
import org.jboss.resteasy.reactive.server.spi.ServerHttpResponse;

/**
 * What Quarkus REST (RESTEasy Reactive) needs beyond the Jakarta REST API; loaded only when it is the
 * runtime ({@link #detected()}), so the library keeps no run-time dependency on Quarkus.
 *
 * <ul>
 *   <li>{@link HeaderBridge}: Quarkus REST copies a response's headers to the HTTP response before the
 *       entity writer runs, so headers a writer interceptor decides while the body is written
 *       ({@code Content-Encoding}, the exact {@code Content-Length}, the coded {@code ETag}) would never
 *       reach the client. The bridge copies them when the first encoded byte goes out.</li>
 *   <li>{@link WorkerHop}: a non-blocking endpoint (returning {@code Uni}, {@code CompletionStage}, or
 *       annotated {@code @NonBlocking}) is serialized on the Vert.x event loop. When the response is to be
 *       encoded, this filter moves the rest of the response chain (entity writer and encoding) to the
 *       Quarkus worker pool, so no event loop ever compresses a body. Identity responses stay on the
 *       event loop.</li>
 * </ul>
 */
public final class QuarkusRestSupport {
    private static final String RUNTIME_PACKAGE = "org.jboss.resteasy.reactive.";

    private QuarkusRestSupport() {
    }

    /** Whether the JAX-RS runtime of this class loader is Quarkus REST. */
    static boolean detected() {
        try {
            return RuntimeDelegate.getInstance().getClass().getName().startsWith(RUNTIME_PACKAGE);
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /**
     * Wraps the entity stream (outside {@link ResponseEncodingInterceptor}) so that, before the first
     * byte reaches the client, the coding headers of the interceptor context are copied to the HTTP
     * response. Thread-safe (stateless).
     */
    static final class HeaderBridge implements WriterInterceptor {
        private static final List<String> SYNCED = List.of(HttpHeaders.CONTENT_ENCODING, HttpHeaders.ETAG);

        @Override
        public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
            ResteasyReactiveRequestContext request = CurrentRequestManager.get();
            if (request == null) {
                context.proceed();
                return;
            }
            OutputStream original = context.getOutputStream();
            context.setOutputStream(new SyncingStream(original, context.getHeaders(), request));
            try {
                context.proceed();
            } finally {
                context.setOutputStream(original);
            }
        }
    }

    /**
     * Copies the coding headers to the HTTP response once, before the first write, flush or close.
     * {@code Content-Length} is special: Quarkus REST's output stream frames the body itself from the
     * length in the JAX-RS response (and switches to chunked when it finds the header already on the
     * HTTP response), so the length goes there.
     */
    private static final class SyncingStream extends OutputStream {
        private final OutputStream sink;
        private final MultivaluedMap<String, Object> headers;
        private final ResteasyReactiveRequestContext request;
        private boolean synced;

        SyncingStream(OutputStream sink, MultivaluedMap<String, Object> headers, ResteasyReactiveRequestContext request) {
            this.sink = sink;
            this.headers = headers;
            this.request = request;
        }

        private void sync() {
            if (synced) {
                return;
            }
            synced = true;
            ServerHttpResponse response = request.serverResponse();
            if (response.headWritten()) {
                return;
            }
            for (String name : HeaderBridge.SYNCED) {
                Object value = headers.getFirst(name);
                if (value == null) {
                    response.removeResponseHeader(name);
                } else {
                    response.setResponseHeader(name, value.toString());
                }
            }
            Object length = headers.getFirst(HttpHeaders.CONTENT_LENGTH);
            response.removeResponseHeader(HttpHeaders.CONTENT_LENGTH);
            if (request.getResponse().isCreated()) {
                MultivaluedMap<String, Object> framing = request.getResponse().get().getHeaders();
                if (length == null) {
                    framing.remove(HttpHeaders.CONTENT_LENGTH);
                } else {
                    framing.putSingle(HttpHeaders.CONTENT_LENGTH, length.toString());
                }
            }
        }

        @Override
        public void write(int b) throws IOException {
            sync();
            sink.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            sync();
            sink.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            sync();
            sink.flush();
        }

        @Override
        public void close() throws IOException {
            sync();
            sink.close();
        }
    }

    /**
     * Runs after {@link NegotiationFilter}'s response part: when it planned an encoding and this thread
     * is an event loop, suspends the request and resumes it on the worker pool, where the entity writer
     * and the encoder then run. Thread-safe (stateless).
     */
    static final class WorkerHop implements ContainerResponseFilter {
        // BlockingOperationSupport is deprecated for removal in Quarkus 3.34 but still the one
        // RESTEasy Reactive API that says whether this thread may block (false on an event loop).
        @SuppressWarnings("removal")
        @Override
        public void filter(ContainerRequestContext request, ContainerResponseContext response) {
            if (EncodingPlan.of(request.getProperty(RequestProperties.RESPONSE_CODING)) == null || BlockingOperationSupport.isBlockingAllowed()) {
                return;
            }
            ResteasyReactiveRequestContext context = CurrentRequestManager.get();
            if (context == null) {
                return;
            }
            Executor workers = Infrastructure.getDefaultWorkerPool();
            context.suspend();
            context.resume(workers);
        }
    }
}
