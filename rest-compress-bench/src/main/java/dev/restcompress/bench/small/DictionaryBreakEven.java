package dev.restcompress.bench.small;

import dev.restcompress.bench.core.Cli;
import dev.restcompress.bench.core.JmhRunner;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.dictionary.JsonRecordSets;
import dev.restcompress.bench.dictionary.TrainDictionary;
import dev.restcompress.bench.report.Csv;
import dev.restcompress.bench.report.Markdown;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
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
 * <p>Usage: {@code java -cp benchmarks.jar dev.restcompress.bench.small.DictionaryBreakEven
 * [--codecs zstd-3,dcz-3] [--sizes 128,256,384,512,1024,0] [--dict-kib 64] [--link-mbps 1000]
 * [--forks 1] [--warmups 3] [--iterations 5] [--time-ms 1000] [--out DIR]}; the data sets come from
 * {@link JsonRecordSets} ({@code -Drestcompress.bench.json-records=testdata:../shared/corpus/json}).
 */
public final class DictionaryBreakEven {
    /** The request line a client holding a dictionary sends: {@code Available-Dictionary: :<44 base64>:}. */
    static final int AVAILABLE_DICTIONARY_LINE = "Available-Dictionary: ::\r\n".length() + 44;

    private DictionaryBreakEven() {
    }

    /** Bytes of one codec at one size, computed outside JMH from the same bodies. */
    record Sizes(int bodies, double identity, double wire, double gzip) {
        static Sizes of(String codec, int size, int dictKib, List<Path> folders) throws IOException {
            DictionaryRecordBodies b = DictionaryRecordBodies.of(codec, size, dictKib, folders);
            long identity = 0;
            long wire = 0;
            long gzip = 0;
            for (int i = 0; i < b.bodies.length; i++) {
                byte[] body = b.bodies[i];
                identity += body.length;
                wire += b.engines[i].compressedSize(body);
                gzip += TrainDictionary.gzipSize(body, 6);
            }
            int n = b.bodies.length;
            return new Sizes(n, (double) identity / n, (double) wire / n, (double) gzip / n);
        }
    }

    /** The command line. */
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
        JmhRunner jmh = new JmhRunner(a.forks, a.warmups, a.iterations, a.timeMs, a.out);
        List<Path> folders = JsonRecordSets.folders();
        ChainedOptionsBuilder options = jmh.options(DictionaryRecordBench.class).param("codec", a.codecs)
                .param("size", a.sizes).param("dictKib", Integer.toString(a.dictKib))
                .param("folders", JsonRecordSets.propertyValue(folders));
        List<Measurement> results = jmh.run("dictionary-break-even", options);
        Markdown md = new Markdown();
        write(results, a.dictKib, folders, a.linkMbps, a.out, md);
        Files.writeString(a.out.resolve("dictionary-break-even.md"), md.toString());
        System.out.println(md);
    }

    static void write(List<Measurement> results, int dictKib, List<Path> folders, double linkMbps, Path out, Markdown md)
            throws IOException {
        Map<String, Measurement> byKey = new LinkedHashMap<>();
        for (Measurement m : results) {
            if (m.benchmark().equals("DictionaryRecordBench")) {
                byKey.put(m.param("codec") + "/" + m.param("size") + "/" + m.method(), m);
            }
        }
        Csv csv = new Csv("codec", "size", "bodies", "identity_bytes", "wire_bytes", "of_gzip6", "saved_bytes_response",
                "saved_bytes_incl_request_line", "worth_ns", "encode_ns", "encode_err", "decode_ns", "decode_err",
                "margin_encode_ns", "margin_incl_request_line_ns", "margin_encode_decode_ns");
        List<List<String>> rows = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (String key : byKey.keySet()) {
            String cs = key.substring(0, key.lastIndexOf('/'));
            if (!seen.contains(cs)) {
                seen.add(cs);
            }
        }
        double nsPerByte = 8_000.0 / linkMbps;
        for (String cs : seen) {
            String codec = cs.substring(0, cs.indexOf('/'));
            int size = Integer.parseInt(cs.substring(cs.indexOf('/') + 1));
            Measurement enc = byKey.get(cs + "/compress");
            Measurement dec = byKey.get(cs + "/decompress");
            if (enc == null) {
                continue;
            }
            Sizes s = Sizes.of(codec, size, dictKib, folders);
            String coding = codec.substring(0, codec.indexOf('-'));
            int contentEncoding = ("Content-Encoding: " + coding + "\r\n").length();
            double saved = s.identity() - s.wire() - contentEncoding;
            double savedAll = saved - (coding.startsWith("dc") ? AVAILABLE_DICTIONARY_LINE : 0);
            double worth = saved * nsPerByte;
            double encErr = Double.isNaN(enc.nsError()) ? 0 : enc.nsError();
            double decNs = dec == null ? Double.NaN : dec.nsPerOp();
            double decErr = dec == null || Double.isNaN(dec.nsError()) ? 0 : dec.nsError();
            double margin = worth - enc.nsPerOp();
            double marginAll = savedAll * nsPerByte - enc.nsPerOp();
            double marginRound = worth - enc.nsPerOp() - decNs;
            csv.row(codec, size, s.bodies(), s.identity(), s.wire(), s.wire() / s.gzip(), saved, savedAll, worth,
                    enc.nsPerOp(), encErr, decNs, decErr, margin, marginAll, marginRound);
            rows.add(List.of(codec, size == 0 ? "whole <4K (" + Markdown.num(s.identity(), 0) + ")" : Integer.toString(size),
                    Integer.toString(s.bodies()), Markdown.num(s.wire(), 1),
                    Markdown.num(s.wire() / s.gzip(), 3), Markdown.num(saved, 1), Markdown.num(worth, 0),
                    Markdown.withError(enc.nsPerOp(), encErr, 0), Markdown.withError(decNs, decErr, 0),
                    verdict(margin, encErr), verdict(marginAll, encErr),
                    verdict(marginRound, Math.hypot(encErr, decErr))));
        }
        csv.write(out.resolve("dictionary-break-even.csv"));
        md.heading(2, "Dictionary compression of small JSON: does it pay at " + Markdown.num(linkMbps, 0) + " Mbit/s?");
        md.paragraph("Held-out records of every JSON data set (each API's dictionary: " + dictKib + " KiB of its other "
                + "records, raw). Size N: records of at least N bytes cut to N, at most " + DictionaryRecordBodies.PER_SET
                + " per data set; \"whole\": every held-out record under 4 KiB (mean identity bytes in brackets). "
                + "wire = body bytes incl. the dcz/dcb header; saved = identity - wire - the Content-Encoding line; "
                + "worth = the time those bytes take on the link. Margin = worth - encode time (positive: compressing "
                + "pays), with the encode time's 99.9% error: \"pays\"/\"loses\" when the margin is outside the error, "
                + "\"noise\" otherwise. \"incl. request line\" also charges the 70-byte Available-Dictionary request line; "
                + "\"enc+dec\" also charges the client's decode.");
        md.table(List.of("codec", "size B", "bodies", "wire B", "of gzip-6", "saved B", "worth ns", "encode ns",
                "decode ns", "margin (response)", "margin incl. request line", "margin enc+dec"), rows);
    }

    private static String verdict(double margin, double err) {
        String v = margin - err > 0 ? "pays" : margin + err < 0 ? "loses" : "noise";
        return String.format(Locale.ROOT, "%+.0f ± %.0f ns %s", margin, err, v);
    }
}
