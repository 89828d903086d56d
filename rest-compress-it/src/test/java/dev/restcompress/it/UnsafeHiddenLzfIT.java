package dev.restcompress.it;

import static dev.restcompress.contract.Wire.header;
import static dev.restcompress.contract.Wire.unLzf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.restcompress.contract.Wire;
import dev.restcompress.contract.app.Payloads;
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
 * LZF responses from a WAR built the plain way, with no {@code Dependencies: jdk.unsupported} manifest
 * entry. WildFly hides {@code sun.misc.Unsafe} from such deployments; compress-lzf's fastest encoder
 * needs it, so {@code LzfCodec} must notice and use the portable encoder instead of failing (this was
 * a 500 on WildFly with JDK 17-23 before it did).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UnsafeHiddenLzfIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war("unsafe-hidden-lzf");
    }

    @ArquillianResource
    URL base;

    @Test
    void lzfResponseWithoutJdkUnsupported() throws Exception {
        HttpResponse<byte[]> r = new Wire(Deployments.applicationRoot(base)).get("contract/text?size=20000", "lzf");
        assertEquals(200, r.statusCode(), () -> new String(r.body()));
        assertEquals("lzf", header(r, "Content-Encoding"));
        assertEquals(Integer.toString(r.body().length), header(r, "Content-Length"), "one-shot: exact length");
        assertArrayEquals(Payloads.text(20000, 0), unLzf(r.body()));
    }
}
