package dev.restcompress.bench.small;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.dictionary.BenchDictionary;
import dev.restcompress.bench.dictionary.DeltaVersions;
import dev.restcompress.bench.dictionary.TrainDictionary;
import dev.restcompress.bench.report.Csv;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.config.DictionarySettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns {@link DictionaryPayloadBench} results into {@code small-dictionary.csv} and a markdown
 * section: dcz/dcb sizes against gzip-6 and zstd without a dictionary, the break-even link as in
 * {@link SmallPayloadReport} (the saved bytes also pay for the request's {@code Available-Dictionary}
 * line), the encode cost of the dictionary, whole small JSON documents, and the delta row. Sizes are
 * computed here, outside JMH, from the same bodies; gzip-6 is the JDK's zlib at level 6.
 */
final class DictionaryPayloadReport {
    static final List<String> FILES = List.of("small-dictionary.csv");
    private static final String BASELINE = "zstd-" + DictionarySettings.DEFAULT_DCZ_LEVEL;
    private static final String DCZ = "dcz-" + DictionarySettings.DEFAULT_DCZ_LEVEL;
    private static final String DCB = "dcb-" + DictionarySettings.DEFAULT_DCB_LEVEL;

    private record Cell(String codec, int size, double meanCompressed, double meanGzip, double saved,
                        Measurement compress, Measurement decompress) {
        double breakEvenMbps() {
            return saved <= 0 ? 0 : saved * 8 / (compress.nsPerOp() + decompress.nsPerOp()) * 1000;
        }
    }

    private final Path corpus;
    private final byte[] dictionary;
    private final Map<String, TreeMap<Integer, Cell>> byCodec = new LinkedHashMap<>();

    DictionaryPayloadReport(Path corpus, List<Measurement> measurements) {
        this.corpus = corpus;
        this.dictionary = BenchDictionary.forCorpus(corpus);
        Measurement.pairsBySize(measurements, "DictionaryPayloadBench").forEach((codec, sizes) -> sizes.forEach((size, cd) ->
                byCodec.computeIfAbsent(codec, k -> new TreeMap<>()).put(size, cell(codec, size, cd[0], cd[1]))));
    }

    private Cell cell(String codec, int size, Measurement c, Measurement d) {
        Engine engine = BenchDictionary.engine(codec, dictionary);
        List<byte[]> payloads = Corpus.prefixes(corpus, size, PrefixPayloadBench.SLICES);
        long total = 0;
        long gzip = 0;
        for (byte[] p : payloads) {
            total += engine.compressedSize(p);
            gzip += TrainDictionary.gzipSize(p, 6);
        }
        double mean = (double) total / payloads.size();
        return new Cell(codec, size, mean, (double) gzip / payloads.size(),
                size - mean - BenchDictionary.headerBytes(codec), c, d);
    }

    void write(Path dir, Markdown md) {
        Csv csv = new Csv("codec", "size", "mean_compressed_bytes", "ratio", "of_gzip6", "saved_bytes_net_of_headers",
                "compress_ns", "compress_ns_err", "decompress_ns", "decompress_ns_err", "break_even_link_mbit_s");
        List<List<String>> table = new ArrayList<>();
        for (TreeMap<Integer, Cell> cells : byCodec.values()) {
            for (Cell c : cells.values()) {
                csv.row(c.codec(), c.size(), c.meanCompressed(), c.meanCompressed() / c.size(),
                        c.meanCompressed() / c.meanGzip(), c.saved(), c.compress().nsPerOp(), c.compress().nsError(),
                        c.decompress().nsPerOp(), c.decompress().nsError(), c.breakEvenMbps());
                table.add(List.of(c.codec(), Integer.toString(c.size()),
                        Markdown.num(100 * c.meanCompressed() / c.size(), 1) + "%",
                        Markdown.num(100 * c.meanCompressed() / c.meanGzip(), 1) + "%", Markdown.num(c.saved(), 0),
                        Markdown.withError(c.compress().nsPerOp(), c.compress().nsError(), 0),
                        Markdown.withError(c.decompress().nsPerOp(), c.decompress().nsError(), 0),
                        Markdown.num(c.breakEvenMbps(), 0)));
            }
        }
        csv.write(dir.resolve("small-dictionary.csv"));

        md.heading(2, "Small payloads with a shared dictionary (RFC 9842 dcz, dcb)");
        md.paragraph("The same bodies as the small-payload table (the first N bytes of up to "
                + PrefixPayloadBench.SLICES + " corpus files). The dictionary: " + dictionary.length
                + " bytes, raw, trained with zstd's trainer on the same files from byte "
                + BenchDictionary.TRAINING_FROM + " on (same shape, other records, no measured byte). "
                + "dcz/dcb sizes include their 40/36-byte header; \"saved\" is net of the `Content-Encoding` "
                + "line and, for dcz/dcb, the request's `Available-Dictionary` line. Every row is the library's "
                + "codec through the SPI (one-shot compress, bounded decompress): " + BASELINE + " is " + DCZ
                + " without the dictionary (" + DCZ + " and " + DCB + " are the library's default levels).");
        md.table(List.of("codec", "size B", "size ratio", "of gzip-6", "saved B", "compress ns/op",
                "decompress ns/op", "break-even link Mbit/s"), table);
        encodeCost(md);
        wholeDocuments(md);
        delta(md);
    }

    /** dcz compress time over zstd's at the same (default) level, per size, with the error of the ratio. */
    private void encodeCost(Markdown md) {
        TreeMap<Integer, Cell> dcz = byCodec.get(DCZ);
        TreeMap<Integer, Cell> zstd = byCodec.get(BASELINE);
        if (dcz == null || zstd == null) {
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        for (Integer size : dcz.keySet()) {
            Cell a = dcz.get(size);
            Cell b = zstd.get(size);
            if (b == null) {
                continue;
            }
            double ratio = a.compress().nsPerOp() / b.compress().nsPerOp();
            double err = ratio * Math.hypot(relative(a.compress()), relative(b.compress()));
            rows.add(List.of(Integer.toString(size), Markdown.withError(ratio, err, 2)));
        }
        md.paragraph("Encode cost of the dictionary: " + DCZ + " compress time / " + BASELINE + " compress time (same run; "
                + "error from both rows' 99.9% intervals; the machine is shared and noisy).");
        md.table(List.of("size B", DCZ + " / " + BASELINE + " compress time"), rows);
    }

    private static double relative(Measurement m) {
        return Double.isNaN(m.nsError()) ? 0 : m.nsError() / m.nsPerOp();
    }

    /** Whole JSON files below 4 KiB: real small responses, none of them seen by the trainer. */
    private void wholeDocuments(Markdown md) {
        List<List<String>> rows = new ArrayList<>();
        long[] total = new long[5]; // identity, gzip-6, zstd, dcz, dcb
        Engine dczEngine = BenchDictionary.engine(DCZ, dictionary);
        Engine dcbEngine = BenchDictionary.engine(DCB, dictionary);
        Engine zstdEngine = BenchDictionary.engine(BASELINE, dictionary);
        for (String name : Corpus.names(corpus)) {
            byte[] body = Corpus.read(corpus, name);
            if (!name.endsWith(".json") || body.length >= 4096) {
                continue;
            }
            long[] sizes = {body.length, TrainDictionary.gzipSize(body, 6), zstdEngine.compressedSize(body),
                dczEngine.compressedSize(body), dcbEngine.compressedSize(body)};
            Arrays.setAll(total, i -> total[i] + sizes[i]);
            rows.add(sizesRow(name, sizes));
        }
        if (rows.isEmpty()) {
            return;
        }
        rows.add(sizesRow("**total**", total));
        md.paragraph("Whole JSON documents below 4 KiB (each a complete small response; all shorter than "
                + BenchDictionary.TRAINING_FROM + " B, so the trainer never saw them): bytes on the wire.");
        md.table(List.of("file", "identity", "gzip-6", BASELINE, DCZ, DCB, DCZ + " of gzip-6"), rows);
    }

    /** A row of the whole-documents table: identity, gzip-6, zstd, dcz, dcb bytes, and dcz's share of gzip-6. */
    private static List<String> sizesRow(String name, long[] sizes) {
        List<String> row = new ArrayList<>(List.of(name));
        Arrays.stream(sizes).forEach(n -> row.add(Long.toString(n)));
        row.add(Markdown.num(100.0 * sizes[3] / sizes[1], 1) + "%");
        return row;
    }

    /** The previous version of a 100 KB+ JSON document as the dictionary of the next one. */
    private void delta(Markdown md) {
        String name = null;
        for (String n : Corpus.names(corpus)) {
            long size = Corpus.read(corpus, n).length;
            if (n.endsWith(".json") && size >= 100_000 && size <= 1_000_000) {
                name = n;
                break;
            }
        }
        if (name == null) {
            md.paragraph("Delta row skipped: no JSON file of 100 KB to 1 MB in the corpus.");
            return;
        }
        byte[] v1 = Corpus.read(corpus, name);
        byte[] other = Corpus.read(corpus, Corpus.names(corpus).get(0));
        List<List<String>> rows = new ArrayList<>();
        for (double fraction : new double[] {0.01, 0.02}) {
            deltaRow(rows, "numbers edited", v1, DeltaVersions.numbersEdited(v1, fraction, 42));
            deltaRow(rows, "3 blocks replaced", v1, DeltaVersions.blocksReplaced(v1, other, fraction));
        }
        md.paragraph("Delta: `" + name + "` (" + v1.length + " B) is version 1 and the dictionary of version 2 "
                + "(" + DCZ + " and " + DCB + " with version 1 as raw dictionary; bytes on the wire incl. header).");
        md.table(List.of("change", "bytes changed", "gzip-6", BASELINE, DCZ, DCB, DCZ + " of gzip-6",
                DCB + " of gzip-6"), rows);
    }

    private static void deltaRow(List<List<String>> rows, String model, byte[] v1, byte[] v2) {
        int gzip = TrainDictionary.gzipSize(v2, 6);
        int zstd = BenchDictionary.engine(BASELINE, v1).compressedSize(v2);
        int dcz = BenchDictionary.engine(DCZ, v1).compressedSize(v2);
        int dcb = BenchDictionary.engine(DCB, v1).compressedSize(v2);
        int changed = DeltaVersions.differing(v1, v2);
        rows.add(List.of(model, changed + " (" + Markdown.num(100.0 * changed / v1.length, 1) + "%)",
                Integer.toString(gzip), Integer.toString(zstd), Integer.toString(dcz), Integer.toString(dcb),
                Markdown.num(100.0 * dcz / gzip, 1) + "%", Markdown.num(100.0 * dcb / gzip, 1) + "%"));
    }
}
