package dev.restcompress.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.config.CompressionSettings;
import dev.restcompress.server.ServerTestSupport;
import dev.restcompress.testing.TestServerExtension;
import java.util.Map;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.resteasy.client.jaxrs.ResteasyClient;
import org.jboss.resteasy.client.jaxrs.ResteasyWebTarget;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

/** The client feature against a real server: Accept-Encoding, response decoding, request encoding. */
@Timeout(60)
class ClientFeatureTest {
    @RegisterExtension
    static final TestServerExtension server = ServerTestSupport.extension(false, Map.of());
    Client client;



    @AfterEach
    void closeClient() {
        if (client != null) {
            client.close();
        }
    }

    /** Records what went over the wire, before our interceptors touch the response. */
    static final class WireSpy implements jakarta.ws.rs.client.ClientResponseFilter {
        final AtomicReference<String> contentEncoding = new AtomicReference<>();
        final AtomicReference<String> acceptEncoding = new AtomicReference<>();

        @Override
        public void filter(jakarta.ws.rs.client.ClientRequestContext req, jakarta.ws.rs.client.ClientResponseContext res) {
            acceptEncoding.set(req.getHeaderString("Accept-Encoding"));
            contentEncoding.set(res.getHeaderString("Content-Encoding"));
        }
    }

    @Test
    void advertisesAndDecodesResponses() {
        WireSpy spy = new WireSpy();
        client = ClientBuilder.newClient().register(RestCompressClientFeature.class).register(spy);
        byte[] body = client.target(server.uri("data/30000")).request().get(byte[].class);
        assertArrayEquals(ServerTestSupport.payload(30000), body);
        assertEquals("zstd, lzf, br, gzip", spy.acceptEncoding.get());
        assertEquals("lzf", spy.contentEncoding.get());
    }

    @Test
    void decodedResponseHidesTheCodingHeaders() {
        client = ClientBuilder.newClient().register(RestCompressClientFeature.class);
        try (Response r = client.target(server.uri("data/30000")).request().header("Accept-Encoding", "gzip").get()) {
            byte[] body = r.readEntity(byte[].class);
            assertArrayEquals(ServerTestSupport.payload(30000), body);
            assertNull(r.getHeaderString("Content-Encoding"));
        }
    }

    @Test
    void acceptEncodingIsConfigurable() {
        WireSpy spy = new WireSpy();
        client = ClientBuilder.newClient().property(CompressionSettings.CLIENT_ACCEPT_ENCODING, "gzip")
                .register(RestCompressClientFeature.class).register(spy);
        assertArrayEquals(ServerTestSupport.payload(5000),
                client.target(server.uri("data/5000")).request().get(byte[].class));
        assertEquals("gzip", spy.contentEncoding.get());
    }

    @Test
    void compressesRequestBodiesWhenAskedByProperty() {
        client = ClientBuilder.newClient().register(RestCompressClientFeature.class);
        byte[] data = ServerTestSupport.payload(40000);
        byte[] echoed = client.target(server.uri("echo")).request()
                .property(CompressionSettings.CLIENT_REQUEST_CODING, "lzf")
                .post(Entity.entity(data, MediaType.APPLICATION_OCTET_STREAM), byte[].class);
        assertArrayEquals(data, echoed);
        assertEquals("lzf", ServerTestSupport.lastRequestContentEncoding());
    }

    @Test
    void clientWideRequestCoding() {
        WireSpy spy = new WireSpy();
        client = ClientBuilder.newClient().property(CompressionSettings.CLIENT_REQUEST_CODING, "gzip")
                .register(RestCompressClientFeature.class).register(spy);
        byte[] data = ServerTestSupport.payload(40000);
        byte[] echoed = client.target(server.uri("echo")).request()
                .post(Entity.entity(data, MediaType.APPLICATION_OCTET_STREAM), byte[].class);
        assertArrayEquals(data, echoed);
        assertEquals("gzip", ServerTestSupport.lastRequestContentEncoding());
    }

    @Test
    void requestDecodingTakesEveryCodingTheServerHas() {
        client = ClientBuilder.newClient().register(RestCompressClientFeature.class);
        try (Response r = client.target(server.uri("echo-string")).request()
                .property(CompressionSettings.CLIENT_REQUEST_CODING, "gzip")
                .post(Entity.entity("hello", MediaType.TEXT_PLAIN))) {
            // echo-string offers only @LZF, but request decoding takes every coding the server has
            assertEquals(200, r.getStatus());
            assertEquals("gzip", ServerTestSupport.lastRequestContentEncoding());
            assertEquals("hello", r.readEntity(String.class));
        }
    }

    @Test
    void proxyParameterAnnotations() {
        client = ClientBuilder.newClient().register(RestCompressClientFeature.class);
        ResteasyWebTarget target = ((ResteasyClient) client).target(server.base());
        TestApi api = target.proxy(TestApi.class);
        byte[] data = ServerTestSupport.payload(25000);
        assertArrayEquals(data, api.echoLzf(data));
        assertEquals("lzf", ServerTestSupport.lastRequestContentEncoding());
        assertArrayEquals(data, api.echoGzipParam(data));
        assertEquals("gzip", ServerTestSupport.lastRequestContentEncoding());
        assertArrayEquals(ServerTestSupport.payload(9000), api.data(9000));
    }

    @Test
    void unknownRequestCodingFailsBeforeSending() {
        client = ClientBuilder.newClient().register(RestCompressClientFeature.class);
        ProcessingException e = assertThrows(ProcessingException.class, () -> client.target(server.uri("echo"))
                .request().property(CompressionSettings.CLIENT_REQUEST_CODING, "xz")
                .post(Entity.entity(new byte[10], MediaType.APPLICATION_OCTET_STREAM), byte[].class));
        assertTrue(String.valueOf(e.getMessage()).contains("xz") || String.valueOf(e.getCause()).contains("xz"),
                String.valueOf(e));
    }

    @Test
    void responseLimitIsEnforced() {
        client = ClientBuilder.newClient().property(CompressionSettings.MAX_DECODED_SIZE, 10_000)
                .register(RestCompressClientFeature.class);
        ProcessingException e = assertThrows(ProcessingException.class,
                () -> client.target(server.uri("data/30000")).request().get(byte[].class));
        assertTrue(ServerTestSupport.hasCause(e, dev.restcompress.codec.DecompressedSizeLimitException.class),
                String.valueOf(e));
    }

    // ---- properties set after register(RestCompressClientFeature.class), before the first request

    /** The message the server gives for {@code key=value}: the client must give the same one. */
    static String serverMessage(String key, Object value) {
        return assertThrows(IllegalArgumentException.class,
                () -> CompressionSettings.from(java.util.Map.<String, Object>of(key, value)::get)).getMessage();
    }

    /** The message of the first IllegalArgumentException in {@code t}'s cause chain. */
    static String settingsFailure(Throwable t) {
        for (int i = 0; t != null && i < 20; i++, t = t.getCause()) {
            if (t instanceof IllegalArgumentException) {
                return t.getMessage();
            }
        }
        return "no IllegalArgumentException in the chain";
    }

    @Test
    void clientPropertiesSetAfterRegisterAreHonoured() {
        WireSpy spy = new WireSpy();
        client = ClientBuilder.newClient().register(RestCompressClientFeature.class).register(spy)
                .property(CompressionSettings.CLIENT_ACCEPT_ENCODING, "gzip")
                .property(CompressionSettings.CLIENT_REQUEST_CODING, "gzip");
        assertArrayEquals(ServerTestSupport.payload(5000),
                client.target(server.uri("data/5000")).request().get(byte[].class));
        assertEquals("gzip", spy.acceptEncoding.get());
        assertEquals("gzip", spy.contentEncoding.get());
        byte[] data = ServerTestSupport.payload(40000);
        assertArrayEquals(data, client.target(server.uri("echo")).request()
                .post(Entity.entity(data, MediaType.APPLICATION_OCTET_STREAM), byte[].class));
        assertEquals("gzip", ServerTestSupport.lastRequestContentEncoding());
    }

    @Test
    void targetPropertiesSetAfterRegisterAreHonoured() {
        client = ClientBuilder.newClient().register(RestCompressClientFeature.class);
        ProcessingException e = assertThrows(ProcessingException.class, () -> client.target(server.uri("data/30000"))
                .property(CompressionSettings.MAX_DECODED_SIZE, 10_000).request().get(byte[].class));
        assertTrue(ServerTestSupport.hasCause(e, dev.restcompress.codec.DecompressedSizeLimitException.class),
                String.valueOf(e));
    }

    @Test
    void anInvalidPropertySetAfterRegisterFailsTheFirstRequestWithTheServersMessage() {
        client = ClientBuilder.newClient().register(RestCompressClientFeature.class)
                .property(CompressionSettings.MAX_DECODED_SIZE, "-5");
        ProcessingException e = assertThrows(ProcessingException.class,
                () -> client.target(server.uri("data/3000")).request().get(byte[].class));
        assertEquals(serverMessage(CompressionSettings.MAX_DECODED_SIZE, "-5"), settingsFailure(e));
        // ... and every later request, until it is fixed: nothing was fixed from the invalid value.
        ProcessingException again = assertThrows(ProcessingException.class,
                () -> client.target(server.uri("data/3000")).request().get(byte[].class));
        assertEquals(serverMessage(CompressionSettings.MAX_DECODED_SIZE, "-5"), settingsFailure(again));
    }

    @Test
    void anInvalidPropertySetBeforeRegisterFailsAtTheLatestAtTheFirstRequest() {
        RuntimeException e = assertThrows(RuntimeException.class, () -> {
            client = ClientBuilder.newClient().property(CompressionSettings.REQUEST_DECODING, "some");
            client.register(RestCompressClientFeature.class);
            client.target(server.uri("data/3000")).request().get(byte[].class);
        });
        assertEquals(serverMessage(CompressionSettings.REQUEST_DECODING, "some"), settingsFailure(e));
    }
}
