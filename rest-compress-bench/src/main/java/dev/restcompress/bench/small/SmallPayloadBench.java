package dev.restcompress.bench.small;

import dev.restcompress.bench.codec.BenchCodecs;
import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.Table;
import dev.restcompress.bench.report.XyChart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.openjdk.jmh.annotations.Param;

/**
 * Small bodies through the codec SPI per coding and level, and their report (README: "Small payloads"). Packets
 * and TCP windows are not modelled, which favours compression slightly for bodies near one segment.
 */
public class SmallPayloadBench extends PrefixPayloadBench {
    private static final Table<PayloadCell> COLUMNS = PayloadCell.columns("saved_bytes_net_of_header")
            .csvOnly("payloads", PayloadCell::bodies)
            .number("compress_alloc_b_op", "compress B/op", c -> c.compress().bytesPerOp(), 0)
            .csvOnly("decompress_alloc_b_op", c -> c.decompress().bytesPerOp());

    @Param({"lzf", "gzip-jdk-1", "gzip-jdk-6", "gzip-libdeflate-1", "gzip-libdeflate-6", "gzip-libdeflate-9",
        "zstd-1", "zstd-3", "br-1", "br-4", "br-5"})
    public String codec;

    @Override
    Engine engine() {
        return BenchCodecs.byId(codec).engine("spi");
    }

    /** The smallest measured size from which {@code pays} holds at every larger size, or -1. */
    private static int holdsFrom(TreeMap<Integer, PayloadCell> cells, Predicate<PayloadCell> pays) {
        return cells.descendingMap().values().stream().takeWhile(pays).mapToInt(PayloadCell::size).min().orElse(-1);
    }

    static void write(Path corpus, List<Measurement> results, double linkMbps, Path dir, Markdown md) {
        Map<String, TreeMap<Integer, PayloadCell>> byCodec = PayloadCell.of(results, "SmallPayloadBench",
                (codec, size) -> PrefixPayloadBench.bodies(corpus, size, BenchCodecs.byId(codec).engine("spi")));
        List<PayloadCell> cells = byCodec.values().stream().flatMap(m -> m.values().stream()).toList();
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
        String link = Markdown.num(linkMbps, 0) + " Mbit/s";
        md.table(List.of("codec", "stops paying below (" + link + " link)", "saves bytes from"), verdict);
        md.paragraph("**Verdict:** at " + link + (best == null
                ? " no measured coding pays for bodies up to the largest size measured."
                : " compression stops paying below **" + below + " B** (the best coding there, " + best
                        + "); below that, identity is faster end to end. This is the number the library's default "
                        + "`rest-compress.threshold` should cite (measured sizes are powers of two, so the true "
                        + "break-even lies between this size and the next smaller one)."));
        md.paragraph("![small payload time](small-payload.png)");
        XyChart chart = new XyChart("Small payloads: compress + decompress time per body (SPI)",
                "body size, bytes (log scale)", "ns per body (log scale)", true, true);
        int colour = 0;
        for (var e : byCodec.entrySet()) {
            chart.line(e.getKey(), List.copyOf(e.getValue().values()), PayloadCell::size, PayloadCell::roundTripNs,
                    XyChart::noError, false, colour++);
        }
        chart.writePng(dir.resolve("small-payload.png"));
    }
}
