package dev.restcompress.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.codec.Codec;
import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.testing.Codecs;
import dev.restcompress.testing.TestServerExtension;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The cache of encoded variants over HTTP, in process (RESTEasy): the third request for the same bytes
 * is a hit (statistics), the variant is upgraded within a bounded wait to a smaller body that still
 * decodes byte-exact, and responses with {@code Set-Cookie} or {@code no-store}, streamed ones and
 * those of methods without {@code @CacheEncoded} are never looked up. Adaptive levels are off so that
 * the test JVM's own load does not hold upgrades back.
 */
@Timeout(60)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CacheHttpTest {
    @RegisterExtension
    static final TestServerExtension SERVER = TestServerExtension.of(Set.of(CacheResource.class),
            Map.of(AdaptiveSettings.ADAPTIVE, "off"));
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    static HttpResponse<byte[]> get(String path, String acceptEncoding) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(SERVER.uri(path)).timeout(Duration.ofSeconds(30))
                .header("Accept-Encoding", acceptEncoding).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static byte[] decode(String coding, byte[] body) throws Exception {
        Codec c = Codecs.of(coding);
        byte[] out = new byte[CacheResource.JSON.length];
        assertEquals(out.length, c.decompress(body, 0, body.length, out, 0, out.length));
        return out;
    }

    @Test
    @Order(1)
    void theThirdRequestIsAHitAndTheVariantIsUpgraded() throws Exception {
        HttpResponse<byte[]> first = get("cache/json", "gzip");
        assertEquals("gzip", first.headers().firstValue("Content-Encoding").orElseThrow());
        assertArrayEquals(CacheResource.JSON, decode("gzip", first.body()));
        assertEquals(0, SERVER.statistics().cache().hits());
        assertEquals(1, SERVER.statistics().cache().misses());
        assertEquals(0, SERVER.statistics().cache().entries(), "a first sighting is not kept (admit=second)");
        HttpResponse<byte[]> second = get("cache/json", "gzip");
        assertArrayEquals(first.body(), second.body());
        assertEquals(0, SERVER.statistics().cache().hits());
        assertEquals(2, SERVER.statistics().cache().misses());
        assertEquals(1, SERVER.statistics().cache().entries(), "the second sighting is kept");
        HttpResponse<byte[]> third = get("cache/json", "gzip");
        assertArrayEquals(second.body(), third.body(), "a hit sends the variant the miss made");
        assertEquals(first.headers().firstValue("ETag"), third.headers().firstValue("ETag"));
        assertEquals(1, SERVER.statistics().cache().hits());
        assertEquals(2, SERVER.statistics().encodedByCoding().get("gzip").bodies(), "the hit ran no codec");
        // The second hit (the fourth request) makes it hot (upgrade-after 2): within a bounded wait a smaller body comes.
        long deadline = System.nanoTime() + 45_000_000_000L; // a hang guard (the class's timeout is 60 s), not a speed
        byte[] upgraded = first.body();
        while (upgraded.length >= first.body().length && System.nanoTime() < deadline) {
            HttpResponse<byte[]> r = get("cache/json", "gzip");
            assertEquals("gzip", r.headers().firstValue("Content-Encoding").orElseThrow());
            upgraded = r.body();
            Thread.sleep(20);
        }
        assertTrue(upgraded.length < first.body().length, "not upgraded within 45 s: " + SERVER.statistics().cache());
        assertArrayEquals(CacheResource.JSON, decode("gzip", upgraded));
        assertEquals(1, SERVER.statistics().cache().upgrades());
        assertTrue(SERVER.statistics().cache().savedBytes() > 0);
        assertTrue(SERVER.statistics().cache().bytes() > CacheResource.JSON.length);
    }

    @Test
    @Order(2)
    void privateStreamedAndUnannotatedResponsesAreNotCached() throws Exception {
        CompressionStatistics.CacheTotals before = SERVER.statistics().cache();
        for (String path : new String[] {"cache/cookie", "cache/no-store", "cache/stream", "cache/plain"}) {
            for (int i = 0; i < 2; i++) {
                HttpResponse<byte[]> r = get(path, "zstd;q=0.5, gzip");
                assertArrayEquals(CacheResource.JSON, decode(r.headers().firstValue("Content-Encoding").orElseThrow(),
                        r.body()), path);
            }
        }
        CompressionStatistics.CacheTotals after = SERVER.statistics().cache();
        assertEquals(before.hits(), after.hits(), after.toString());
        assertEquals(before.misses(), after.misses(), after.toString());
        assertEquals(before.notCached() + 4, after.notCached(), "Set-Cookie and no-store, twice each");
        assertEquals(before.entries(), after.entries());
    }
}
