package dev.restcompress.bench.interceptor;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.config.CacheSettings;
import dev.restcompress.server.RestCompressFeature;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.concurrent.TimeUnit;
import org.jboss.resteasy.mock.MockDispatcherFactory;
import org.jboss.resteasy.mock.MockHttpRequest;
import org.jboss.resteasy.mock.MockHttpResponse;
import org.jboss.resteasy.spi.Dispatcher;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The price of the encoded-variant cache when every response is a miss: the write path of
 * {@link CacheMissResource#unique} (every body different) inside RESTEasy's in-memory dispatcher with the
 * cache off ({@code cache=off}), on and keeping every miss ({@code first}: {@code rest-compress.cache.admit=first}),
 * and on with the default admission at the second sighting ({@code second}); {@code same} is the unstamped body
 * without the cache (what the peers suite's {@code ours-uncached} row serves); {@code copy-off} is the cache
 * off with the body stamped into a copy (what {@code /rest/unique} did when the peers suite measured 1.06x). Separate forks per row, so
 * each row's garbage collection is its own; {@link PairedCacheMiss} measures the same rows paired in one
 * JVM. The body is {@code catalog-50k.json} from the corpus (a 48.5 KB JSON document, the peers suite's).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CacheMissBench {
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
        MockHttpResponse r = invoke(dispatcher, uri, coding);
        if (!coding.equals(r.getOutputHeaders().getFirst(HttpHeaders.CONTENT_ENCODING))) {
            throw new IllegalStateException(cache + "/" + coding + ": not encoded: " + r.getOutputHeaders());
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

    /**
     * A dispatcher for one row: {@code off}, {@code same}, {@code copy-off} without the cache, else the
     * admission {@code cache}.
     */
    static Dispatcher dispatcher(String cache, byte[] body) {
        Dispatcher d = MockDispatcherFactory.createDispatcher();
        // The configured level, not what the adaptive policy makes of a saturated benchmark JVM.
        d.getProviderFactory().property(AdaptiveSettings.ADAPTIVE, "off");
        if (cache.equals("off") || cache.equals("same") || cache.equals("copy-off")) {
            d.getProviderFactory().property(CacheSettings.MODE, "off");
        } else {
            d.getProviderFactory().property(CacheSettings.ADMIT, cache);
        }
        d.getProviderFactory().register(RestCompressFeature.class);
        d.getRegistry().addSingletonResource(new CacheMissResource(body));
        return d;
    }

    static MockHttpResponse invoke(Dispatcher d, String uri, String coding) {
        try {
            MockHttpRequest request = MockHttpRequest.get(uri).header(HttpHeaders.ACCEPT_ENCODING, coding);
            MockHttpResponse response = new MockHttpResponse();
            d.invoke(request, response);
            if (response.getStatus() != 200) {
                throw new IllegalStateException(uri + ": status " + response.getStatus());
            }
            return response;
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Benchmark
    public MockHttpResponse request() {
        return invoke(dispatcher, uri, coding);
    }
}
