package dev.restcompress.server.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.transform.stream.StreamSource;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which methods can be handed a decoded body, and so get the closer at the end of the request; which
 * entities read it later; and that the closer closes the body exactly when the request is done with it.
 */
class RequestBodiesTest {
    @Retention(RetentionPolicy.RUNTIME)
    @interface Validated { }

    @SuppressWarnings("unused")
    static class Resource {
        public void bytes(byte[] body) { }

        public void validatedStream(@Validated InputStream body) { }

        public void pathOnly(@PathParam("id") String id) { }

        public void contextAndAsync(@Context UriInfo uri, @Suspended AsyncResponse response) { }

        public void nothing() { }

        public void pathAndEntity(@PathParam("id") String id, InputStream body) { }
    }

    static boolean takesEntity(String name) {
        for (Method m : Resource.class.getMethods()) {
            if (m.getName().equals(name)) {
                return RequestBodies.takesEntity(m);
            }
        }
        throw new AssertionError(name);
    }

    @Test
    void anEntityParameterIsOneWithoutAJaxRsAnnotation() {
        assertEquals(true, takesEntity("bytes"));
        assertEquals(true, takesEntity("validatedStream"), "a validation annotation does not hide the entity");
        assertEquals(true, takesEntity("pathAndEntity"));
        assertEquals(false, takesEntity("pathOnly"));
        assertEquals(false, takesEntity("contextAndAsync"));
        assertEquals(false, takesEntity("nothing"));
    }

    @Test
    void streamsReadersClosablesAndSourcesReadTheBodyLater() {
        assertTrue(RequestBodies.readsLater(new ByteArrayInputStream(new byte[0])));
        assertTrue(RequestBodies.readsLater(new StringReader("")));
        assertTrue(RequestBodies.readsLater(Stream.of("a")), "any AutoCloseable may hold the body");
        assertTrue(RequestBodies.readsLater(new StreamSource(new StringReader("<a/>"))), "an XML Source is not closable");
        assertFalse(RequestBodies.readsLater(new byte[0]));
        assertFalse(RequestBodies.readsLater("text"));
        assertFalse(RequestBodies.readsLater(Map.of("a", 1)));
        assertFalse(RequestBodies.readsLater(List.of()));
        assertFalse(RequestBodies.readsLater(null));
    }

    /** A decoded body that counts how often it was closed, and may fail doing so. */
    static final class Body extends ByteArrayInputStream {
        final Exception onClose;
        int closes;

        Body(Exception onClose) {
            super(new byte[] {1, 2, 3});
            this.onClose = onClose;
        }

        @Override public void close() throws IOException {
            closes++;
            if (onClose instanceof IOException e) {
                throw e;
            }
            if (onClose instanceof RuntimeException e) {
                throw e;
            }
        }
    }

    static ContainerRequestContext request(String method, Map<String, Object> properties) {
        return (ContainerRequestContext) Proxy.newProxyInstance(RequestBodiesTest.class.getClassLoader(),
                new Class<?>[] {ContainerRequestContext.class}, (p, m, a) -> switch (m.getName()) {
                    case "getMethod" -> method;
                    case "getProperty" -> properties.get((String) a[0]);
                    case "removeProperty" -> properties.remove((String) a[0]);
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    static ContainerResponseContext response(int status, boolean hasEntity) {
        return (ContainerResponseContext) Proxy.newProxyInstance(RequestBodiesTest.class.getClassLoader(),
                new Class<?>[] {ContainerResponseContext.class}, (p, m, a) -> switch (m.getName()) {
                    case "getStatus" -> status;
                    case "hasEntity" -> hasEntity;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    @ParameterizedTest(name = "{0} {1}, entity {2}: closed at the filter {3}")
    @CsvSource({
        "GET,  200, false, true",
        "GET,  204, true,  true",
        "GET,  304, true,  true",
        "HEAD, 200, true,  true",
        "GET,  200, true,  false",
        "POST, 201, true,  false",
        "GET,  203, true,  false",
        "GET,  305, true,  false",
    })
    void withoutAnEntityToWriteTheFilterClosesTheBody(String method, int status, boolean hasEntity, boolean closed) {
        Body body = new Body(null);
        Map<String, Object> properties = new HashMap<>(Map.of(RequestProperties.DECODED_BODY, body));
        new RequestBodies().filter(request(method, properties), response(status, hasEntity));
        assertEquals(closed ? 1 : 0, body.closes, "closes");
        // Left for the writer interceptor when an entity is still to be written; gone once closed.
        assertEquals(closed ? null : body, properties.get(RequestProperties.DECODED_BODY));
    }

    @Test
    void theFilterWithoutADecodedBodyDoesNothing() {
        Map<String, Object> properties = new HashMap<>(Map.of(RequestProperties.DECODED_BODY, "not a stream"));
        new RequestBodies().filter(request("GET", properties), response(204, false));
        new RequestBodies().filter(request("GET", new HashMap<>()), response(204, false));
        assertTrue(properties.isEmpty());
    }

    static WriterInterceptorContext writer(Map<String, Object> properties, IOException fails, int[] proceeded) {
        return (WriterInterceptorContext) Proxy.newProxyInstance(RequestBodiesTest.class.getClassLoader(),
                new Class<?>[] {WriterInterceptorContext.class}, (p, m, a) -> switch (m.getName()) {
                    case "getProperty" -> properties.get((String) a[0]);
                    case "removeProperty" -> properties.remove((String) a[0]);
                    case "proceed" -> {
                        // The entity (a StreamingOutput, say) may still read the body while it is written.
                        assertEquals(0, ((Body) properties.get(RequestProperties.DECODED_BODY)).closes, "open while writing");
                        proceeded[0]++;
                        if (fails != null) {
                            throw fails;
                        }
                        yield null;
                    }
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    @Test
    void theBodyIsClosedOnceAfterTheEntityWasWritten() throws IOException {
        Body body = new Body(null);
        Map<String, Object> properties = new HashMap<>(Map.of(RequestProperties.DECODED_BODY, body));
        int[] proceeded = {0};
        RequestBodies closer = new RequestBodies();
        closer.aroundWriteTo(writer(properties, null, proceeded));
        assertEquals(1, proceeded[0]);
        assertEquals(1, body.closes);
        assertNull(properties.get(RequestProperties.DECODED_BODY), "closed once: the property is gone");
    }

    @Test
    void theBodyIsClosedWhenWritingTheEntityFails() {
        Body body = new Body(null);
        Map<String, Object> properties = new HashMap<>(Map.of(RequestProperties.DECODED_BODY, body));
        IOException hungUp = new IOException("client hung up");
        assertSame(hungUp, assertThrows(IOException.class,
                () -> new RequestBodies().aroundWriteTo(writer(properties, hungUp, new int[1]))));
        assertEquals(1, body.closes);
        assertTrue(properties.isEmpty());
    }

    @Test
    void aBodyThatFailsToCloseIsLoggedAtDebugAndForgotten() {
        for (Exception failure : List.of(new IOException("reset"), new IllegalStateException("native context gone"))) {
            Body body = new Body(failure);
            try (ServerPartsTest.Recorder log = new ServerPartsTest.Recorder(RequestBodies.class.getName())) {
                RequestBodies.closeQuietly(body);
                assertEquals(1, body.closes);
                assertTrue(log.only().contains(failure.toString()), log.only());
                assertEquals(java.util.logging.Level.FINE, log.records.get(0).getLevel(), "DEBUG, not WARNING");
            }
        }
    }
}
