package dev.restcompress.bench.interceptor;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.ResponseBody;
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
 * What the one header every negotiated response must carry costs by itself, from the resource to
 * the container: the below-threshold body as a built response without the feature, once without
 * and once with {@code Vary: Accept-Encoding} ({@code vary=without|with}, same dispatcher, same
 * body). The interceptor report subtracts the difference from the feature's added allocation on the
 * below-threshold path, because the target there is "nothing beyond the Vary entry itself": a cache
 * needs that header whatever the body's size.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class VaryEntryBench {
    @Param({"without", "with"})
    public String vary;

    private Dispatcher dispatcher;
    private String uri;

    @Setup
    public void setUp() {
        byte[] body = ResponseBody.load(Corpus.dir());
        dispatcher = MockDispatcherFactory.createDispatcher();
        dispatcher.getRegistry().addSingletonResource(
                new BenchResource(body, java.util.Arrays.copyOf(body, ResponseBody.SMALL)));
        uri = vary.equals("with") ? "/plain/response-with-vary" : "/plain/response";
    }

    @Benchmark
    public MockHttpResponse request() throws Exception {
        MockHttpResponse response = new MockHttpResponse();
        dispatcher.invoke(MockHttpRequest.get(uri), response);
        return response;
    }
}
