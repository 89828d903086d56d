package dev.restcompress.bench.interceptor;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.NanosPerOpBench;
import dev.restcompress.bench.core.ResponseBody;
import jakarta.ws.rs.core.HttpHeaders;
import org.jboss.resteasy.mock.MockHttpResponse;
import org.jboss.resteasy.spi.Dispatcher;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The full server write path inside RESTEasy's in-memory dispatcher (no sockets): request matching,
 * filters, entity writer and our interceptors, with {@code RestCompressFeature} registered
 * ({@code feature=on}) and without it ({@code off}), for the below-threshold, one-shot and streaming
 * paths of {@link BenchResource}. The body is the corpus file closest to 30 KB (see
 * {@link ResponseBody}). {@link ResponseCodecBench} measures the codec alone on the same bytes, so the
 * report can split the difference into codec time and everything else.
 */
public class InterceptorBench extends NanosPerOpBench {
    @Param({"off", "on"})
    public String feature;

    @Param({"below-threshold", "one-shot", "streaming"})
    public String path;

    @Param({"lzf", "gzip"})
    public String coding;

    private Dispatcher dispatcher;
    private String uri;

    @Setup
    public void setUp() {
        boolean on = feature.equals("on");
        dispatcher = InMemory.dispatcher(new BenchResource(ResponseBody.load(Corpus.dir())), on);
        uri = (on ? "/" : "/plain/") + path;
        // Fails the trial when the dispatcher does not do what this benchmark claims to measure.
        Object encoding = request().getOutputHeaders().getFirst(HttpHeaders.CONTENT_ENCODING);
        boolean expectEncoded = on && !path.equals("below-threshold");
        if ((encoding != null) != expectEncoded || (expectEncoded && !coding.equals(encoding))) {
            throw new IllegalStateException(feature + "/" + path + "/" + coding + ": Content-Encoding " + encoding);
        }
    }

    @Benchmark
    public MockHttpResponse request() {
        return InMemory.get(dispatcher, uri, coding);
    }
}
