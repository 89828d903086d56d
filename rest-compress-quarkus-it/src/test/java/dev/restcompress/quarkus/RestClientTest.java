package dev.restcompress.quarkus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.client.RestCompressClientFeature;
import dev.restcompress.contract.Wire;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.Payloads;
import dev.restcompress.quarkus.client.CodingsApi;
import dev.restcompress.quarkus.client.RegisteredCodingsApi;
import dev.restcompress.quarkus.client.WireCoding;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.rest.client.RestClientBuilder;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The MicroProfile Rest Client of Quarkus ({@code quarkus-rest-client}) with rest-compress's client
 * feature, against this application's endpoints: every coding the server offers is decoded byte-exact,
 * and the wire really carried it ({@link WireCoding} sees the response before the feature decodes it,
 * and the same request without the client decodes nothing). Two registrations: the README's
 * ({@code register(RestCompressClientFeature.class)} on the builder) and the declarative one
 * ({@code @RegisterProvider} on an injected {@code @RestClient}).
 */
@QuarkusTest
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RestClientTest {
    private static final int SIZE = 100_000;

    @TestHTTPResource("/")
    URL root;

    @Inject
    @RestClient
    RegisteredCodingsApi injected;

    private URI base() throws Exception {
        return root.toURI();
    }

    /**
     * What the server offers: the codings its 415 lists (the ones it decodes, which are the ones it
     * encodes), less the dictionary codings that need a dictionary the client holds.
     */
    private List<String> offered() throws Exception {
        HttpResponse<byte[]> r = new Wire(base()).post("contract/echo", "x-unknown", null, new byte[10]);
        assertEquals(415, r.statusCode());
        List<String> codings = Wire.tokens(r, "Accept-Encoding").stream()
                .filter(c -> !c.equals("dcz") && !c.equals("dcb")).toList();
        assertTrue(codings.containsAll(List.of("gzip", "lzf", "zstd", "br")), "the server offers " + codings);
        return codings;
    }

    /** The server really answers {@code coding} for this request: seen by a client that never decodes. */
    private void assertServerSends(String coding) throws Exception {
        HttpResponse<byte[]> raw = new Wire(base()).get("all-codings/text?size=" + SIZE, coding);
        assertEquals(coding, Wire.header(raw, "Content-Encoding"));
        assertTrue(raw.body().length < SIZE / 3, coding + " should shrink the text, got " + raw.body().length);
    }

    @Test
    void theReadmesRegistrationDecodesEveryCodingTheServerOffers() throws Exception {
        CodingsApi api = RestClientBuilder.newBuilder().baseUri(base()).connectTimeout(5, TimeUnit.SECONDS)
                .readTimeout(20, TimeUnit.SECONDS)
                .register(RestCompressClientFeature.class).register(WireCoding.class).build(CodingsApi.class);
        for (String coding : offered()) {
            assertServerSends(coding);
            assertArrayEquals(Payloads.text(SIZE, 0), api.bytes(SIZE, coding), coding);
            assertEquals(coding, WireCoding.last(), "the response came " + coding + "-coded");
            assertEquals(Payloads.textString(SIZE), api.text(SIZE, coding), coding);
            assertEquals(coding, WireCoding.last());
        }
    }

    @Test
    void anInjectedClientWithRegisterProviderDecodesEveryCodingTheServerOffers() throws Exception {
        for (String coding : offered()) {
            assertArrayEquals(Payloads.text(SIZE, 0), injected.bytes(SIZE, coding), coding);
            assertEquals(coding, WireCoding.last(), "the response came " + coding + "-coded");
        }
    }

    @Test
    void withoutAnAcceptEncodingOfItsOwnTheFeatureAdvertisesAndDecodes() throws Exception {
        assertEquals(Payloads.textString(SIZE), injected.text(SIZE, null));
        assertTrue(!WireCoding.last().equals("none"), "the feature's Accept-Encoding got a coded response, got "
                + WireCoding.last());
    }

    @Test
    void encodeRequestCompressesTheRequestBody() throws Exception {
        byte[] plain = Payloads.text(50_000, 41);
        try (Response r = injected.echoGzip(plain)) {
            assertEquals(200, r.getStatus());
            assertEquals("gzip", r.getHeaderString(ContractResource.SEEN), "the request body travelled gzip-coded");
            assertEquals(Integer.toString(plain.length), r.getHeaderString(ContractResource.LENGTH));
            assertArrayEquals(plain, r.readEntity(byte[].class));
        }
    }

    /** The premise: a Rest Client without the feature does not decode (so the tests above test the feature). */
    @Test
    void withoutTheFeatureTheBodyStaysCoded() throws Exception {
        CodingsApi bare = RestClientBuilder.newBuilder().baseUri(base()).register(WireCoding.class)
                .build(CodingsApi.class);
        byte[] body = bare.bytes(SIZE, "gzip");
        assertEquals("gzip", WireCoding.last());
        assertTrue(body.length < SIZE / 3, "still gzip: " + body.length + " bytes");
        assertArrayEquals(Payloads.text(SIZE, 0), Wire.gunzip(body));
        assertTrue(!new String(body, StandardCharsets.ISO_8859_1).startsWith("{\"id\""));
    }
}
