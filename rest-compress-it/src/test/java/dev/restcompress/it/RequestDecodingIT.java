package dev.restcompress.it;

import static dev.restcompress.it.Wire.gzip;
import static dev.restcompress.it.Wire.header;
import static dev.restcompress.it.Wire.post;
import static dev.restcompress.it.Wire.tokens;
import static dev.restcompress.it.Wire.unLzf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ning.compress.lzf.LZFEncoder;
import dev.restcompress.it.app.CompressApplication;
import dev.restcompress.it.app.EchoResource;
import dev.restcompress.it.app.Payloads;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.Arrays;
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
 * Request-body decoding in the deployed WAR: encoded bodies reach the resource decoded; over the
 * limit 413, corrupt 400, unknown coding 415 with {@code Accept-Encoding}. Bodies are encoded with
 * the reference encoders (compress-lzf, {@code java.util.zip}), not with rest-compress.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RequestDecodingIT {
    private static final int LIMIT = (int) CompressApplication.MAX_DECODED_SIZE;

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war("request-decoding");
    }

    @ArquillianResource
    URL base;

    @Test
    void lzfBodyIsDecodedForTheResource() throws Exception {
        byte[] plain = Payloads.text(40_000, 7);
        byte[] body = LZFEncoder.encode(plain);
        assertTrue(body.length < plain.length);
        HttpResponse<byte[]> r = post(base, "api/echo", "lzf", null, body);
        assertEquals(200, r.statusCode(), () -> new String(r.body()));
        assertEquals("lzf", header(r, EchoResource.SEEN), "the body went over the wire LZF-encoded");
        assertEquals(Integer.toString(plain.length), header(r, EchoResource.LENGTH));
        assertNull(header(r, "Content-Encoding"), "no Accept-Encoding: the echo comes back unencoded");
        assertArrayEquals(plain, r.body());
    }

    @Test
    void lzfBodyEchoedBackLzfEncoded() throws Exception {
        byte[] plain = Payloads.text(40_000, 8);
        HttpResponse<byte[]> r = post(base, "api/echo", "lzf", "lzf", LZFEncoder.encode(plain));
        assertEquals(200, r.statusCode(), () -> new String(r.body()));
        assertEquals("lzf", header(r, "Content-Encoding"));
        assertArrayEquals(plain, unLzf(r.body()));
    }

    @Test
    void gzipBodyIsDecodedForTheResource() throws Exception {
        byte[] plain = Payloads.text(40_000, 9);
        HttpResponse<byte[]> r = post(base, "api/echo", "gzip", null, gzip(plain));
        assertEquals(200, r.statusCode(), () -> new String(r.body()));
        assertEquals("gzip", header(r, EchoResource.SEEN));
        assertArrayEquals(plain, r.body());
    }

    @Test
    void stackedCodingsAreUndoneInReverseOrder() throws Exception {
        byte[] plain = Payloads.text(30_000, 10);
        // "lzf, gzip": LZF was applied first, then gzip.
        HttpResponse<byte[]> r = post(base, "api/echo", "lzf, gzip", null, gzip(LZFEncoder.encode(plain)));
        assertEquals(200, r.statusCode(), () -> new String(r.body()));
        assertArrayEquals(plain, r.body());
    }

    @Test
    void bodyDecodingToExactlyTheLimitIsAccepted() throws Exception {
        byte[] plain = Payloads.text(LIMIT, 11);
        HttpResponse<byte[]> r = post(base, "api/echo", "lzf", null, LZFEncoder.encode(plain));
        assertEquals(200, r.statusCode(), () -> new String(r.body()));
        assertEquals(Integer.toString(LIMIT), header(r, EchoResource.LENGTH));
        assertArrayEquals(plain, r.body());
    }

    @Test
    void bodyDecodingPastTheLimitIs413() throws Exception {
        byte[] plain = new byte[LIMIT * 4]; // zeros: a tiny LZF body, a large decoded one
        byte[] body = LZFEncoder.encode(plain);
        assertTrue(body.length < LIMIT / 10, "the compressed body itself is small: " + body.length);
        HttpResponse<byte[]> r = post(base, "api/echo", "lzf", null, body);
        assertEquals(413, r.statusCode(), () -> new String(r.body()));

        HttpResponse<byte[]> oneOver = post(base, "api/echo", "lzf", null,
                LZFEncoder.encode(Payloads.text(LIMIT + 1, 12)));
        assertEquals(413, oneOver.statusCode(), "one byte over the limit");
    }

    @Test
    void gzipBombIs413() throws Exception {
        HttpResponse<byte[]> r = post(base, "api/echo", "gzip", null, gzip(new byte[LIMIT * 16]));
        assertEquals(413, r.statusCode(), () -> new String(r.body()));
    }

    @Test
    void corruptLzfIs400() throws Exception {
        byte[] garbage = "this is not LZF at all, not even the ZV signature".getBytes();
        HttpResponse<byte[]> r = post(base, "api/echo", "lzf", null, garbage);
        assertEquals(400, r.statusCode(), () -> new String(r.body()));
    }

    @Test
    void truncatedLzfIs400() throws Exception {
        byte[] body = LZFEncoder.encode(Payloads.text(40_000, 13));
        HttpResponse<byte[]> r = post(base, "api/echo", "lzf", null, Arrays.copyOf(body, body.length - 100));
        assertEquals(400, r.statusCode(), () -> new String(r.body()));
    }

    @Test
    void corruptGzipIs400() throws Exception {
        byte[] body = gzip(Payloads.text(40_000, 14));
        for (int i = 20; i < 60; i++) {
            body[i] ^= 0x5a; // damage the deflate stream after the 10-byte header
        }
        HttpResponse<byte[]> r = post(base, "api/echo", "gzip", null, body);
        assertEquals(400, r.statusCode(), () -> new String(r.body()));
    }

    @Test
    void unknownCodingIs415WithAcceptEncoding() throws Exception {
        HttpResponse<byte[]> r = post(base, "api/echo", "br", null, Payloads.text(2000, 15));
        assertEquals(415, r.statusCode(), () -> new String(r.body()));
        assertTrue(tokens(r, "Accept-Encoding").containsAll(java.util.List.of("lzf", "gzip")),
                "415 must list the codings the server takes, was " + r.headers().allValues("Accept-Encoding"));
    }

    @Test
    void unencodedBodyPassesThrough() throws Exception {
        byte[] plain = Payloads.text(5000, 16);
        HttpResponse<byte[]> r = post(base, "api/echo", null, null, plain);
        assertEquals(200, r.statusCode());
        assertEquals("none", header(r, EchoResource.SEEN));
        assertArrayEquals(plain, r.body());
    }
}
