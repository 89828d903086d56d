package dev.restcompress.server.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.ext.RuntimeDelegate;
import java.lang.reflect.Proxy;
import java.util.Map;
import org.glassfish.jersey.fake.FakeJerseyRuntimeDelegate;
import org.junit.jupiter.api.Test;

/**
 * How much Content-Length the runtime lets us declare: unbounded on RESTEasy (this test class path),
 * Jersey's buffer size on Jersey (a stand-in RuntimeDelegate from an org.glassfish.jersey package).
 */
public class RuntimeFramingTest {
    static Configuration config(Map<String, Object> properties) {
        return (Configuration) Proxy.newProxyInstance(RuntimeFramingTest.class.getClassLoader(),
                new Class<?>[] {Configuration.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getProperty")) {
                        return properties.get((String) args[0]);
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void resteasyHonoursEveryLength() {
        assertEquals(Integer.MAX_VALUE, RuntimeFraming.maxDeclaredLength(config(Map.of())));
        assertEquals(Integer.MAX_VALUE, RuntimeFraming.maxDeclaredLength(
                config(Map.of(RuntimeFraming.JERSEY_BUFFER_PROPERTY, "100"))));
    }

    @Test
    void jerseyDeclaresWithinItsBufferOnly() {
        RuntimeDelegate resteasy = RuntimeDelegate.getInstance();
        RuntimeDelegate.setInstance(new FakeJerseyRuntimeDelegate());
        try {
            assertEquals(8192, RuntimeFraming.maxDeclaredLength(null));
            assertEquals(8192, RuntimeFraming.maxDeclaredLength(config(Map.of())));
            assertEquals(100, RuntimeFraming.maxDeclaredLength(
                    config(Map.of(RuntimeFraming.JERSEY_BUFFER_PROPERTY, " 100 "))));
            assertEquals(0, RuntimeFraming.maxDeclaredLength(
                    config(Map.of(RuntimeFraming.JERSEY_BUFFER_PROPERTY, -5))));
            assertEquals(8192, RuntimeFraming.maxDeclaredLength(
                    config(Map.of(RuntimeFraming.JERSEY_BUFFER_PROPERTY, "lots"))));
        } finally {
            RuntimeDelegate.setInstance(resteasy);
        }
        assertEquals(Integer.MAX_VALUE, RuntimeFraming.maxDeclaredLength(config(Map.of())));
    }
}
