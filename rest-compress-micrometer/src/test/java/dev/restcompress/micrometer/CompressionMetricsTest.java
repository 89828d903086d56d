package dev.restcompress.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.annotation.CacheEncoded;
import dev.restcompress.annotation.Compress;
import dev.restcompress.server.RestCompressFeature;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.SeBootstrap;
import jakarta.ws.rs.core.Application;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A real in-process server's statistics, read through Micrometer meters. */
@Timeout(60)
class CompressionMetricsTest {
    static final byte[] BODY = "{\"rows\":[1,2,3,4,5,6,7,8,9,10]},".repeat(400).getBytes(StandardCharsets.UTF_8);

    /** The resource whose responses are counted. */
    @Path("/")
    public static class Resource {
        @GET
        @Path("data")
        @Produces("application/json")
        @Compress
        public byte[] data() {
            return BODY;
        }

        @GET
        @Path("cached")
        @Produces("application/json")
        @Compress
        @CacheEncoded(upgrade = false)
        public byte[] cached() {
            return BODY;
        }
    }

    @Test
    void metersShowWhatWasCompressed() throws Exception {
        RestCompressFeature feature = new RestCompressFeature();
        Application app = new Application() {
            @Override
            public Set<Class<?>> getClasses() {
                return Set.of(Resource.class);
            }

            @Override
            public Set<Object> getSingletons() {
                return Set.of(feature);
            }
        };
        SeBootstrap.Instance server = SeBootstrap.start(app, SeBootstrap.Configuration.builder().host("127.0.0.1")
                .port(SeBootstrap.Configuration.FREE_PORT).rootPath("/").build()).toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
        try {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            URI uri = URI.create("http://127.0.0.1:" + server.configuration().port() + "/data");
            // the first request deploys the method (and its series) on lazy runtimes
            long sent = 0;
            for (int i = 0; i < 3; i++) {
                HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                        .header("Accept-Encoding", "gzip").build(), HttpResponse.BodyHandlers.ofByteArray());
                assertEquals("gzip", r.headers().firstValue("Content-Encoding").orElse(null));
                sent += r.body().length;
            }
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            new CompressionMetrics(feature.statistics()).bindTo(registry);

            assertEquals(3.0, registry.get("rest.compress.encoded.bodies").tag("coding", "gzip").functionCounter().count());
            assertEquals(3.0 * BODY.length,
                    registry.get("rest.compress.encoded.bytes.in").tag("coding", "gzip").functionCounter().count());
            assertEquals((double) sent,
                    registry.get("rest.compress.encoded.bytes.out").tag("coding", "gzip").functionCounter().count());
            assertEquals(3.0 * BODY.length - sent,
                    registry.get("rest.compress.encoded.saved").tag("coding", "gzip").functionCounter().count());
            assertTrue(registry.get("rest.compress.encoded.time").tag("coding", "gzip").functionCounter().count() > 0);
            assertEquals(3.0, registry.get("rest.compress.method.encoded.bodies").tag("method", "Resource#data")
                    .functionCounter().count());
            assertEquals(3.0, registry.get("rest.compress.encoded.level.bodies").tag("coding", "gzip").tag("level", "6")
                    .functionCounter().count());
            assertEquals(0.0, registry.get("rest.compress.encoded.bodies").tag("coding", "lzf").functionCounter().count());
            assertEquals(0.0, registry.get("rest.compress.adaptive.step").gauge().value());

            // meters read live values: one more body shows on the next scrape
            http.send(HttpRequest.newBuilder(uri).header("Accept-Encoding", "gzip").build(),
                    HttpResponse.BodyHandlers.discarding());
            assertEquals(4.0, registry.get("rest.compress.encoded.bodies").tag("coding", "gzip").functionCounter().count());

            // the cache of encoded variants: two misses (the second keeps the body), then a hit that saves
            // the compressed difference
            URI cached = uri.resolve("cached");
            assertEquals(0.0, registry.get("rest.compress.cache.hits").functionCounter().count());
            long wire = 0;
            for (int i = 0; i < 3; i++) {
                wire = http.send(HttpRequest.newBuilder(cached).header("Accept-Encoding", "gzip").build(),
                        HttpResponse.BodyHandlers.ofByteArray()).body().length;
            }
            assertEquals(1.0, registry.get("rest.compress.cache.hits").functionCounter().count());
            assertEquals(2.0, registry.get("rest.compress.cache.misses").functionCounter().count());
            assertEquals(1.0, registry.get("rest.compress.cache.first.sightings").functionCounter().count());
            assertEquals(0.0, registry.get("rest.compress.cache.passed").functionCounter().count(), "no run in vain");
            assertEquals((double) BODY.length - wire, registry.get("rest.compress.cache.saved").functionCounter().count());
            assertEquals(1.0, registry.get("rest.compress.cache.entries").gauge().value());
            assertTrue(registry.get("rest.compress.cache.bytes").gauge().value() > BODY.length);
            assertEquals(0.0, registry.get("rest.compress.cache.upgrades").functionCounter().count());
        } finally {
            server.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }
}
