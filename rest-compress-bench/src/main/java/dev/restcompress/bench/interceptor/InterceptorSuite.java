package dev.restcompress.bench.interceptor;

import dev.restcompress.bench.core.JmhRunner;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.core.ResponseBody;
import dev.restcompress.bench.core.SuiteContext;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.runner.RunnerException;

/**
 * The interceptor suite: {@link InterceptorBench} (the RESTEasy write path with and without the
 * feature) and {@link ResponseCodecBench} (the codec alone on the same body), then
 * {@link InterceptorReport}, which subtracts one from the other.
 */
public final class InterceptorSuite {
    /** The files {@link #run} creates. */
    public static final List<String> FILES = InterceptorReport.FILES;

    private InterceptorSuite() {
    }

    /** Runs the suite. */
    public static List<String> run(SuiteContext ctx, JmhRunner jmh) throws RunnerException {
        ctx.progress().report("interceptor suite: RESTEasy in-memory dispatcher with and without the feature, "
                + "3 paths x 2 codings, plus the codec alone" + jmh.estimate(16));
        List<Measurement> results = new ArrayList<>(jmh.run("interceptor", jmh.options(InterceptorBench.class)));
        results.addAll(jmh.run("response-codec", jmh.options(ResponseCodecBench.class)));
        new InterceptorReport(results, ResponseBody.pick(ctx.corpus())).write(ctx.out(), ctx.md());
        return FILES;
    }
}
