package dev.restcompress.bench.small;

import dev.restcompress.bench.codec.BenchCodecs;
import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.dictionary.BenchDictionary;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.Table;
import dev.restcompress.bench.report.XyChart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * Turns {@link SmallPayloadBench} results into {@code small-payload.csv}, a markdown section with the
 * break-even analysis and {@code small-payload.png}.
 *
 * <p>When does compressing a small body pay? It saves {@code saved} bytes on the wire (original minus
 * compressed minus the {@code Content-Encoding} header line it adds) and costs a compress on the
 * server and a decompress on the client. On a link of {@code B} bit/s the saving is worth
 * {@code saved * 8 / B} seconds, so compression pays when the link is slower than
 * {@code saved * 8 / (compress + decompress time)}: the "break-even link" column. For a reference
 * link the report names, per coding, the size below which compression stops paying (it pays at that
 * size and at every larger measured size). Latency effects of whole packets or TCP windows are not
 * modelled, which makes the estimate favour compression slightly for bodies near one segment.
 */
final class SmallPayloadReport {
    /** The request line a client holding a dictionary sends: {@code Available-Dictionary: :<44 base64>:}. */
    static final int AVAILABLE_DICTIONARY_LINE = "Available-Dictionary: ::\r\n".length() + 44;

    /**
     * One codec at one size of the prefix bodies: mean compressed and gzip-6 bytes (computed outside JMH
     * from the same bodies), the mean bytes saved net of the header lines the coding adds, and the JMH pair.
     */
    record Cell(String codec, int size, int payloads, double meanCompressed, double meanGzip, double saved,
                Measurement compress, Measurement decompress) {
        double ratio() {
            return meanCompressed / size;
        }

        double roundTripNs() {
            return compress.nsPerOp() + decompress.nsPerOp();
        }

        /** The link speed (Mbit/s) below which compressing this body saves time overall. */
        double breakEvenMbps() {
            return saved <= 0 ? 0 : saved * 8 / roundTripNs() * 1000;
        }

        /** Per codec and size, the cells of {@code benchmark}'s results on the prefix bodies of {@code corpus}. */
        static Map<String, TreeMap<Integer, Cell>> of(List<Measurement> results, String benchmark, Path corpus,
                                                      Function<String, Engine> engines, ToIntFunction<String> headerBytes) {
            Map<String, TreeMap<Integer, Cell>> out = new LinkedHashMap<>();
            Measurement.pairsBySize(results, benchmark).forEach((codec, sizes) -> sizes.forEach((size, cd) -> {
                Engine engine = engines.apply(codec);
                List<byte[]> payloads = Corpus.prefixes(corpus, size, PrefixPayloadBench.SLICES);
                double mean = payloads.stream().mapToLong(engine::compressedSize).sum() / (double) payloads.size();
                double gzip = payloads.stream().mapToLong(BenchDictionary::gzip6Size).sum() / (double) payloads.size();
                out.computeIfAbsent(codec, k -> new TreeMap<>()).put(size, new Cell(codec, size, payloads.size(), mean,
                        gzip, size - mean - headerBytes.applyAsInt(codec), cd[0], cd[1]));
            }));
            return out;
        }
    }

    private static final Table<Cell> COLUMNS = new Table<Cell>()
            .text("codec", "codec", Cell::codec)
            .text("size", "size B", Cell::size)
            .csvOnly("payloads", Cell::payloads)
            .csvOnly("mean_compressed_bytes", Cell::meanCompressed)
            .column("ratio", "size ratio", Cell::ratio, c -> percent(c.meanCompressed(), c.size()))
            .number("saved_bytes_net_of_header", "saved B", Cell::saved, 0)
            .withError("compress_ns", "compress ns/op", c -> c.compress().nsPerOp(), c -> c.compress().nsError(), 0)
            .withError("decompress_ns", "decompress ns/op", c -> c.decompress().nsPerOp(), c -> c.decompress().nsError(), 0)
            .number("compress_alloc_b_op", "compress B/op", c -> c.compress().bytesPerOp(), 0)
            .csvOnly("decompress_alloc_b_op", c -> c.decompress().bytesPerOp())
            .number("break_even_link_mbit_s", "break-even link Mbit/s", Cell::breakEvenMbps, 0);

    private final double linkMbps;
    private final Map<String, TreeMap<Integer, Cell>> byCodec;

    SmallPayloadReport(Path corpus, List<Measurement> measurements, double linkMbps) {
        this.linkMbps = linkMbps;
        this.byCodec = Cell.of(measurements, "SmallPayloadBench", corpus, id -> BenchCodecs.byId(id).engine("spi"),
                id -> contentEncodingLine(BenchCodecs.byId(id).coding()));
    }

    /** The response's {@code Content-Encoding} line, which the identity response does not send. */
    static int contentEncodingLine(String coding) {
        return ("Content-Encoding: " + coding + "\r\n").length();
    }

    /** {@code part} as a percentage of {@code whole}, one decimal. */
    static String percent(double part, double whole) {
        return Markdown.num(100 * part / whole, 1) + "%";
    }

    /**
     * The smallest measured size from which {@code pays} holds at every larger size, or -1: where the
     * codec stops paying on a link, or (for "saves bytes") stops saving bytes whatever the CPU cost.
     */
    private static int holdsFrom(TreeMap<Integer, Cell> cells, Predicate<Cell> pays) {
        int from = -1;
        for (Cell cell : cells.descendingMap().values()) {
            if (!pays.test(cell)) {
                break;
            }
            from = cell.size();
        }
        return from;
    }

    void write(Path dir, Markdown md) {
        List<Cell> cells = byCodec.values().stream().flatMap(m -> m.values().stream()).toList();
        COLUMNS.writeCsv(cells, dir.resolve("small-payload.csv"));
        md.heading(2, "Small payloads: where compression stops paying");
        md.paragraph("Bodies of exactly N bytes: the first N bytes of up to " + PrefixPayloadBench.SLICES
                + " corpus files, through the SPI (one-shot compress, bounded stream decompress). "
                + "\"saved\" is the mean bytes saved per body net of the added `Content-Encoding` header line. "
                + "Compression pays on links slower than the break-even link = saved bits / (compress + "
                + "decompress time); packet and TCP-window effects are not modelled.");
        COLUMNS.markdown(md, cells);

        List<List<String>> verdict = new ArrayList<>();
        int below = Integer.MAX_VALUE;
        String best = null;
        for (var e : byCodec.entrySet()) {
            int pays = holdsFrom(e.getValue(), c -> c.saved() > 0 && c.breakEvenMbps() > linkMbps);
            int saves = holdsFrom(e.getValue(), c -> c.saved() > 0);
            verdict.add(List.of(e.getKey(), pays < 0 ? "does not pay up to " + e.getValue().lastKey() + " B"
                    : pays + " B", saves < 0 ? "never" : saves + " B"));
            if (pays > 0 && pays < below) {
                below = pays;
                best = e.getKey();
            }
        }
        String link = "**Verdict:** at " + Markdown.num(linkMbps, 0) + " Mbit/s ";
        md.table(List.of("codec", "stops paying below (" + Markdown.num(linkMbps, 0) + " Mbit/s link)",
                "saves bytes from"), verdict);
        md.paragraph(best == null
                ? link + "no measured coding pays for bodies up to the largest size measured."
                : link + "compression stops paying below **" + below + " B** (the best coding there, " + best
                        + "); below that, identity is faster end to end. This is the number the library's default "
                        + "`rest-compress.threshold` should cite (measured sizes are powers of two, so the true "
                        + "break-even lies between this size and the next smaller one).");
        md.paragraph("![small payload time](small-payload.png)");
        XyChart chart = new XyChart("Small payloads: compress + decompress time per body (SPI)",
                "body size, bytes (log scale)", "ns per body (log scale)", true, true);
        int colour = 0;
        for (var e : byCodec.entrySet()) {
            chart.line(e.getKey(), List.copyOf(e.getValue().values()), Cell::size, Cell::roundTripNs, XyChart::noError,
                    false, colour++);
        }
        chart.writePng(dir.resolve("small-payload.png"));
    }
}
