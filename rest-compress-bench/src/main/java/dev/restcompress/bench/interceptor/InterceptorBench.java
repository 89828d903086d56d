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

/** One GET of a {@link BenchResource} path with the feature or without (also the {@code Vary} entry's own cost). */
public class InterceptorBench extends NanosPerOpBench {
    @Param({"off", "on"})
    public String feature;

    @Param({"below-threshold", "one-shot", "streaming"})
    public String path;

    @Param({"lzf", "gzip"})
    public String coding;

    private Dispatcher dispatcher;
    private String uri;
    private String accept;

    @Setup
    public void setUp() {
        boolean on = feature.equals("on");
        dispatcher = InMemory.dispatcher(new BenchResource(ResponseBody.load(Corpus.dir())), on);
        uri = (on ? "/" : "/plain/") + path;
        accept = coding.equals("none") ? null : coding;
        Object encoding = request().getOutputHeaders().getFirst(HttpHeaders.CONTENT_ENCODING);
        boolean expectEncoded = on && !path.equals("below-threshold");
        if ((encoding != null) != expectEncoded || (expectEncoded && !coding.equals(encoding))) {
            throw new IllegalStateException(feature + "/" + path + "/" + coding + ": Content-Encoding " + encoding);
        }
    }

    @Benchmark
    public MockHttpResponse request() {
        return InMemory.get(dispatcher, uri, accept);
    }
}
