package dev.restcompress.bench.small;

import dev.restcompress.bench.core.JmhRunner;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.openjdk.jmh.runner.RunnerException;

/**
 * The break-even of dictionary compression ({@link DictionaryRecordBench}): {@code dictionary-break-even.csv}
 * and its section. Compressing one response pays on a link of B bit/s when encode time + wire bytes / B is
 * less than identity bytes / B. The request's {@code Available-Dictionary} line is sent by every client holding
 * the dictionary, whatever the server chooses, so the per-response margin leaves it out and a second margin
 * charges it; a third charges the client's decode. Packet and TCP-window effects are not modelled.
 */
final class DictionaryBreakEven {
    private DictionaryBreakEven() {
    }

    static void run(JmhRunner jmh, Path corpus, String[] codecs, String[] sizes, double linkMbps, Markdown md)
            throws RunnerException {
        List<Measurement> results = jmh.run("small-dictionary-records", jmh.options(DictionaryRecordBench.class)
                .param("codec", codecs).param("size", sizes));
        List<PayloadCell> rows = new ArrayList<>();
        PayloadCell.of(results, "DictionaryRecordBench", (codec, size) -> DictionaryRecordBench.bodies(corpus, codec,
                size)).values().forEach(bySize -> {
            rows.addAll(bySize.tailMap(1).values());
            if (bySize.containsKey(0)) {
                rows.add(bySize.get(0)); // whole records after the cut sizes, as asked
            }
        });
        Table<PayloadCell> columns = columns(8_000.0 / linkMbps);
        columns.writeCsv(rows, jmh.out().resolve("dictionary-break-even.csv"));
        md.heading(2, "Dictionary compression of small JSON: does it pay at " + Markdown.num(linkMbps, 0) + " Mbit/s?");
        md.paragraph("Held-out records of every JSON data set (each API's dictionary: "
                + DictionaryRecordBench.DICTIONARY_KIB + " KiB of its other records, raw). Size N: records of at "
                + "least N bytes cut to N, at most " + DictionaryRecordBench.PER_SET + " per data set; \"whole\": "
                + "every held-out record under 4 KiB (mean identity bytes in brackets). "
                + "wire = body bytes incl. the dcz/dcb header; saved = identity - wire - the Content-Encoding line; "
                + "worth = the time those bytes take on the link. Margin = worth - encode time (positive: compressing "
                + "pays), with the encode time's 99.9% error: \"pays\"/\"loses\" when the margin is outside the error, "
                + "\"noise\" otherwise. \"incl. request line\" also charges the 70-byte Available-Dictionary request line; "
                + "\"enc+dec\" also charges the client's decode.");
        columns.markdown(md, rows);
    }

    /** worth = the time the saved bytes take on a link of {@code nsPerByte}. */
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
                        c -> verdict(marginRound.applyAsDouble(c), Math.hypot(encErr.applyAsDouble(c),
                                decErr.applyAsDouble(c))));
    }

    private static String verdict(double margin, double err) {
        String v = margin - err > 0 ? "pays" : margin + err < 0 ? "loses" : "noise";
        return String.format(Locale.ROOT, "%+.0f ± %.0f ns %s", margin, err, v);
    }
}
