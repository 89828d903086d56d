package dev.restcompress.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.StreamCounters;
import dev.restcompress.io.BufferPool;
import dev.restcompress.io.PooledResources;
import dev.restcompress.server.RestCompressFeature;
import jakarta.ws.rs.core.Application;
import java.net.URI;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test server for a test class, and the leak check after each of its tests. Register it as a
 * static field:
 * <pre>{@code
 * @RegisterExtension
 * static final TestServerExtension SERVER = TestServerExtension.of(Set.of(MyResource.class), Map.of());
 * }</pre>
 * It starts an embedded server (127.0.0.1, free port) with the given resources and a
 * {@link RestCompressFeature} instance before the first test and stops it after the last. After
 * every test it waits (at most 10 s, for requests still unwinding) until nothing is outstanding, then
 * asserts: no pooled buffer lent out, no pooled codec context lent out, and every streaming decoder
 * and encoder the server opened was closed by its owner (none left to the garbage collector).
 */
public final class TestServerExtension implements BeforeAllCallback, AfterAllCallback, AfterEachCallback {
    private final Set<Class<?>> resources;
    private final Map<String, Object> properties;
    private final RestCompressFeature feature = new RestCompressFeature();
    private TestServer server;

    private TestServerExtension(Set<Class<?>> resources, Map<String, Object> properties) {
        this.resources = Set.copyOf(resources);
        this.properties = Map.copyOf(properties);
    }

    /** A server with these resource classes and {@code rest-compress.*} properties. */
    public static TestServerExtension of(Set<Class<?>> resources, Map<String, Object> properties) {
        return new TestServerExtension(resources, properties);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        server = TestServer.start(new Application() {
            @Override
            public Set<Class<?>> getClasses() {
                return resources;
            }

            @Override
            public Set<Object> getSingletons() {
                return Set.of(feature);
            }

            @Override
            public Map<String, Object> getProperties() {
                return properties;
            }
        });
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        assertNothingOutstanding(registry());
    }

    /** The codecs (and their stream counters) of the server's feature. */
    public CodecRegistry registry() {
        return feature.registry();
    }

    /** What the server's feature counted, and its adaptive state. */
    public dev.restcompress.server.CompressionStatistics statistics() {
        return feature.statistics();
    }

    /** The server's root URI. */
    public URI base() {
        return server.base();
    }

    /** The server's URI for a path relative to its root. */
    public URI uri(String path) {
        return server.uri(path);
    }

    /**
     * Waits (bounded: 10 s) until no pooled buffer, no pooled codec context and no streaming decoder
     * or encoder of {@code registry} is outstanding, then asserts it, and that the garbage collector
     * had to free none of them.
     */
    public static void assertNothingOutstanding(CodecRegistry registry) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (outstanding(registry) != 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        StreamCounters streams = registry.streams();
        assertEquals(0, BufferPool.shared().outstanding(), "pooled buffers lent out");
        assertEquals(0, pooledContexts(registry), "pooled codec contexts lent out: " + registry);
        assertEquals(0, streams.outstanding(), "streams left open: " + streams);
        assertEquals(0, streams.reclaimed(), "streams freed only by the garbage collector: " + streams);
    }

    private static long outstanding(CodecRegistry registry) {
        return BufferPool.shared().outstanding() + pooledContexts(registry) + registry.streams().outstanding();
    }

    private static int pooledContexts(CodecRegistry registry) {
        int n = 0;
        Set<Object> seen = new HashSet<>();
        for (String c : registry.codings()) {
            if (registry.forCoding(c) instanceof PooledResources p && seen.add(p)) {
                n += p.resourcesInUse();
            }
        }
        return n;
    }
}
