package dev.restcompress.bench.core;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * One JMH result as the reports need it: simple class name, method, parameters, mean ns/op with its 99.9%
 * half-width (NaN with one iteration), and {@code gc.alloc.rate.norm} bytes/op (NaN without the profiler).
 */
public record Measurement(String benchmark, String method, Map<String, String> params,
                          double nsPerOp, double nsError, double bytesPerOp) {

    static Measurement from(RunResult r) {
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

    /** Per {@code codec} and {@code size} parameter, {@code benchmark}'s compress and decompress (both or none). */
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
