package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.testing.TestServerExtension;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The deepest step with {@code rest-compress.adaptive.identity=true}: identity, but only to clients that
 * weigh it no lower than the negotiated coding; and back.
 */
@Timeout(60)
class AdaptiveIdentityHttpTest {
    static final AdaptiveHttpTest.ScriptedPressure PRESSURE = new AdaptiveHttpTest.ScriptedPressure();

    @RegisterExtension
    static final TestServerExtension SERVER = TestServerExtension.of(Set.of(AdaptiveResource.class), Map.of(
            AdaptiveSettings.ADAPTIVE, "on",
            AdaptiveSettings.IDENTITY, "true",
            AdaptiveSettings.PERIOD_MS, "10", AdaptiveSettings.SMOOTHING_MS, "0", // relief rule: AdaptivePolicyTest
            AdaptiveSettings.DWELL_DOWN, "1",
            AdaptiveSettings.DWELL_UP, "1",
            AdaptiveSettings.PRESSURE_SOURCE, PRESSURE));

    static HttpResponse<byte[]> get(String path, String acceptEncoding) throws Exception {
        return java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(SERVER.uri(path))
                .timeout(java.time.Duration.ofSeconds(30)).header("Accept-Encoding", acceptEncoding).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    static void driveTo(double load, int samples, int step) throws InterruptedException {
        PRESSURE.pushAndAwait(load, samples, AdaptiveIdentityHttpTest::get0);
        assertEquals(step, SERVER.statistics().adaptiveStep());
    }

    /** Keeps the sampler alive: it samples only while responses ask for the step. */
    static void get0() {
        try {
            get("adaptive/json", "gzip");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void identityOnlyWhenAllowedAndWeighedEqually() throws Exception {
        get0();
        driveTo(1.0, 4, 4);
        HttpResponse<byte[]> r = get("adaptive/json", "gzip, lzf");
        assertEquals("identity", r.headers().firstValue("Content-Encoding").orElse("identity"));
        assertArrayEquals(AdaptiveResource.JSON, r.body());
        // weighed lower than gzip: the cheapest equal coding instead
        assertEquals("lzf", get("adaptive/json", "gzip, lzf, identity;q=0.5").headers()
                .firstValue("Content-Encoding").orElse("identity"));
        // the fixed method keeps gzip
        assertEquals("gzip", get("adaptive/fixed", "gzip, lzf").headers().firstValue("Content-Encoding").orElse(""));
        driveTo(0.1, 4, 0);
        assertEquals("gzip", get("adaptive/json", "gzip, lzf").headers().firstValue("Content-Encoding").orElse(""));
    }
}
