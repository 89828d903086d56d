package dev.restcompress.bench.core;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * One JMH result reduced to what the reports need: the benchmark class and method, its parameters,
 * the mean time per operation with its 99.9% confidence half-width, and the bytes allocated per
 * operation ({@code gc.alloc.rate.norm}, NaN without the GC profiler). {@code benchmark} is the
 * simple class name; {@code nsError} is NaN with a single iteration.
 */
public record Measurement(String benchmark, String method, Map<String, String> params,
                          double nsPerOp, double nsError, double bytesPerOp) {

    /** Converts JMH run results (AverageTime mode in ns) into measurements. */
    public static List<Measurement> from(Collection<RunResult> results) {
        return results.stream().map(Measurement::from).toList();
    }

    private static Measurement from(RunResult r) {
        BenchmarkParams p = r.getParams();
        String[] name = p.getBenchmark().split("\\.");
        Map<String, String> params = new TreeMap<>();
        p.getParamsKeys().forEach(key -> params.put(key, p.getParam(key)));
        Result<?> primary = r.getPrimaryResult();
        Result<?> alloc = r.getSecondaryResults().get("gc.alloc.rate.norm");
        return new Measurement(name[name.length - 2], name[name.length - 1], Map.copyOf(params), primary.getScore(),
                primary.getScoreError(), alloc == null ? Double.NaN : alloc.getScore());
    }

    public String param(String name) {
        return params.get(name);
    }

    /**
     * Per codec and body size, the {@code compress} and {@code decompress} measurements of the JMH class
     * {@code benchmark} (by {@code codec} and {@code size} parameter); a pair missing one is left out.
     */
    public static Map<String, TreeMap<Integer, Measurement[]>> pairsBySize(List<Measurement> all, String benchmark) {
        Map<String, TreeMap<Integer, Map<String, Measurement>>> grouped = new LinkedHashMap<>();
        all.stream().filter(m -> m.benchmark().equals(benchmark)).forEach(m -> grouped.computeIfAbsent(m.param("codec"),
                k -> new TreeMap<>()).computeIfAbsent(Integer.parseInt(m.param("size")), k -> new HashMap<>()).put(m.method(), m));
        Map<String, TreeMap<Integer, Measurement[]>> out = new LinkedHashMap<>();
        grouped.forEach((codec, sizes) -> sizes.forEach((size, ops) -> {
            if (ops.containsKey("compress") && ops.containsKey("decompress")) {
                out.computeIfAbsent(codec, k -> new TreeMap<>()).put(size,
                        new Measurement[] {ops.get("compress"), ops.get("decompress")});
            }
        }));
        return out;
    }
}
