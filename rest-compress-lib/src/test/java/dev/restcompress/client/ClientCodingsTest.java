package dev.restcompress.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.config.CompressionSettings;
import dev.restcompress.server.CodingsTestApplication;
import dev.restcompress.server.ServerTestSupport;
import dev.restcompress.testing.TestServerExtension;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The client feature with every coding: it advertises zstd and br, decodes them, and sends them. */
@Timeout(60)
class ClientCodingsTest {
    @RegisterExtension
    static final TestServerExtension server = ServerTestSupport.extension(true, Map.of());
    Client client;



    @AfterEach
    void closeClient() {
        if (client != null) {
            client.close();
        }
    }

    @Test
    void advertisesEveryCodingInPreferenceOrder() {
        ClientFeatureTest.WireSpy spy = new ClientFeatureTest.WireSpy();
        client = ClientBuilder.newClient().register(RestCompressClientFeature.class).register(spy);
        byte[] body = client.target(server.uri("all/30000")).request().get(byte[].class);
        assertArrayEquals(ServerTestSupport.payload(30000), body);
        String advertised = spy.acceptEncoding.get();
        for (String coding : new String[] {"zstd", "br", "lzf", "gzip"}) {
            assertTrue(advertised.contains(coding), advertised);
        }
        String first = CompressionSettings.fromSystemProperties().preference().get(0);
        assertTrue(advertised.startsWith(first), advertised);
        assertEquals(first, spy.contentEncoding.get());
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "br"})
    void decodesEachCoding(String coding) {
        ClientFeatureTest.WireSpy spy = new ClientFeatureTest.WireSpy();
        client = ClientBuilder.newClient().property(CompressionSettings.CLIENT_ACCEPT_ENCODING, coding)
                .register(RestCompressClientFeature.class).register(spy);
        assertArrayEquals(ServerTestSupport.payload(40000),
                client.target(server.uri("all/40000")).request().get(byte[].class));
        assertEquals(coding, spy.contentEncoding.get());
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "br"})
    void encodesRequestBodies(String coding) {
        client = ClientBuilder.newClient().register(RestCompressClientFeature.class);
        byte[] data = ServerTestSupport.payload(40000);
        byte[] echoed = client.target(server.uri("echo")).request()
                .property(CompressionSettings.CLIENT_REQUEST_CODING, coding)
                .post(Entity.entity(data, MediaType.APPLICATION_OCTET_STREAM), byte[].class);
        assertArrayEquals(data, echoed);
        assertEquals(coding, ServerTestSupport.lastRequestContentEncoding());
    }
}
