package dev.restcompress.demo;

import dev.restcompress.server.CompressionStatistics;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.Context;
import java.util.Map;

/**
 * {@code GET /rest/metrics}: what compression did, in the Prometheus text format, straight from the
 * library's {@link CompressionStatistics} (no metrics library needed): per coding and per resource
 * method, bodies, bytes before and after, bytes saved and seconds in the codec; bodies per coding and
 * level; the adaptive step and the last CPU sample; the cache of encoded variants (hits, misses,
 * bytes saved, upgrades, evictions, entries and bytes held). Not compressed itself.
 */
@Path("metrics")
public final class MetricsResource {
    @GET
    @Produces("text/plain; version=0.0.4")
    public String metrics(@Context Configuration configuration) {
        CompressionStatistics s = CompressionStatistics.of(configuration);
        StringBuilder out = new StringBuilder();
        if (s == null) {
            return "# rest-compress is not registered\n";
        }
        totals(out, "encoded", "coding", s.encodedByCoding(), "Response bodies encoded");
        totals(out, "decoded", "coding", s.decodedByCoding(), "Request bodies decoded");
        totals(out, "method_encoded", "method", s.encodedByMethod(), "Response bodies encoded, per resource method");
        totals(out, "method_decoded", "method", s.decodedByMethod(), "Request bodies decoded, per resource method");
        header(out, "rest_compress_encoded_bodies_by_level_total", "counter", "Response bodies per coding and level");
        s.encodedBodiesByLevel().forEach((key, n) -> {
            int slash = key.indexOf('/');
            out.append("rest_compress_encoded_bodies_by_level_total{coding=\"").append(key, 0, slash)
                    .append("\",level=\"").append(key.substring(slash + 1)).append("\"} ").append(n).append('\n');
        });
        header(out, "rest_compress_adaptive_step", "gauge", "Adaptive step (0: as configured)");
        out.append("rest_compress_adaptive_step ").append(s.adaptiveStep()).append('\n');
        header(out, "rest_compress_adaptive_load", "gauge", "Last process CPU sample (fraction of the cores)");
        out.append("rest_compress_adaptive_load ").append(Double.isNaN(s.load()) ? "NaN" : Double.toString(s.load()))
                .append('\n');
        CompressionStatistics.CacheTotals c = s.cache();
        counter(out, "rest_compress_cache_hits_total", "Responses served from the cache of encoded variants", c.hits());
        counter(out, "rest_compress_cache_misses_total", "Responses looked up in the cache and compressed", c.misses());
        counter(out, "rest_compress_cache_first_sightings_total", "Misses not kept: the body was seen for the first time",
                c.firstSightings());
        counter(out, "rest_compress_cache_collisions_total", "Misses on an entry of other bytes", c.collisions());
        counter(out, "rest_compress_cache_not_cached_total", "Responses of caching methods not cached (private)",
                c.notCached());
        counter(out, "rest_compress_cache_passed_total", "Responses of caching methods in pass mode, not looked up",
                c.passed());
        counter(out, "rest_compress_cache_saved_bytes_total", "Wire bytes the cache hits saved", c.savedBytes());
        counter(out, "rest_compress_cache_upgrades_total", "Cached variants re-encoded at the best level", c.upgrades());
        counter(out, "rest_compress_cache_upgrades_dropped_total", "Upgrades dropped on a full queue",
                c.upgradesDropped());
        counter(out, "rest_compress_cache_evictions_total", "Cache entries evicted to keep its bounds", c.evictions());
        header(out, "rest_compress_cache_entries", "gauge", "Entries in the cache of encoded variants");
        out.append("rest_compress_cache_entries ").append(c.entries()).append('\n');
        header(out, "rest_compress_cache_bytes", "gauge", "Bytes held by the cache of encoded variants");
        out.append("rest_compress_cache_bytes ").append(c.bytes()).append('\n');
        return out.toString();
    }

    private static void totals(StringBuilder out, String prefix, String label,
            Map<String, CompressionStatistics.Totals> totals, String help) {
        String[][] series = {{"bodies_total", "bodies"}, {"bytes_in_total", "bytes before"},
            {"bytes_out_total", "bytes after"}, {"saved_bytes_total", "bytes saved"}, {"seconds_total", "seconds in the codec"}};
        for (String[] kind : series) {
            String name = "rest_compress_" + prefix + "_" + kind[0];
            header(out, name, "counter", help + ": " + kind[1]);
            totals.forEach((key, t) -> {
                out.append(name).append('{').append(label).append("=\"").append(key).append("\"} ");
                switch (kind[0]) {
                    case "bodies_total" -> out.append(t.bodies());
                    case "bytes_in_total" -> out.append(t.bytesIn());
                    case "bytes_out_total" -> out.append(t.bytesOut());
                    case "saved_bytes_total" -> out.append(t.savedBytes());
                    default -> out.append(t.nanos() / 1e9);
                }
                out.append('\n');
            });
        }
    }

    private static void counter(StringBuilder out, String name, String help, long value) {
        header(out, name, "counter", help);
        out.append(name).append(' ').append(value).append('\n');
    }

    private static void header(StringBuilder out, String name, String type, String help) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }
}
