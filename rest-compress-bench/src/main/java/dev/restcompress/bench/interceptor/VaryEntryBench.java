package dev.restcompress.bench.interceptor;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.NanosPerOpBench;
import dev.restcompress.bench.core.ResponseBody;
import org.jboss.resteasy.mock.MockHttpResponse;
import org.jboss.resteasy.spi.Dispatcher;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * What the one header every negotiated response must carry costs by itself, from the resource to
 * the container: the below-threshold body as a built response without the feature, once without
 * and once with {@code Vary: Accept-Encoding} ({@code vary=without|with}, same dispatcher, same
 * body). The interceptor report subtracts the difference from the feature's added allocation on the
 * below-threshold path, because the target there is "nothing beyond the Vary entry itself": a cache
 * needs that header whatever the body's size.
 */
public class VaryEntryBench extends NanosPerOpBench {
    @Param({"without", "with"})
    public String vary;

    private Dispatcher dispatcher;
    private String uri;

    @Setup
    public void setUp() {
        dispatcher = InMemory.dispatcher(new BenchResource(ResponseBody.load(Corpus.dir())), false);
        uri = vary.equals("with") ? "/plain/response-with-vary" : "/plain/response";
    }

    @Benchmark
    public MockHttpResponse request() {
        return InMemory.get(dispatcher, uri, null);
    }
}
