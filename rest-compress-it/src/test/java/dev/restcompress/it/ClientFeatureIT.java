package dev.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.restcompress.annotation.EncodeRequest;
import dev.restcompress.client.RestCompressClientFeature;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.Payloads;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.client.WebTarget;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.lang.annotation.Annotation;
import java.net.URL;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The JAX-RS client with {@link RestCompressClientFeature} against the deployed WAR: responses are
 * decoded transparently, request bodies are compressed when asked. A response filter (which runs
 * before the feature's decoding) records what was on the wire, so the tests prove the bytes really
 * travelled encoded.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClientFeatureIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war("client-feature");
    }

    @ArquillianResource
    URL base;

    private final AtomicReference<String> wireCoding = new AtomicReference<>();
    private Client client;

    /** Records the response's {@code Content-Encoding} as received. */
    private final class WireCoding implements ClientResponseFilter {
        @Override
        public void filter(ClientRequestContext request, ClientResponseContext response) {
            String coding = response.getHeaderString(HttpHeaders.CONTENT_ENCODING);
            wireCoding.set(coding == null ? "none" : coding);
        }
    }

    @BeforeEach
    void createClient() {
        client = newClient(null);
    }

    @AfterEach
    void closeClient() {
        client.close();
    }

    private Client newClient(String defaultRequestCoding) {
        ClientBuilder b = ClientBuilder.newBuilder()
                .connectTimeout(5, TimeUnit.SECONDS)
                .readTimeout(20, TimeUnit.SECONDS);
        if (defaultRequestCoding != null) {
            b.property(CompressionSettings.CLIENT_REQUEST_CODING, defaultRequestCoding);
        }
        return b.build().register(RestCompressClientFeature.class).register(new WireCoding());
    }

    private WebTarget target(Client c, String path) throws Exception {
        return c.target(Deployments.applicationRoot(base).resolve(path));
    }

    @Test
    void lzfResponseIsDecodedTransparently() throws Exception {
        try (Response r = target(client, "contract/text").queryParam("size", 100_000).request().get()) {
            assertEquals(200, r.getStatus());
            assertEquals("lzf", wireCoding.get(), "the feature advertises lzf and the server prefers it");
            assertEquals(Payloads.textString(100_000), r.readEntity(String.class));
        }
    }

    @Test
    void decodedResponseNoLongerShowsTheCodingHeaders() throws Exception {
        try (Response r = target(client, "contract/text").queryParam("size", 100_000).request().get()) {
            assertEquals(Payloads.textString(100_000), r.readEntity(String.class));
            assertEquals("lzf", wireCoding.get());
            // The decoder runs when the entity is read, and promises to remove the coding headers.
            assertAll(
                    () -> assertNull(r.getHeaderString(HttpHeaders.CONTENT_ENCODING), "callers see a plain body"),
                    () -> assertNull(r.getHeaderString(HttpHeaders.CONTENT_LENGTH),
                            "the wire length is not the body's"));
        }
    }

    @Test
    void gzipResponseIsDecodedTransparently() throws Exception {
        try (Response r = target(client, "contract/gzip-only").queryParam("size", 100_000).request().get()) {
            assertEquals(200, r.getStatus());
            assertEquals("gzip", wireCoding.get());
            assertEquals(Payloads.textString(100_000), r.readEntity(String.class));
        }
    }

    @Test
    void streamingResponseIsDecodedTransparently() throws Exception {
        try (Response r = target(client, "contract/stream").queryParam("parts", 3).queryParam("size", 20_000)
                .request().get()) {
            assertEquals(200, r.getStatus());
            assertEquals("lzf", wireCoding.get());
            byte[] expected = new byte[60_000];
            for (int i = 0; i < 3; i++) {
                System.arraycopy(Payloads.text(20_000, i), 0, expected, i * 20_000, 20_000);
            }
            assertArrayEquals(expected, r.readEntity(byte[].class));
        }
    }

    @Test
    void roundTripWithRequestPropertyCompressesRequestAndDecodesResponse() throws Exception {
        byte[] plain = Payloads.text(50_000, 21);
        try (Response r = target(client, "contract/echo").request()
                .property(CompressionSettings.CLIENT_REQUEST_CODING, "lzf")
                .post(Entity.entity(plain, MediaType.APPLICATION_OCTET_STREAM_TYPE))) {
            assertEquals(200, r.getStatus(), () -> r.readEntity(String.class));
            assertEquals("lzf", r.getHeaderString(ContractResource.SEEN), "the request body travelled LZF-encoded");
            assertEquals(Integer.toString(plain.length), r.getHeaderString(ContractResource.LENGTH));
            assertEquals("lzf", wireCoding.get(), "the response travelled LZF-encoded");
            assertArrayEquals(plain, r.readEntity(byte[].class));
        }
    }

    @Test
    void encodeRequestAnnotationOnTheEntityCompressesWithGzip() throws Exception {
        byte[] plain = Payloads.text(50_000, 22);
        Annotation[] annotations = {gzipRequest()};
        try (Response r = target(client, "contract/echo").request()
                .post(Entity.entity(plain, MediaType.APPLICATION_OCTET_STREAM_TYPE, annotations))) {
            assertEquals(200, r.getStatus(), () -> r.readEntity(String.class));
            assertEquals("gzip", r.getHeaderString(ContractResource.SEEN));
            assertArrayEquals(plain, r.readEntity(byte[].class));
        }
    }

    @Test
    void clientWideRequestCodingApplies() throws Exception {
        byte[] plain = Payloads.text(30_000, 23);
        try (Client lzfClient = newClient("lzf");
                Response r = target(lzfClient, "contract/echo").request()
                        .post(Entity.entity(plain, MediaType.APPLICATION_OCTET_STREAM_TYPE))) {
            assertEquals(200, r.getStatus(), () -> r.readEntity(String.class));
            assertEquals("lzf", r.getHeaderString(ContractResource.SEEN));
            assertArrayEquals(plain, r.readEntity(byte[].class));
        }
    }

    @Test
    void withoutAskingTheRequestBodyIsSentPlain() throws Exception {
        byte[] plain = Payloads.text(30_000, 24);
        try (Response r = target(client, "contract/echo").request()
                .post(Entity.entity(plain, MediaType.APPLICATION_OCTET_STREAM_TYPE))) {
            assertEquals(200, r.getStatus());
            assertEquals("none", r.getHeaderString(ContractResource.SEEN));
            assertArrayEquals(plain, r.readEntity(byte[].class));
        }
    }

    @EncodeRequest("gzip")
    private static void gzipMarker() {
    }

    private static EncodeRequest gzipRequest() throws NoSuchMethodException {
        return ClientFeatureIT.class.getDeclaredMethod("gzipMarker").getAnnotation(EncodeRequest.class);
    }
}
