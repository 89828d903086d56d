package dev.restcompress.bench.small;

import dev.restcompress.bench.codec.BenchCodec;
import dev.restcompress.bench.codec.BenchCodecs;
import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.report.Csv;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.XyChart;
import dev.restcompress.codec.Codec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

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
    /** The files {@link #write} creates. */
    static final List<String> FILES = List.of("small-payload.csv", "small-payload.png");

    /** One codec at one size. */
    private record Cell(String codec, int size, int payloads, double meanCompressed, double saved,
                        Measurement compress, Measurement decompress) {
        double roundTripNs() {
            return compress.nsPerOp() + decompress.nsPerOp();
        }

        /** The link speed (Mbit/s) below which compressing this body saves time overall. */
        double breakEvenMbps() {
            return saved <= 0 ? 0 : saved * 8 / roundTripNs() * 1000;
        }
    }

    private final Path corpus;
    private final double linkMbps;
    private final Map<String, TreeMap<Integer, Cell>> byCodec = new LinkedHashMap<>();

    SmallPayloadReport(Path corpus, List<Measurement> measurements, double linkMbps) {
        this.corpus = corpus;
        this.linkMbps = linkMbps;
        Measurement.pairsBySize(measurements, "SmallPayloadBench").forEach((codec, sizes) -> sizes.forEach((size, cd) ->
                byCodec.computeIfAbsent(codec, k -> new TreeMap<>()).put(size, cell(codec, size, cd[0], cd[1]))));
    }

    private Cell cell(String codecId, int size, Measurement c, Measurement d) {
        BenchCodec bc = BenchCodecs.byId(codecId);
        Codec codec = bc.spi().get();
        List<byte[]> payloads = Corpus.prefixes(corpus, size, PrefixPayloadBench.SLICES);
        byte[] out = new byte[codec.maxCompressedLength(size)];
        long total = 0;
        for (byte[] p : payloads) {
            total += codec.compress(p, 0, size, out, 0);
        }
        double mean = (double) total / payloads.size();
        int header = ("Content-Encoding: " + bc.coding() + "\r\n").length();
        return new Cell(codecId, size, payloads.size(), mean, size - mean - header, c, d);
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
        Csv csv = new Csv("codec", "size", "payloads", "mean_compressed_bytes", "ratio", "saved_bytes_net_of_header",
                "compress_ns", "compress_ns_err", "compress_alloc_b_op", "decompress_ns", "decompress_ns_err",
                "decompress_alloc_b_op", "break_even_link_mbit_s");
        List<List<String>> table = new ArrayList<>();
        for (var e : byCodec.entrySet()) {
            for (Cell c : e.getValue().values()) {
                csv.row(c.codec(), c.size(), c.payloads(), c.meanCompressed(), c.meanCompressed() / c.size(), c.saved(),
                        c.compress().nsPerOp(), c.compress().nsError(), c.compress().bytesPerOp(),
                        c.decompress().nsPerOp(), c.decompress().nsError(), c.decompress().bytesPerOp(),
                        c.breakEvenMbps());
                table.add(List.of(c.codec(), Integer.toString(c.size()),
                        Markdown.num(100 * c.meanCompressed() / c.size(), 1) + "%", Markdown.num(c.saved(), 0),
                        Markdown.withError(c.compress().nsPerOp(), c.compress().nsError(), 0),
                        Markdown.withError(c.decompress().nsPerOp(), c.decompress().nsError(), 0),
                        Markdown.num(c.compress().bytesPerOp(), 0),
                        Markdown.num(c.breakEvenMbps(), 0)));
            }
        }
        csv.write(dir.resolve("small-payload.csv"));

        md.heading(2, "Small payloads: where compression stops paying");
        md.paragraph("Bodies of exactly N bytes: the first N bytes of up to " + PrefixPayloadBench.SLICES
                + " corpus files, through the SPI (one-shot compress, bounded stream decompress). "
                + "\"saved\" is the mean bytes saved per body net of the added `Content-Encoding` header line. "
                + "Compression pays on links slower than the break-even link = saved bits / (compress + "
                + "decompress time); packet and TCP-window effects are not modelled.");
        md.table(List.of("codec", "size B", "size ratio", "saved B", "compress ns/op", "decompress ns/op",
                "compress B/op", "break-even link Mbit/s"), table);

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
        md.table(List.of("codec", "stops paying below (" + Markdown.num(linkMbps, 0) + " Mbit/s link)",
                "saves bytes from"), verdict);
        md.paragraph(best == null
                ? "**Verdict:** at " + Markdown.num(linkMbps, 0) + " Mbit/s no measured coding pays for bodies up to "
                        + "the largest size measured."
                : "**Verdict:** at " + Markdown.num(linkMbps, 0) + " Mbit/s compression stops paying below **"
                        + below + " B** (the best coding there, " + best + "); below that, identity is faster "
                        + "end to end. This is the number the library's default `rest-compress.threshold` "
                        + "should cite (measured sizes are powers of two, so the true break-even lies between "
                        + "this size and the next smaller one).");
        md.paragraph("![small payload time](small-payload.png)");
        writeChart(dir.resolve("small-payload.png"));
    }

    private void writeChart(Path png) {
        XyChart chart = new XyChart("Small payloads: compress + decompress time per body (SPI)",
                "body size, bytes (log scale)", "ns per body (log scale)", true, true);
        int colour = 0;
        for (var e : byCodec.entrySet()) {
            chart.line(e.getKey(), List.copyOf(e.getValue().values()), Cell::size, Cell::roundTripNs, XyChart::noError,
                    false, colour++);
        }
        chart.writePng(png);
    }
}
