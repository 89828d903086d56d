package dev.restcompress.bench.small;

import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.dictionary.BenchDictionary;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.Table;
import dev.restcompress.bench.small.PayloadBench.Body;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.ToLongFunction;

/** One codec at one body size: mean bytes per timed body (identity, coded, gzip-6; outside JMH) and the JMH pair. */
record PayloadCell(String codec, int size, int bodies, double identity, double wire, double gzip,
                   Measurement compress, Measurement decompress) {
    /** {@code Available-Dictionary: :<44 base64>:}, sent by a client holding a dictionary. */
    static final int AVAILABLE_DICTIONARY_LINE = "Available-Dictionary: ::\r\n".length() + 44;

    /** Per codec (in run order) and size, the cells of {@code benchmark}'s results on {@code bodies(codec, size)}. */
    static Map<String, TreeMap<Integer, PayloadCell>> of(List<Measurement> results, String benchmark,
                                                        BiFunction<String, Integer, List<Body>> bodies) {
        Map<String, TreeMap<Integer, PayloadCell>> out = new LinkedHashMap<>();
        Measurement.pairsBySize(results, benchmark).forEach((codec, sizes) -> sizes.forEach((size, pair) -> {
            List<Body> b = bodies.apply(codec, size);
            out.computeIfAbsent(codec, k -> new TreeMap<>()).put(size, new PayloadCell(codec, size, b.size(),
                    mean(b, body -> body.bytes().length), mean(b, body -> body.engine().compressedSize(body.bytes())),
                    mean(b, body -> BenchDictionary.gzip6Size(body.bytes())), pair[0], pair[1]));
        }));
        return out;
    }

    /** The columns both small-payload tables share; {@code savedName}: the CSV name of {@link #saved}. */
    static Table<PayloadCell> columns(String savedName) {
        return new Table<PayloadCell>()
                .text("codec", "codec", PayloadCell::codec)
                .text("size", "size B", PayloadCell::size)
                .csvOnly("mean_compressed_bytes", PayloadCell::wire)
                .column("ratio", "size ratio", c -> c.wire() / c.size(), c -> percent(c.wire(), c.size()))
                .number(savedName, "saved B", PayloadCell::saved, 0)
                .withError("compress_ns", "compress ns/op", c -> c.compress().nsPerOp(), c -> c.compress().nsError(), 0)
                .withError("decompress_ns", "decompress ns/op", c -> c.decompress().nsPerOp(),
                        c -> c.decompress().nsError(), 0)
                .number("break_even_link_mbit_s", "break-even link Mbit/s", PayloadCell::breakEvenMbps, 0);
    }

    private static double mean(List<Body> bodies, ToLongFunction<Body> bytes) {
        return bodies.stream().mapToLong(bytes).sum() / (double) bodies.size();
    }

    /** identity - wire - the {@code Content-Encoding} line identity does not send (the codec id starts with it). */
    double savedResponse() {
        return identity - wire - ("Content-Encoding: " + codec.split("-")[0] + "\r\n").length();
    }

    /** Bytes the exchange saves: for dcz/dcb the request's {@code Available-Dictionary} line is charged too. */
    double saved() {
        return savedResponse() - (codec.startsWith("dc") ? AVAILABLE_DICTIONARY_LINE : 0);
    }

    double roundTripNs() {
        return compress.nsPerOp() + decompress.nsPerOp();
    }

    /** The link speed (Mbit/s) below which compressing this body saves time overall. */
    double breakEvenMbps() {
        return saved() <= 0 ? 0 : saved() * 8 / roundTripNs() * 1000;
    }

    /** JMH's 99.9% error; a missing one (a single iteration) counts as none. */
    static double error(Measurement m) {
        return Double.isNaN(m.nsError()) ? 0 : m.nsError();
    }

    static String percent(double part, double whole) {
        return Markdown.num(100 * part / whole, 1) + "%";
    }
}
