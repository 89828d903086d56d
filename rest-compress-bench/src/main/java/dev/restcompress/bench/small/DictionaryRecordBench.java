package dev.restcompress.bench.small;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.core.JmhRunner;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.dictionary.BenchDictionary;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.runner.RunnerException;

/**
 * Small JSON records with their own API's dictionary, and the break-even report (README: "Break-even rows"). The
 * request's {@code Available-Dictionary} line is sent whatever the server chooses: one margin leaves it out, one not.
 */
public class DictionaryRecordBench extends PayloadBench {
    /** Cut records per API, so every API weighs alike. */
    static final int PER_SET = 16;
    /** Each API's dictionary: its training records concatenated, the trainer's default size. */
    static final int DICTIONARY_KIB = 64;
    private static final Pattern FIRST_OBJECT_IN_ARRAY = Pattern.compile("\\[\\s*\\{");
    /** A string (to its closing quote, or the end of the text) or a bracket: brackets in strings do not count. */
    private static final Pattern TOKEN = Pattern.compile("\"(?:[^\"\\\\]++|\\\\.?)*+\"?|[\\[\\]{}]", Pattern.DOTALL);

    @Param({"zstd-3", "dcz-3"})
    public String codec;

    @Param({"128", "256", "384", "512", "1024", "0"})
    public int size;

    @Override
    List<Body> bodies() {
        return bodies(Corpus.dir(), codec, size);
    }

    static List<Body> bodies(Path corpus, String codec, int size) {
        List<Body> out = new ArrayList<>();
        for (List<byte[]> records : apis(corpus)) {
            List<byte[]> training = new ArrayList<>();
            List<byte[]> picked = new ArrayList<>();
            for (int i = 0; i < records.size(); i++) {
                byte[] r = records.get(i);
                if (i % 2 == 0) {
                    training.add(r);
                } else if (size == 0 && r.length < 4096) {
                    picked.add(r);
                } else if (size > 0 && r.length >= size && picked.size() < PER_SET) {
                    picked.add(Arrays.copyOf(r, size));
                }
            }
            if (!picked.isEmpty()) {
                byte[] dictionary = BenchDictionary.concatenate(training, DICTIONARY_KIB * 1024);
                Engine engine = BenchDictionary.engine(codec, dictionary);
                picked.forEach(b -> out.add(new Body(b, engine)));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("no held-out record of " + size + " bytes or more");
        }
        return out;
    }

    /** The records of every {@code .json} and {@code .ndjson} file of {@code folder} that is an API, by file name. */
    static List<List<byte[]>> apis(Path folder) {
        List<List<byte[]>> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(folder)) {
            for (Path f : s.filter(p -> Files.isRegularFile(p) && p.toString().matches(".*\\.(nd)?json"))
                    .sorted().toList()) {
                List<byte[]> records = records(Files.readString(f), f.toString().endsWith(".ndjson"));
                if (records.size() >= 10) { // 5 to train and 5 to measure: else a config or a single object
                    out.add(records);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + folder, e);
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("no JSON data set in " + folder);
        }
        return out;
    }

    /** The elements of the first array of objects (or the lines of NDJSON), byte for byte as in the file. */
    private static List<byte[]> records(String text, boolean ndjson) {
        if (ndjson) {
            return Arrays.stream(text.split("\n")).filter(l -> !l.isBlank())
                    .map(l -> l.getBytes(StandardCharsets.UTF_8)).toList();
        }
        List<byte[]> out = new ArrayList<>();
        Matcher first = FIRST_OBJECT_IN_ARRAY.matcher(text);
        if (!first.find()) {
            return out;
        }
        Matcher token = TOKEN.matcher(text).region(first.end() - 1, text.length());
        int depth = 0;
        int from = 0;
        while (token.find()) {
            char c = text.charAt(token.start());
            if (c == '{' || c == '[') {
                if (depth++ == 0) {
                    from = token.start();
                }
            } else if (c != '"' && --depth <= 0) {
                if (depth < 0) {
                    break; // the end of the array
                }
                out.add(text.substring(from, token.end()).getBytes(StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    static void run(JmhRunner jmh, Path corpus, String[] codecs, String[] sizes, double linkMbps, Markdown md)
            throws RunnerException {
        List<Measurement> results = jmh.run("small-dictionary-records", jmh.options(DictionaryRecordBench.class)
                .param("codec", codecs).param("size", sizes));
        List<PayloadCell> rows = PayloadCell.of(results, "DictionaryRecordBench", (c, n) -> bodies(corpus, c, n))
                .values().stream() // whole records (size 0) after the cut sizes
                .flatMap(m -> Stream.concat(m.tailMap(1).values().stream(), m.headMap(1).values().stream())).toList();
        Table<PayloadCell> columns = columns(8_000.0 / linkMbps);
        columns.writeCsv(rows, jmh.out().resolve("dictionary-break-even.csv"));
        md.heading(2, "Dictionary compression of small JSON: does it pay at " + Markdown.num(linkMbps, 0) + " Mbit/s?");
        md.paragraph("Held-out records of every JSON data set (each API's dictionary: " + DICTIONARY_KIB + " KiB of "
                + "its other records, raw). Size N: records of at least N bytes cut to N, at most " + PER_SET
                + " per data set; \"whole\": every held-out record under 4 KiB (mean identity bytes in brackets). "
                + "wire = body bytes incl. the dcz/dcb header; saved = identity - wire - the Content-Encoding line; "
                + "worth = the time those bytes take on the link. Margin = worth - encode time (positive: compressing "
                + "pays), with the encode time's 99.9% error: \"pays\"/\"loses\" when the margin is outside the "
                + "error, \"noise\" otherwise. \"incl. request line\" also charges the 70-byte Available-Dictionary "
                + "request line; \"enc+dec\" also charges the client's decode.");
        columns.markdown(md, rows);
    }

    private static Table<PayloadCell> columns(double nsPerByte) {
        ToDoubleFunction<PayloadCell> worth = c -> c.savedResponse() * nsPerByte;
        ToDoubleFunction<PayloadCell> margin = c -> worth.applyAsDouble(c) - c.compress().nsPerOp();
        ToDoubleFunction<PayloadCell> marginAll = c -> c.saved() * nsPerByte - c.compress().nsPerOp();
        ToDoubleFunction<PayloadCell> marginRound = c -> margin.applyAsDouble(c) - c.decompress().nsPerOp();
        ToDoubleFunction<PayloadCell> encErr = c -> PayloadCell.error(c.compress());
        ToDoubleFunction<PayloadCell> decErr = c -> PayloadCell.error(c.decompress());
        return new Table<PayloadCell>()
                .text("codec", "codec", PayloadCell::codec)
                .column("size", "size B", PayloadCell::size, c -> c.size() == 0
                        ? "whole <4K (" + Markdown.num(c.identity(), 0) + ")" : Integer.toString(c.size()))
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
