package dev.restcompress.bench.interceptor;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.TimeUnit;
import org.jboss.resteasy.core.Headers;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What the one header every negotiated response must carry costs by itself: a {@code Vary:
 * Accept-Encoding} entry added to the response header map RESTEasy uses ({@code Headers}, a
 * case-insensitive tree map), next to the same map without it. The interceptor report subtracts the
 * difference from the below-threshold path's added allocation, because the target is "nothing
 * beyond the Vary entry itself": a cache needs that header whatever the body's size.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class VaryEntryBench {
    @Benchmark
    public Headers<Object> withoutVary() {
        Headers<Object> headers = new Headers<>();
        headers.add(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON_TYPE);
        return headers;
    }

    @Benchmark
    public Headers<Object> withVary() {
        Headers<Object> headers = withoutVary();
        headers.add(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
        return headers;
    }
}
