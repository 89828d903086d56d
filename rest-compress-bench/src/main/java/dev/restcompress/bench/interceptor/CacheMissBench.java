package dev.restcompress.bench.interceptor;

import dev.restcompress.annotation.CacheEncoded;
import dev.restcompress.annotation.Compress;
import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.NanosPerOpBench;
import dev.restcompress.bench.server.CacheServer;
import dev.restcompress.config.CacheSettings;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.resteasy.mock.MockHttpResponse;
import org.jboss.resteasy.spi.Dispatcher;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The encoded-variant cache when every response is a miss (every body different): cache {@code off}, admission
 * {@code first} or {@code second} with every response looked up ({@code rest-compress.cache.pass=off}: what a
 * lookup costs); {@code pass}: the defaults (admission at the second sighting, pass mode on: after a run of
 * first sightings only one response in 17 is looked up); {@code same}: the unstamped body without the cache
 * (the peers suite's {@code ours-uncached}); {@code copy-off}: cache off, the body stamped into a copy.
 */
public class CacheMissBench extends NanosPerOpBench {
    static final String FILE = "catalog-50k.json";
    private static final String CODING = "gzip";

    @Param({"off", "first", "second", "pass", "same", "copy-off"})
    public String cache;

    private Dispatcher dispatcher;
    private String uri;

    @Setup
    public void setUp() {
        dispatcher = dispatcher(cache, Corpus.read(Corpus.dir(), FILE));
        uri = uri(cache);
        Object encoding = request().getOutputHeaders().getFirst(HttpHeaders.CONTENT_ENCODING);
        if (!CODING.equals(encoding)) {
            throw new IllegalStateException(cache + ": not encoded: " + encoding);
        }
    }

    static String uri(String row) {
        return switch (row) {
            case "same" -> "/cache/same";
            case "copy-off" -> "/cache/unique-copy";
            default -> "/cache/unique";
        };
    }

    static Dispatcher dispatcher(String row, byte[] body) {
        return switch (row) {
            case "off", "same", "copy-off" -> InMemory.dispatcher(new Resource(body), true, CacheSettings.MODE, "off");
            case "pass" -> InMemory.dispatcher(new Resource(body), true); // the defaults
            default -> InMemory.dispatcher(new Resource(body), true, CacheSettings.ADMIT, row, CacheSettings.PASS, "off");
        };
    }

    @Benchmark
    public MockHttpResponse request() {
        return InMemory.get(dispatcher, uri, CODING);
    }

    /** The peers suite's {@code /rest/unique} in memory: cache on and off differ only in the dispatcher. */
    @Path("/cache")
    @Produces(MediaType.APPLICATION_JSON)
    public static class Resource {
        private final byte[] body;
        private final AtomicLong counter = new AtomicLong();

        Resource(byte[] body) {
            this.body = body;
        }

        /** A counter stamped in as {@code /rest/unique} does ({@link CacheServer#stamped}: no copy of the body). */
        @GET
        @Path("unique")
        @Compress
        @CacheEncoded
        public StreamingOutput unique() {
            return CacheServer.stamped(body, counter.incrementAndGet());
        }

        @GET
        @Path("unique-copy")
        @Compress
        @CacheEncoded
        public byte[] uniqueCopy() {
            return CacheServer.stamp(body, counter.incrementAndGet());
        }

        @GET
        @Path("same")
        @Compress
        public byte[] same() {
            return body;
        }
    }
}
