package dev.restcompress.bench.interceptor;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.ResponseBody;
import dev.restcompress.config.AdaptiveSettings;
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
 * The full server write path inside RESTEasy's in-memory dispatcher (no sockets): request matching,
 * filters, entity writer and our interceptors, with {@code RestCompressFeature} registered
 * ({@code feature=on}) and without it ({@code off}), for the below-threshold, one-shot and streaming
 * paths of {@link BenchResource}. The body is the corpus file closest to 30 KB (see
 * {@link ResponseBody}); the below-threshold body is its first 512 bytes. {@link ResponseCodecBench}
 * measures the codec alone on the same bytes, so the report can split the difference into codec
 * time and everything else.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class InterceptorBench {
    @Param({"off", "on"})
    public String feature;

    @Param({"below-threshold", "one-shot", "streaming"})
    public String path;

    @Param({"lzf", "gzip"})
    public String coding;

    private Dispatcher dispatcher;
    private String uri;

    @Setup
    public void setUp() throws Exception {
        byte[] body = ResponseBody.load(Corpus.dir());
        dispatcher = MockDispatcherFactory.createDispatcher();
        if (feature.equals("on")) {
            // Before the resource: dynamic features bind when resource methods are registered. The
            // configured level, not what the adaptive policy makes of a saturated benchmark JVM.
            dispatcher.getProviderFactory().property(AdaptiveSettings.ADAPTIVE, "off");
            dispatcher.getProviderFactory().register(RestCompressFeature.class);
        }
        dispatcher.getRegistry().addSingletonResource(
                new BenchResource(body, java.util.Arrays.copyOf(body, ResponseBody.SMALL)));
        uri = (feature.equals("on") ? "/" : "/plain/") + path;
        check(invoke());
    }

    /** Fails the trial when the dispatcher does not do what this benchmark claims to measure. */
    private void check(MockHttpResponse r) {
        Object encoding = r.getOutputHeaders().getFirst(HttpHeaders.CONTENT_ENCODING);
        boolean expectEncoded = feature.equals("on") && !path.equals("below-threshold");
        if (r.getStatus() != 200 || (encoding != null) != expectEncoded
                || (expectEncoded && !coding.equals(encoding))) {
            throw new IllegalStateException(feature + "/" + path + "/" + coding + ": status " + r.getStatus()
                    + ", Content-Encoding " + encoding);
        }
    }

    private MockHttpResponse invoke() throws Exception {
        MockHttpRequest request = MockHttpRequest.get(uri).header(HttpHeaders.ACCEPT_ENCODING, coding);
        MockHttpResponse response = new MockHttpResponse();
        dispatcher.invoke(request, response);
        return response;
    }

    @Benchmark
    public MockHttpResponse request() throws Exception {
        return invoke();
    }
}
