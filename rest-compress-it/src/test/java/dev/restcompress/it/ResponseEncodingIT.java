package dev.restcompress.it;

import static dev.restcompress.it.Wire.assertExactContentLength;
import static dev.restcompress.it.Wire.assertVaryAcceptEncoding;
import static dev.restcompress.it.Wire.get;
import static dev.restcompress.it.Wire.gunzip;
import static dev.restcompress.it.Wire.header;
import static dev.restcompress.it.Wire.tokens;
import static dev.restcompress.it.Wire.unLzf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.it.app.Payloads;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Response encoding of the deployed WAR, seen on the wire with a client that never decodes:
 * negotiation, exact {@code Content-Length}, {@code Vary}, threshold, 406.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ResponseEncodingIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war("response-encoding");
    }

    @ArquillianResource
    URL base;

    @Test
    void lzfResponseIsByteExactWithExactContentLengthAndVary() throws Exception {
        HttpResponse<byte[]> r = get(base, "api/data/text?size=100000", "lzf");
        assertEquals(200, r.statusCode());
        assertEquals("lzf", header(r, "Content-Encoding"));
        assertExactContentLength(r);
        assertVaryAcceptEncoding(r);
        assertTrue(r.body().length < 100000 / 2, "LZF should at least halve this text, got " + r.body().length);
        assertArrayEquals(Payloads.text(100000, 0), unLzf(r.body()));
    }

    @Test
    void gzipResponseIsByteExactWithExactContentLengthAndVary() throws Exception {
        HttpResponse<byte[]> r = get(base, "api/data/text?size=100000", "gzip");
        assertEquals(200, r.statusCode());
        assertEquals("gzip", header(r, "Content-Encoding"));
        assertExactContentLength(r);
        assertVaryAcceptEncoding(r);
        assertTrue(r.body().length < 100000 / 4, "gzip should shrink this text 4x, got " + r.body().length);
        assertArrayEquals(Payloads.text(100000, 0), gunzip(r.body()));
    }

    @Test
    void fastGzipLevelNineOnlyMethod() throws Exception {
        HttpResponse<byte[]> r = get(base, "api/data/gzip-only?size=50000", "lzf, gzip");
        assertEquals(200, r.statusCode());
        assertEquals("gzip", header(r, "Content-Encoding"), "the method offers gzip only");
        assertExactContentLength(r);
        assertArrayEquals(Payloads.text(50000, 0), gunzip(r.body()));
    }

    @Test
    void serverPreferenceBreaksTiesAndClientWeightsWin() throws Exception {
        HttpResponse<byte[]> tie = get(base, "api/data/text?size=20000", "gzip, lzf");
        assertEquals("lzf", header(tie, "Content-Encoding"), "equal weights: the server prefers lzf");
        assertArrayEquals(Payloads.text(20000, 0), unLzf(tie.body()));

        HttpResponse<byte[]> weighted = get(base, "api/data/text?size=20000", "lzf;q=0.5, gzip;q=0.8");
        assertEquals("gzip", header(weighted, "Content-Encoding"), "the client's higher weight wins");
        assertArrayEquals(Payloads.text(20000, 0), gunzip(weighted.body()));

        HttpResponse<byte[]> refused = get(base, "api/data/text?size=20000", "lzf;q=0, *");
        assertEquals("gzip", header(refused, "Content-Encoding"), "lzf;q=0 must never be chosen");
    }

    @Test
    void belowThresholdIsIdentityWithExactContentLength() throws Exception {
        HttpResponse<byte[]> r = get(base, "api/data/text?size=1023", "lzf");
        assertEquals(200, r.statusCode());
        assertNull(header(r, "Content-Encoding"), "1023 bytes is below the 1024-byte threshold");
        assertExactContentLength(r);
        assertVaryAcceptEncoding(r);
        assertArrayEquals(Payloads.text(1023, 0), r.body());
    }

    @Test
    void atThresholdIsEncoded() throws Exception {
        HttpResponse<byte[]> r = get(base, "api/data/text?size=1024", "lzf");
        assertEquals(200, r.statusCode());
        assertEquals("lzf", header(r, "Content-Encoding"), "1024 bytes is not below the threshold");
        assertExactContentLength(r);
        assertArrayEquals(Payloads.text(1024, 0), unLzf(r.body()));
    }

    @Test
    void noAcceptEncodingIsIdentityWithVary() throws Exception {
        HttpResponse<byte[]> r = get(base, "api/data/text?size=20000", null);
        assertEquals(200, r.statusCode());
        assertNull(header(r, "Content-Encoding"));
        // Identity was negotiated, so rest-compress leaves the body to the container, which may
        // chunk it (RESTEasy on Jetty does); only a Content-Length that is present must be right.
        String cl = header(r, "Content-Length");
        if (cl != null) {
            assertEquals(Integer.toString(r.body().length), cl, "Content-Length");
        }
        assertVaryAcceptEncoding(r);
        assertArrayEquals(Payloads.text(20000, 0), r.body());
    }

    @Test
    void incompressibleBodyGoesOutUnencoded() throws Exception {
        HttpResponse<byte[]> r = get(base, "api/data/random?size=8192", "lzf");
        assertEquals(200, r.statusCode());
        assertNull(header(r, "Content-Encoding"), "LZF cannot shrink random bytes; identity is acceptable");
        assertExactContentLength(r);
        assertVaryAcceptEncoding(r);
        assertArrayEquals(Payloads.random(8192, 42), r.body());
    }

    @Test
    void notAcceptableWhenNothingOfferedNorIdentityIsAcceptable() throws Exception {
        HttpResponse<byte[]> r = get(base, "api/data/lzf-only?size=20000", "gzip, identity;q=0");
        assertEquals(406, r.statusCode());
        assertVaryAcceptEncoding(r);

        HttpResponse<byte[]> star = get(base, "api/data/lzf-only?size=20000", "*;q=0");
        assertEquals(406, star.statusCode());
    }

    @Test
    void identityRefusedButCodingAcceptableEncodesEvenSmallBodies() throws Exception {
        HttpResponse<byte[]> r = get(base, "api/data/lzf-only?size=100", "lzf, identity;q=0");
        assertEquals(200, r.statusCode());
        assertEquals("lzf", header(r, "Content-Encoding"), "identity refused: below threshold is still encoded");
        assertExactContentLength(r);
        assertArrayEquals(Payloads.text(100, 0), unLzf(r.body()));
    }

    @Test
    void unannotatedMethodIsUntouched() throws Exception {
        HttpResponse<byte[]> r = get(base, "api/data/plain?size=20000", "lzf, gzip");
        assertEquals(200, r.statusCode());
        assertNull(header(r, "Content-Encoding"));
        assertTrue(!tokens(r, "Vary").contains("accept-encoding"), "no Vary on a method that never varies");
        assertArrayEquals(Payloads.text(20000, 0), r.body());
    }
}
