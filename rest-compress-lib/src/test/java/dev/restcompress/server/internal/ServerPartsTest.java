package dev.restcompress.server.internal;

import dev.restcompress.server.RestCompressFeature;
import dev.restcompress.server.internal.runtime.CompressionBinder;
import dev.restcompress.codec.StreamCounters;
import dev.restcompress.testing.Codecs;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.DecompressedSizeLimitException;
import dev.restcompress.codec.DecompressionException;
import dev.restcompress.codec.MalformedInputException;
import dev.restcompress.io.BufferPool;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** The server's small parts in memory: error mapping and its log line, plans, the interceptor, the feature. */
public class ServerPartsTest {
    /** Records what one java.util.logging logger (the System.Logger backend) receives. */
    public static final class Recorder extends Handler implements AutoCloseable {
        public final List<LogRecord> records = new ArrayList<>();
        final Logger logger;
        final Level previous;

        public Recorder(String name) {
            logger = Logger.getLogger(name);
            previous = logger.getLevel();
            logger.setLevel(Level.ALL);
            logger.addHandler(this);
        }

        @Override public synchronized void publish(LogRecord r) {
            records.add(r);
        }

        @Override public void flush() { }

        @Override public void close() {
            logger.removeHandler(this);
            logger.setLevel(previous);
        }

        public synchronized String only() {
            assertEquals(1, records.size(), "log records: " + records.size());
            LogRecord r = records.get(0);
            assertNull(r.getThrown(), "no stack trace for client-controlled input");
            return java.text.MessageFormat.format(r.getMessage(), r.getParameters());
        }
    }

    @Test
    void decodingFailuresMapTo400And413WithOneLogLine() {
        try (Recorder log = new Recorder(DecodingErrors.class.getName())) {
            Response r = DecodingErrors.toResponse(new MalformedInputException("lzf", 7, null));
            assertEquals(400, r.getStatus());
            assertTrue(log.only().startsWith("rejected request body: 400"), log.only());
        }
        try (Recorder log = new Recorder(DecodingErrors.class.getName())) {
            assertEquals(413, DecodingErrors.toResponse(new DecompressedSizeLimitException("gzip", 10)).getStatus());
            assertTrue(log.only().startsWith("rejected request body: 413"), log.only());
        }
        try (Recorder log = new Recorder(DecodingErrors.class.getName())) {
            Response r = DecodingErrors.unsupportedCoding("xz", List.of("lzf", "gzip")).getResponse();
            assertEquals(415, r.getStatus());
            assertEquals("lzf, gzip", r.getHeaderString("Accept-Encoding"));
            assertEquals("rejected request body: 415 unsupported Content-Encoding xz", log.only());
        }
    }

    @Test
    void theDecodingFailureIsFoundUpTo16LevelsDeep() {
        DecompressionException cause = new MalformedInputException("lzf", 0, null);
        assertSame(cause, DecodingErrors.findCause(cause));
        Throwable t = cause;
        for (int depth = 1; depth < 16; depth++) {
            t = new RuntimeException(t);
        }
        assertSame(cause, DecodingErrors.findCause(t), "at depth 15");
        assertNull(DecodingErrors.findCause(new IOException(t)), "at depth 16 the search stops");
        assertNull(DecodingErrors.findCause(new UncheckedIOException(new IOException("other"))));
        assertNull(DecodingErrors.findCause(null));
    }

    @Test
    void everyPlanKnowsItsIdentityAndFlushMode() {
        MethodPolicy policy = new MethodPolicy(List.of("lzf"), Map.of("lzf", Codecs.of("lzf")), 5, 6, 7);
        EncodingPlan[] plans = policy.plans(BodyObserver.Encode.NONE).get("lzf");
        for (boolean identity : new boolean[] {false, true}) {
            for (boolean flush : new boolean[] {false, true}) {
                EncodingPlan p = plans[MethodPolicy.planIndex(identity, flush)];
                assertEquals(identity, p.identityAcceptable());
                assertEquals(flush, p.honorFlush());
                assertEquals(5, p.threshold());
                assertEquals(6, p.oneShotLimit());
                assertEquals(7, p.maxDeclaredLength());
            }
        }
    }

    /** A WriterInterceptorContext whose proceed() writes an entity to the current stream. */
    static WriterInterceptorContext context(Map<String, Object> properties, OutputStream[] stream,
            MultivaluedMap<String, Object> headers, byte[] entity) {
        return (WriterInterceptorContext) Proxy.newProxyInstance(ServerPartsTest.class.getClassLoader(),
                new Class<?>[] {WriterInterceptorContext.class}, (proxy, m, args) -> switch (m.getName()) {
                    case "getProperty" -> properties.get((String) args[0]);
                    case "removeProperty" -> properties.remove((String) args[0]);
                    case "getOutputStream" -> stream[0];
                    case "setOutputStream" -> {
                        stream[0] = (OutputStream) args[0];
                        yield null;
                    }
                    case "getHeaders" -> headers;
                    case "getEntity" -> entity;
                    case "getMediaType" -> null;
                    case "proceed" -> {
                        stream[0].write(entity);
                        yield null;
                    }
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    @Test
    void theInterceptorEncodesOnceAndRestoresTheStream() throws IOException {
        BufferPool pool = new BufferPool(1 << 20, 2);
        ResponseEncodingInterceptor interceptor = new ResponseEncodingInterceptor(pool, new StreamCounters());
        byte[] entity = "hello hello hello hello ".repeat(200).getBytes();
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        OutputStream[] stream = {wire};
        Map<String, Object> properties = new HashMap<>();
        properties.put(RequestProperties.RESPONSE_CODING, new EncodingPlan(Codecs.of("lzf"), true, 10, 1 << 20, Integer.MAX_VALUE, false));
        MultivaluedMap<String, Object> headers = new MultivaluedHashMap<>();
        interceptor.aroundWriteTo(context(properties, stream, headers, entity));
        assertSame(wire, stream[0], "the container's stream is put back");
        assertNull(properties.get(RequestProperties.RESPONSE_CODING), "the plan is used once");
        assertEquals("lzf", headers.getFirst("Content-Encoding"));
        try (InputStream in = Codecs.of("lzf").decompressingStream(new ByteArrayInputStream(wire.toByteArray()), 1 << 20)) {
            assertArrayEquals(entity, in.readAllBytes());
        }
        assertEquals(0, pool.outstanding());
        // Writing through the interceptor again (no plan left) passes the entity through unencoded.
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        OutputStream[] second = {again};
        interceptor.aroundWriteTo(context(properties, second, new MultivaluedHashMap<>(), entity));
        assertArrayEquals(entity, again.toByteArray());
    }

    @Test
    void theFeatureRegistersItsProvidersAndSaysSoOnce() {
        List<Object> registered = new ArrayList<>();
        Configuration config = (Configuration) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Configuration.class}, (p, m, a) -> switch (m.getName()) {
                    case "getProperties" -> Map.of();
                    case "getPropertyNames" -> java.util.Set.of();
                    case "isRegistered" -> false;
                    default -> null;
                });
        FeatureContext[] self = new FeatureContext[1];
        self[0] = (FeatureContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {FeatureContext.class},
                (p, m, a) -> {
                    if (m.getName().equals("getConfiguration")) {
                        return config;
                    }
                    if (m.getName().equals("register")) {
                        registered.add(a[0]);
                        return self[0];
                    }
                    if (m.getName().equals("property")) {
                        return self[0]; // the binder keeps itself in the configuration
                    }
                    throw new UnsupportedOperationException(m.getName());
                });
        RestCompressFeature feature = new RestCompressFeature();
        try (Recorder log = new Recorder(RestCompressFeature.class.getName())) {
            assertTrue(feature.configure(self[0]), "the feature is enabled");
            assertTrue(log.only().startsWith("rest-compress server: codings "), log.only());
        }
        assertTrue(registered.stream().anyMatch(o -> o instanceof CompressionBinder), registered.toString());
        assertTrue(registered.stream().anyMatch(o -> o instanceof DecodingErrors.DecompressionExceptionMapper), registered.toString());
        assertTrue(feature.registry().codings().contains("lzf"));
    }
}
