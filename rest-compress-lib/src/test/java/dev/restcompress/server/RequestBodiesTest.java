package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

/** Which methods can be handed a decoded body, and so get the closer at the end of the request. */
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
}
