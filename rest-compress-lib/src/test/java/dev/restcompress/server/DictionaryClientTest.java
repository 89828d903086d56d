package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.client.RestCompressClientFeature;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.testing.TestServerExtension;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Our client against our server with shared dictionaries, both directions, static and delta. */
@Timeout(60)
class DictionaryClientTest {
    @RegisterExtension
    static final TestServerExtension SERVER = TestServerExtension.of(Set.of(DictionaryResource.class), Map.of());

    final RestCompressClientFeature feature = new RestCompressClientFeature();
    final Wire wire = new Wire();
    Client client;

    /** Records the wire: the request's announcement and the response coding before our decoding. */
    static final class Wire implements ClientResponseFilter {
        final AtomicReference<String> responseCoding = new AtomicReference<>();
        final AtomicReference<String> availableDictionary = new AtomicReference<>();

        @Override
        public void filter(ClientRequestContext req, ClientResponseContext res) {
            availableDictionary.set(req.getHeaderString("Available-Dictionary"));
            responseCoding.set(res.getHeaderString("Content-Encoding"));
        }
    }

    @AfterEach
    void checkClient() throws InterruptedException {
        if (client != null) {
            client.close();
            TestServerExtension.assertNothingOutstanding(feature.registry());
        }
    }

    Client client() {
        // The spy's filter runs before ours (response filters descend).
        client = ClientBuilder.newClient().register(feature).register(wire, Priorities.USER);
        return client;
    }

    @Test
    void staticDictionaryBothWays() {
        Client c = client();
        String order = DictionaryResource.order(3);
        // Before the client holds the dictionary: ordinary coding, no announcement.
        assertEquals(order, c.target(SERVER.uri("dict/orders/3")).request().get(String.class));
        assertNull(wire.availableDictionary.get());
        byte[] dict = c.target(SERVER.uri("_dictionaries/orders")).request().get(byte[].class);
        assertEquals(dict.length, feature.dictionaries().bytes());
        assertEquals(order, c.target(SERVER.uri("dict/orders/3")).request().get(String.class));
        assertEquals("dcz", wire.responseCoding.get());
        assertTrue(wire.availableDictionary.get().startsWith(":"));

        String body = DictionaryResource.order(11);
        String echoed = c.target(SERVER.uri("dict/orders/echo")).request()
                .property(CompressionSettings.CLIENT_REQUEST_CODING, "dcz")
                .post(Entity.entity(body, MediaType.APPLICATION_JSON), String.class);
        assertEquals("dcz:" + body.length() + ":" + body, echoed, "the server received dcz and decoded it");
    }

    @Test
    void dcbResponsesDecodeToo() {
        Client c = client();
        c.target(SERVER.uri("_dictionaries/orders")).request().get(byte[].class);
        String order = DictionaryResource.order(4);
        assertEquals(order, c.target(SERVER.uri("dict/orders/4")).request().header("Accept-Encoding", "gzip, dcz;q=0.1, dcb")
                .get(String.class));
        assertEquals("dcb", wire.responseCoding.get());
    }

    @Test
    void deltaVersions() {
        Client c = client();
        assertEquals(DictionaryResource.catalogDocument(1), c.target(SERVER.uri("dict/catalog")).queryParam("v", 1)
                .request().get(String.class));
        assertEquals("zstd", wire.responseCoding.get());
        assertEquals(DictionaryResource.catalogDocument(2), c.target(SERVER.uri("dict/catalog")).queryParam("v", 2)
                .request().get(String.class));
        assertEquals("dcz", wire.responseCoding.get());
        assertEquals(DictionaryResource.catalogDocument(3), c.target(SERVER.uri("dict/catalog")).queryParam("v", 3)
                .request().get(String.class));
        assertEquals("dcz", wire.responseCoding.get(), "against version 2, which replaced version 1");
    }

    @Test
    void aRequestCodingWithoutDictionaryFallsBackToItsBaseCoding() {
        Client c = client();
        String body = DictionaryResource.order(12);
        String echoed = c.target(SERVER.uri("dict/orders/echo")).request()
                .property(CompressionSettings.CLIENT_REQUEST_CODING, "dcb")
                .post(Entity.entity(body, MediaType.APPLICATION_JSON), String.class);
        assertEquals("br:" + body.length() + ":" + body, echoed);
    }
}
