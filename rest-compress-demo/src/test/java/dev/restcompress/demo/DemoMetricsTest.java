package dev.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code /rest/metrics} shows what the library counted, per coding, method and level. */
@Timeout(60)
class DemoMetricsTest {
    @RegisterExtension
    static final RunningDemo DEMO = new RunningDemo();
    static final HttpClient HTTP = HttpClient.newHttpClient();

    static HttpResponse<byte[]> get(String path, String acceptEncoding) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(DEMO.base() + path)).timeout(Duration.ofSeconds(30))
                .header("Accept", path.equals("/metrics") ? "text/plain" : "application/json")
                .header("Accept-Encoding", acceptEncoding).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    static long value(String metrics, String series) {
        return metrics.lines().filter(l -> l.startsWith(series + " ")).map(l -> l.substring(series.length() + 1))
                .mapToLong(v -> (long) Double.parseDouble(v)).findFirst().orElse(-1);
    }

    @Test
    void countsWhatWasServed() throws Exception {
        long sent = 0;
        for (int i = 0; i < 2; i++) {
            HttpResponse<byte[]> r = get("/complex/300", "gzip");
            assertEquals("gzip", r.headers().firstValue("Content-Encoding").orElse(null));
            sent += r.body().length;
        }
        HttpResponse<byte[]> m = get("/metrics", "gzip");
        assertEquals(200, m.statusCode());
        assertEquals("identity", m.headers().firstValue("Content-Encoding").orElse("identity"), "not compressed itself");
        String text = new String(m.body(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(2, value(text, "rest_compress_encoded_bodies_total{coding=\"gzip\"}"), text);
        assertEquals(sent, value(text, "rest_compress_encoded_bytes_out_total{coding=\"gzip\"}"), text);
        assertTrue(value(text, "rest_compress_encoded_saved_bytes_total{coding=\"gzip\"}") > sent, text);
        assertEquals(2, value(text, "rest_compress_method_encoded_bodies_total{method=\"DemoResource#complex\"}"), text);
        assertEquals(2, value(text, "rest_compress_encoded_bodies_by_level_total{coding=\"gzip\",level=\"6\"}"), text);
        assertEquals(0, value(text, "rest_compress_adaptive_step"), text);
    }

    @Test
    void staticFilesComeFromTheCache() throws Exception {
        String before = new String(get("/metrics", "identity").body(), java.nio.charset.StandardCharsets.UTF_8);
        // Kept at its second sighting (rest-compress.cache.admit=second): the third request is the hit.
        byte[] first = get("/static/config-20k.xml", "gzip").body();
        get("/static/config-20k.xml", "gzip");
        byte[] third = get("/static/config-20k.xml", "gzip").body();
        assertTrue(third.length <= first.length, "the same variant, or an upgraded smaller one");
        String text = new String(get("/metrics", "identity").body(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(value(before, "rest_compress_cache_hits_total") + 1, value(text, "rest_compress_cache_hits_total"),
                text);
        assertEquals(value(before, "rest_compress_cache_misses_total") + 2,
                value(text, "rest_compress_cache_misses_total"), text);
        assertEquals(value(before, "rest_compress_cache_first_sightings_total") + 1,
                value(text, "rest_compress_cache_first_sightings_total"), text);
        assertTrue(value(text, "rest_compress_cache_passed_total") >= 0, "the series is there: " + text);
        assertEquals(value(before, "rest_compress_cache_passed_total"), value(text, "rest_compress_cache_passed_total"),
                text);
        assertTrue(value(text, "rest_compress_cache_saved_bytes_total") > 0, text);
        assertTrue(value(text, "rest_compress_cache_bytes") > 20_000, text);
    }
}
