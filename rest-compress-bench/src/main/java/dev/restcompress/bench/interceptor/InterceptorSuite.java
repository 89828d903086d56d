package dev.restcompress.bench.interceptor;

import dev.restcompress.bench.core.JmhRunner;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.core.ResponseBody;
import dev.restcompress.bench.core.SuiteContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.runner.RunnerException;

/**
 * The interceptor suite: {@link InterceptorBench} (the RESTEasy write path with and without the
 * feature) and {@link ResponseCodecBench} (the codec alone on the same body), then
 * {@link PairedOverhead} (the same three in one JVM, paired round by round), then
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
                + "3 paths x 2 codings, plus the codec alone" + jmh.estimate(18));
        List<Measurement> results = new ArrayList<>(jmh.run("interceptor", jmh.options(InterceptorBench.class)));
        results.addAll(jmh.run("response-codec", jmh.options(ResponseCodecBench.class)));
        results.addAll(jmh.run("vary-entry", jmh.options(VaryEntryBench.class)));
        byte[] body = ResponseBody.load(ctx.corpus());
        int rounds = Math.max(10, 6 * jmh.iterations());
        ctx.progress().report("interceptor suite: paired one-JVM measurement, " + rounds + " rounds per row");
        Map<String, PairedOverhead.Result> paired = new LinkedHashMap<>();
        for (String coding : List.of("lzf", "gzip")) {
            PairedOverhead measurement = new PairedOverhead(body, coding);
            for (String path : List.of("below-threshold", "one-shot")) {
                paired.put(path + "/" + coding, measurement.measure(path, rounds, Math.max(5, jmh.timeMs() / 20)));
            }
        }
        new InterceptorReport(results, paired, ResponseBody.pick(ctx.corpus())).write(ctx.out(), ctx.md());
        return FILES;
    }
}
