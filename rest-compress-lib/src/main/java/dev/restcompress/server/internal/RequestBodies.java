package dev.restcompress.server.internal;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.InterceptorContext;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * Closes a decoded request body that the resource took as a stream (an {@code InputStream},
 * {@code Reader}, {@code Source}...) once the request is done with it, whatever the resource did:
 * after the response entity was written (a {@code StreamingOutput} may still read the request), or
 * at the response filter when there is no entity to write (none, HEAD, 204, 304). A body the request drops on another path
 * (an exception the runtime answers itself) is freed by the decoder's cleaner and counted as
 * reclaimed. Thread-safe (stateless).
 */
public final class RequestBodies implements ContainerResponseFilter, WriterInterceptor {
    private static final System.Logger LOG = System.getLogger(RequestBodies.class.getName());
    /** Request property holding the decoded body to close at the end of the request. */

    /**
     * Whether an entity of this kind may still read the request body after the entity reader
     * returned. Whole values (a {@code byte[]}, a {@code String}, a JSON object) do not.
     */
    static boolean readsLater(Object entity) {
        return entity instanceof InputStream
                || entity instanceof Reader
                || entity instanceof AutoCloseable
                || entity instanceof javax.xml.transform.Source;
    }

    /**
     * Whether {@code method} has an entity parameter: one without a JAX-RS annotation
     * ({@code @PathParam}, {@code @Context}, {@code @Suspended}...; others such as {@code @Valid} or
     * {@code @NotNull} do not make it a parameter of another kind). Only such a method can be handed a
     * decoded body, so only it needs this closer: the others save a filter and an interceptor per
     * response.
     */
    public static boolean takesEntity(java.lang.reflect.Method method) {
        for (java.lang.annotation.Annotation[] annotations : method.getParameterAnnotations()) {
            boolean jaxrs = false;
            for (java.lang.annotation.Annotation a : annotations) {
                jaxrs |= a.annotationType().getName().startsWith("jakarta.ws.rs.");
            }
            if (!jaxrs) {
                return true;
            }
        }
        return false;
    }

    static void closeWhenDone(InterceptorContext context, InputStream body) {
        context.setProperty(RequestProperties.DECODED_BODY, body);
    }

    static void closeQuietly(InputStream body) {
        try {
            body.close();
        } catch (IOException | RuntimeException e) {
            // The body is finished with; a failing close (a client that hung up) changes nothing.
            LOG.log(System.Logger.Level.DEBUG, "closing a decoded request body failed: {0}", e.toString());
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        int status = response.getStatus();
        if (!response.hasEntity() || status == 204 || status == 304 || "HEAD".equals(request.getMethod())) {
            close(request.getProperty(RequestProperties.DECODED_BODY));
            request.removeProperty(RequestProperties.DECODED_BODY);
        }
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        try {
            context.proceed();
        } finally {
            Object body = context.getProperty(RequestProperties.DECODED_BODY);
            if (body != null) {
                context.removeProperty(RequestProperties.DECODED_BODY);
                close(body);
            }
        }
    }

    private static void close(Object body) {
        if (body instanceof InputStream in) {
            closeQuietly(in);
        }
    }
}
