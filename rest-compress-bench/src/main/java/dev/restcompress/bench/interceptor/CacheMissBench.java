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
 * The price of the encoded-variant cache when every response is a miss: the write path of
 * {@link Resource#unique} (every body different) inside RESTEasy's in-memory dispatcher with the
 * cache off ({@code cache=off}), on and keeping every miss ({@code first}: {@code rest-compress.cache.admit=first}),
 * and on with the default admission at the second sighting ({@code second}); {@code same} is the unstamped body
 * without the cache (what the peers suite's {@code ours-uncached} row serves); {@code copy-off} is the cache
 * off with the body stamped into a copy (what {@code /rest/unique} did when the peers suite measured 1.06x). Separate forks per row, so
 * each row's garbage collection is its own; {@link PairedCacheMiss} measures the same rows paired in one
 * JVM. The body is {@code catalog-50k.json} from the corpus (a 48.5 KB JSON document, the peers suite's).
 */
public class CacheMissBench extends NanosPerOpBench {
    /** The body the peers suite's cache rows serve. */
    static final String FILE = "catalog-50k.json";

    @Param({"off", "first", "second", "same", "copy-off"})
    public String cache;

    @Param({"gzip"})
    public String coding;

    private Dispatcher dispatcher;
    private String uri;

    @Setup
    public void setUp() {
        dispatcher = dispatcher(cache, Corpus.read(Corpus.dir(), FILE));
        uri = uri(cache);
        Object encoding = request().getOutputHeaders().getFirst(HttpHeaders.CONTENT_ENCODING);
        if (!coding.equals(encoding)) {
            throw new IllegalStateException(cache + "/" + coding + ": not encoded: " + encoding);
        }
    }

    /** The endpoint of a row. */
    static String uri(String row) {
        return switch (row) {
            case "same" -> "/cache/same";
            case "copy-off" -> "/cache/unique-copy";
            default -> "/cache/unique";
        };
    }

    /** A row's dispatcher: {@code off}, {@code same}, {@code copy-off} without the cache, else admission {@code cache}. */
    static Dispatcher dispatcher(String cache, byte[] body) {
        boolean off = cache.equals("off") || cache.equals("same") || cache.equals("copy-off");
        return InMemory.dispatcher(new Resource(body), true,
                off ? CacheSettings.MODE : CacheSettings.ADMIT, off ? "off" : cache);
    }

    @Benchmark
    public MockHttpResponse request() {
        return InMemory.get(dispatcher, uri, coding);
    }

    /**
     * The peers suite's miss-only workload ({@code CacheServer}'s {@code /rest/unique}) in memory. {@code unique}
     * is {@link CacheEncoded} and stamps a counter into every body ({@link CacheServer#stamp}), so no two bodies
     * are equal; whether it caches is the dispatcher's setting ({@code rest-compress.cache=off} or not), so
     * "cache on" and "cache off" run the very same method and entity. {@code same} does not pay the stamp.
     */
    @Path("/cache")
    @Produces(MediaType.APPLICATION_JSON)
    public static class Resource {
        private final byte[] body;
        private final AtomicLong counter = new AtomicLong();

        Resource(byte[] body) {
            this.body = body;
        }

        /**
         * Every body different (a 16-digit counter stamped in): every lookup a miss. Written as
         * {@code /rest/unique} writes it ({@link CacheServer#stamped}: three pieces, no copy of the body).
         */
        @GET
        @Path("unique")
        @Compress
        @CacheEncoded
        public StreamingOutput unique() {
            return CacheServer.stamped(body, counter.incrementAndGet());
        }

        /** As {@link #unique}, stamped into a copy of the body (how {@code /rest/unique} stamped before). */
        @GET
        @Path("unique-copy")
        @Compress
        @CacheEncoded
        public byte[] uniqueCopy() {
            return CacheServer.stamp(body, counter.incrementAndGet());
        }

        /** The same body every time, never cached. */
        @GET
        @Path("same")
        @Compress
        public byte[] same() {
            return body;
        }
    }
}
