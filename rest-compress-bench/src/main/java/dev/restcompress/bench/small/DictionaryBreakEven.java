package dev.restcompress.bench.small;

import dev.restcompress.bench.core.Cli;
import dev.restcompress.bench.core.JmhRunner;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.dictionary.JsonRecordSets;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.Table;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.openjdk.jmh.runner.RunnerException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The break-even of dictionary compression on small JSON responses, from one command:
 * runs {@link DictionaryRecordBench} for the given codecs and sizes, computes the bytes of the same
 * bodies outside JMH, and prints (and writes as {@code dictionary-break-even.md}/{@code .csv}) per
 * codec and size: bytes on the wire, share of gzip-6, the time the saved bytes are worth on the link,
 * the encode (and decode) time with JMH's 99.9% error, and whether compressing pays.
 *
 * <p>What counts. Compressing one response pays on a link of {@code B} bit/s when
 * {@code encode time + compressed bytes / B < identity bytes / B}. The compressed response carries
 * its body (for dcz/dcb the 40/36-byte header included) and a {@code Content-Encoding} line the
 * identity response does not. The request's {@code Available-Dictionary} line (70 bytes) is sent by
 * every client that holds the dictionary, whatever the server then chooses, so it is not part of the
 * per-response decision; the "incl. request line" column charges it anyway (the cost of announcing
 * the dictionary, seen from the whole exchange). Decode time is the client's: shown, and a second
 * verdict charges it too. Packet and TCP-window effects are not modelled.
 *
 * <p>The data sets come from {@link JsonRecordSets} ({@code -Drestcompress.bench.json-records=testdata:../shared/corpus/json}).
 */
public final class DictionaryBreakEven {
    private DictionaryBreakEven() {
    }

    @Command(name = "DictionaryBreakEven", mixinStandardHelpOptions = true)
    static final class Args {
        @Option(names = "--codecs", split = ",", description = "codec ids (default zstd-3,dcz-3)")
        String[] codecs = {"zstd-3", "dcz-3"};
        @Option(names = "--sizes", split = ",", description = "record sizes, 0: whole records (default 128,256,384,512,1024,0)")
        String[] sizes = {"128", "256", "384", "512", "1024", "0"};
        @Option(names = "--dict-kib", description = "dictionary size (default 64)")
        int dictKib = 64;
        @Option(names = "--link-mbps", description = "reference link (default 1000)")
        double linkMbps = 1000;
        @Option(names = "--forks")
        int forks = 1;
        @Option(names = "--warmups")
        int warmups = 3;
        @Option(names = "--iterations")
        int iterations = 5;
        @Option(names = "--time-ms")
        int timeMs = 1000;
        @Option(names = "--out")
        Path out = Path.of("target/dictionary-break-even");
    }

    public static void main(String[] argv) throws Exception {
        Args a = Cli.parse(new Args(), argv);
        if (a == null) {
            return;
        }
        Files.createDirectories(a.out);
        Markdown md = new Markdown();
        run(new JmhRunner(a.forks, a.warmups, a.iterations, a.timeMs, a.out), "dictionary-break-even", a.codecs,
                a.sizes, a.dictKib, JsonRecordSets.folders(), a.linkMbps, md);
        md.write(a.out.resolve("dictionary-break-even.md"));
        System.out.println(md);
    }

    /**
     * Runs {@link DictionaryRecordBench} as {@code name} and writes {@code dictionary-break-even.csv} into
     * the runner's folder and its section into {@code md}.
     */
    static void run(JmhRunner jmh, String name, String[] codecs, String[] sizes, int dictKib, List<Path> folders,
                    double linkMbps, Markdown md) throws RunnerException {
        List<Measurement> results = jmh.run(name, jmh.options(DictionaryRecordBench.class).param("codec", codecs)
                .param("size", sizes).param("dictKib", Integer.toString(dictKib))
                .param("folders", JsonRecordSets.propertyValue(folders)));
        List<PayloadCell> rows = new ArrayList<>();
        PayloadCell.of(results, "DictionaryRecordBench", (codec, size) -> DictionaryRecordBench.bodies(codec, size, dictKib,
                folders)).values().forEach(bySize -> {
            rows.addAll(bySize.tailMap(1).values());
            if (bySize.containsKey(0)) {
                rows.add(bySize.get(0)); // whole records after the cut sizes, as asked
            }
        });
        Table<PayloadCell> columns = columns(8_000.0 / linkMbps);
        columns.writeCsv(rows, jmh.out().resolve("dictionary-break-even.csv"));
        md.heading(2, "Dictionary compression of small JSON: does it pay at " + Markdown.num(linkMbps, 0) + " Mbit/s?");
        md.paragraph("Held-out records of every JSON data set (each API's dictionary: " + dictKib + " KiB of its other "
                + "records, raw). Size N: records of at least N bytes cut to N, at most " + DictionaryRecordBench.PER_SET
                + " per data set; \"whole\": every held-out record under 4 KiB (mean identity bytes in brackets). "
                + "wire = body bytes incl. the dcz/dcb header; saved = identity - wire - the Content-Encoding line; "
                + "worth = the time those bytes take on the link. Margin = worth - encode time (positive: compressing "
                + "pays), with the encode time's 99.9% error: \"pays\"/\"loses\" when the margin is outside the error, "
                + "\"noise\" otherwise. \"incl. request line\" also charges the 70-byte Available-Dictionary request line; "
                + "\"enc+dec\" also charges the client's decode.");
        columns.markdown(md, rows);
    }

    /** The columns; worth = the time the saved bytes take on a link of {@code nsPerByte}. */
    private static Table<PayloadCell> columns(double nsPerByte) {
        ToDoubleFunction<PayloadCell> worth = c -> c.savedResponse() * nsPerByte;
        ToDoubleFunction<PayloadCell> margin = c -> worth.applyAsDouble(c) - c.compress().nsPerOp();
        ToDoubleFunction<PayloadCell> marginAll = c -> c.saved() * nsPerByte - c.compress().nsPerOp();
        ToDoubleFunction<PayloadCell> marginRound = c -> margin.applyAsDouble(c) - c.decompress().nsPerOp();
        ToDoubleFunction<PayloadCell> encErr = c -> PayloadCell.error(c.compress());
        ToDoubleFunction<PayloadCell> decErr = c -> PayloadCell.error(c.decompress());
        return new Table<PayloadCell>()
                .text("codec", "codec", PayloadCell::codec)
                .column("size", "size B", PayloadCell::size,
                        c -> c.size() == 0 ? "whole <4K (" + Markdown.num(c.identity(), 0) + ")" : Integer.toString(c.size()))
                .text("bodies", "bodies", PayloadCell::bodies)
                .csvOnly("identity_bytes", PayloadCell::identity)
                .number("wire_bytes", "wire B", PayloadCell::wire, 1)
                .number("of_gzip6", "of gzip-6", c -> c.wire() / c.gzip(), 3)
                .number("saved_bytes_response", "saved B", PayloadCell::savedResponse, 1)
                .csvOnly("saved_bytes_incl_request_line", PayloadCell::saved)
                .number("worth_ns", "worth ns", worth, 0)
                .column("encode_ns", "encode ns", c -> c.compress().nsPerOp(),
                        c -> Markdown.withError(c.compress().nsPerOp(), encErr.applyAsDouble(c), 0))
                .csvOnly("encode_err", encErr::applyAsDouble)
                .column("decode_ns", "decode ns", c -> c.decompress().nsPerOp(),
                        c -> Markdown.withError(c.decompress().nsPerOp(), decErr.applyAsDouble(c), 0))
                .csvOnly("decode_err", decErr::applyAsDouble)
                .column("margin_encode_ns", "margin (response)", margin::applyAsDouble,
                        c -> verdict(margin.applyAsDouble(c), encErr.applyAsDouble(c)))
                .column("margin_incl_request_line_ns", "margin incl. request line", marginAll::applyAsDouble,
                        c -> verdict(marginAll.applyAsDouble(c), encErr.applyAsDouble(c)))
                .column("margin_encode_decode_ns", "margin enc+dec", marginRound::applyAsDouble,
                        c -> verdict(marginRound.applyAsDouble(c), Math.hypot(encErr.applyAsDouble(c), decErr.applyAsDouble(c))));
    }

    private static String verdict(double margin, double err) {
        String v = margin - err > 0 ? "pays" : margin + err < 0 ? "loses" : "noise";
        return String.format(Locale.ROOT, "%+.0f ± %.0f ns %s", margin, err, v);
    }
}
