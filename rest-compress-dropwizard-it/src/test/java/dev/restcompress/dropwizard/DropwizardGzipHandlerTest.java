package dev.restcompress.dropwizard;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.contract.ContainerCompressionContract;
import dev.restcompress.contract.EntityReaderContract;
import dev.restcompress.contract.HttpContract;
import dev.restcompress.contract.Wire;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.Payloads;
import io.dropwizard.core.Configuration;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.net.URI;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Dropwizard as it comes: its gzip handler on ({@code server.gzip.enabled: true}, the default), so Jetty
 * inflates gzip request bodies before Jersey and the library sees them unencoded. The decoded-size limit
 * must still win for every entity reader ({@link EntityReaderContract}: the 256 MiB whitespace bomb was a
 * {@code null} entity and a 500 here, {@code [} and 20 MB of whitespace Dropwizard's 400 "Unable to
 * process JSON"), and a corrupt gzip body is the library's 400, not a 500.
 */
class DropwizardGzipHandlerTest implements EntityReaderContract, ContainerCompressionContract {
    @RegisterExtension
    static final DropwizardAppExtension<Configuration> APP = new DropwizardAppExtension<>(
            ContractApplication.class, "contract.yml",
            ConfigOverride.config("server.gzip.enabled", "true"));

    @Override
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + APP.getLocalPort() + "/");
    }

    /** With Jersey's length buffer off (for flushes) Jersey frames bodies itself, as on Jersey's own server. */
    @Override
    public boolean declaresLength() {
        return false;
    }

    /**
     * Jetty's GzipHandler compresses any response without a {@code Content-Encoding} above its minimum size
     * ({@code server.gzip.minimumEntitySize}, 256 B): the library's identity below its threshold included.
     */
    @Override
    public String codingBelowThreshold() {
        return "gzip";
    }

    /** And a marked method's cross-site answer: nothing short of a header on the wire tells Jetty otherwise. */
    @Override
    public String codingOfCrossSiteSecret() {
        return "gzip";
    }

    /** The case under test is real: Jersey never sees the gzip coding, Jetty inflated the body. */
    @Test
    void jettyInflatesGzipBodiesBeforeJersey() throws Exception {
        byte[] plain = Payloads.text(30_000, 31);
        HttpResponse<byte[]> r = new Wire(baseUri()).post("contract/echo", "gzip", null, Wire.gzip(plain));
        assertEquals(200, r.statusCode(), () -> new String(r.body()));
        assertEquals("none", Wire.header(r, ContractResource.SEEN), "Jetty's GzipHandler took the coding");
        assertArrayEquals(plain, r.body());
    }

    @Test
    void aBodyJettyInflatedPastTheLimitIs413() throws Exception {
        byte[] bomb = Wire.gzip(new byte[HttpContract.MAX_DECODED_SIZE * 4]);
        HttpResponse<byte[]> r = new Wire(baseUri()).post("contract/plain-echo", "gzip", null, bomb);
        assertEquals(413, r.statusCode(), () -> new String(r.body()));
        byte[] exact = Payloads.text(HttpContract.MAX_DECODED_SIZE, 32);
        HttpResponse<byte[]> ok = new Wire(baseUri()).post("contract/plain-echo", "gzip", null, Wire.gzip(exact));
        assertEquals(200, ok.statusCode(), () -> new String(ok.body()));
        assertArrayEquals(exact, ok.body(), "a body of exactly the limit passes");
    }

    @Test
    void aCorruptBodyJettyFailedToInflateIs400() throws Exception {
        byte[] body = Wire.gzip(Payloads.text(40_000, 33));
        for (int i = 20; i < 60; i++) {
            body[i] ^= 0x5a; // damage the deflate stream after the 10-byte header
        }
        HttpResponse<byte[]> r = new Wire(baseUri()).post("contract/plain-echo", "gzip", null, body);
        assertEquals(400, r.statusCode(), () -> new String(r.body()));
        assertTrue(new String(r.body()).contains("Request body rejected"), () -> new String(r.body()));
    }
}
