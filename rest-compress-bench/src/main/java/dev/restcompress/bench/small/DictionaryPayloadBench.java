package dev.restcompress.bench.small;

import static dev.restcompress.config.DictionarySettings.DEFAULT_DCB_LEVEL;
import static dev.restcompress.config.DictionarySettings.DEFAULT_DCZ_LEVEL;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.core.Measurement;
import dev.restcompress.bench.dictionary.BenchDictionary;
import dev.restcompress.bench.report.Markdown;
import dev.restcompress.bench.report.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Param;

/** The small-payload bodies with the corpus' shared dictionary, and their report (README: "Dictionary rows"). */
public class DictionaryPayloadBench extends PrefixPayloadBench {
    private static final String BASELINE = "zstd-" + DEFAULT_DCZ_LEVEL;
    private static final String DCZ = "dcz-" + DEFAULT_DCZ_LEVEL;
    private static final String DCB = "dcb-" + DEFAULT_DCB_LEVEL;

    private static final Table<PayloadCell> COLUMNS = PayloadCell.columns("saved_bytes_net_of_headers")
            .column("of_gzip6", "of gzip-6", c -> c.wire() / c.gzip(), c -> PayloadCell.percent(c.wire(), c.gzip()));

    /** The library's default levels, and zstd at dcz's level without a dictionary for the encode-cost ratio. */
    @Param({BASELINE, DCZ, DCB})
    public String codec;

    @Override
    Engine engine() {
        return BenchDictionary.engine(codec, BenchDictionary.forCorpus(Corpus.dir()));
    }

    static void write(Path corpus, List<Measurement> results, Path dir, Markdown md) {
        byte[] dictionary = BenchDictionary.forCorpus(corpus);
        Map<String, TreeMap<Integer, PayloadCell>> byCodec = PayloadCell.of(results, "DictionaryPayloadBench",
                (codec, size) -> PrefixPayloadBench.bodies(corpus, size, BenchDictionary.engine(codec, dictionary)));
        List<PayloadCell> cells = byCodec.values().stream().flatMap(m -> m.values().stream()).toList();
        COLUMNS.writeCsv(cells, dir.resolve("small-dictionary.csv"));
        md.heading(2, "Small payloads with a shared dictionary (RFC 9842 dcz, dcb)");
        md.paragraph("The same bodies as the small-payload table (the first N bytes of up to "
                + PrefixPayloadBench.SLICES + " corpus files). The dictionary: " + dictionary.length
                + " bytes, raw, trained with zstd's trainer on the same files from byte "
                + BenchDictionary.TRAINING_FROM + " on (same shape, other records, no measured byte). "
                + "dcz/dcb sizes include their 40/36-byte header; \"saved\" is net of the `Content-Encoding` "
                + "line and, for dcz/dcb, the request's `Available-Dictionary` line. Every row is the library's "
                + "codec through the SPI (one-shot compress, bounded decompress): " + BASELINE + " is " + DCZ
                + " without the dictionary (" + DCZ + " and " + DCB + " are the library's default levels).");
        COLUMNS.markdown(md, cells);
        TreeMap<Integer, PayloadCell> zstd = byCodec.get(BASELINE);
        if (byCodec.containsKey(DCZ) && zstd != null) {
            List<List<String>> rows = new ArrayList<>();
            byCodec.get(DCZ).forEach((size, a) -> {
                PayloadCell b = zstd.get(size);
                if (b != null) {
                    double ratio = a.compress().nsPerOp() / b.compress().nsPerOp();
                    double err = ratio * Math.hypot(PayloadCell.error(a.compress()) / a.compress().nsPerOp(),
                            PayloadCell.error(b.compress()) / b.compress().nsPerOp());
                    rows.add(List.of(Integer.toString(size), Markdown.withError(ratio, err, 2)));
                }
            });
            md.paragraph("Encode cost of the dictionary: " + DCZ + " compress time / " + BASELINE + " compress time "
                    + "(same run; error from both rows' 99.9% intervals; the machine is shared and noisy).");
            md.table(List.of("size B", DCZ + " / " + BASELINE + " compress time"), rows);
        }
        wholeDocuments(corpus, dictionary, md);
        delta(corpus, md);
    }

    private static void wholeDocuments(Path corpus, byte[] dictionary, Markdown md) {
        List<List<String>> rows = new ArrayList<>();
        long[] total = new long[5]; // identity, gzip-6, zstd, dcz, dcb
        for (String name : Corpus.names(corpus)) {
            byte[] body = Corpus.read(corpus, name);
            if (name.endsWith(".json") && body.length < 4096) {
                var sizes = BenchDictionary.wireBytes(List.of(body), dictionary, DEFAULT_DCZ_LEVEL, DEFAULT_DCB_LEVEL);
                Arrays.setAll(total, i -> total[i] + sizes[i]);
                rows.add(row(List.of(name), sizes, 1, 3));
            }
        }
        if (!rows.isEmpty()) {
            rows.add(row(List.of("**total**"), total, 1, 3));
            md.paragraph("Whole JSON documents below 4 KiB (each a complete small response; all shorter than "
                    + BenchDictionary.TRAINING_FROM + " B, so the trainer never saw them): bytes on the wire.");
            md.table(List.of("file", "identity", "gzip-6", BASELINE, DCZ, DCB, DCZ + " of gzip-6"), rows);
        }
    }

    /** Version 1 as version 2's dictionary: scattered edits (the hard case), or three runs of unseen content. */
    private static void delta(Path corpus, Markdown md) {
        String name = Corpus.names(corpus).stream().filter(n -> n.endsWith(".json")
                && Corpus.size(corpus.resolve(n)) >= 100_000 && Corpus.size(corpus.resolve(n)) <= 1_000_000)
                .findFirst().orElse(null);
        if (name == null) {
            md.paragraph("Delta row skipped: no JSON file of 100 KB to 1 MB in the corpus.");
            return;
        }
        byte[] v1 = Corpus.read(corpus, name);
        byte[] other = Corpus.read(corpus, Corpus.names(corpus).get(0));
        List<List<String>> rows = new ArrayList<>();
        for (double fraction : new double[] {0.01, 0.02}) {
            deltaRow(rows, "numbers edited", v1, numbersEdited(v1, fraction));
            deltaRow(rows, "3 blocks replaced", v1, blocksReplaced(v1, other, fraction));
        }
        md.paragraph("Delta: `" + name + "` (" + v1.length + " B) is version 1 and the dictionary of version 2 "
                + "(" + DCZ + " and " + DCB + " with version 1 as raw dictionary; bytes on the wire incl. header).");
        md.table(List.of("change", "bytes changed", "gzip-6", BASELINE, DCZ, DCB, DCZ + " of gzip-6",
                DCB + " of gzip-6"), rows);
    }

    private static void deltaRow(List<List<String>> rows, String model, byte[] v1, byte[] v2) {
        long changed = IntStream.range(0, v1.length).filter(i -> v1[i] != v2[i]).count();
        long[] wire = BenchDictionary.wireBytes(List.of(v2), v1, DEFAULT_DCZ_LEVEL, DEFAULT_DCB_LEVEL);
        rows.add(row(List.of(model, changed + " (" + Markdown.num(100.0 * changed / v1.length, 1) + "%)"),
                Arrays.copyOfRange(wire, 1, wire.length), 0, 2, 3));
    }

    /** {@code v1} with digits of randomly chosen numbers changed until {@code fraction} of its bytes differ. */
    private static byte[] numbersEdited(byte[] v1, double fraction) {
        byte[] v2 = v1.clone();
        Random random = new Random(42);
        long target = Math.round(v1.length * fraction);
        long changed = 0;
        for (int attempt = 0; attempt < 1_000_000 && changed < target; attempt++) {
            int p = random.nextInt(v1.length);
            while (p < v1.length && !Character.isDigit(v2[p])) {
                p++;
            }
            for (; p < v1.length && Character.isDigit(v2[p]) && changed < target; p++) {
                if (v2[p] == v1[p]) {
                    v2[p] = (byte) ('0' + (v1[p] - '0' + 1 + random.nextInt(9)) % 10);
                    changed++;
                }
            }
        }
        return v2;
    }

    /** {@code v1} with three runs, {@code fraction} of its bytes in all, replaced by bytes of {@code other}. */
    private static byte[] blocksReplaced(byte[] v1, byte[] other, double fraction) {
        byte[] v2 = v1.clone();
        int run = (int) Math.round(v1.length * fraction / 3);
        for (int i = 1; i <= 3; i++) {
            int at = v1.length * i / 4;
            int from = Math.floorMod(at * 7, Math.max(1, other.length - run));
            System.arraycopy(other, from, v2, at, Math.min(run, Math.min(other.length - from, v1.length - at)));
        }
        return v2;
    }

    /** {@code first}, the byte counts, then each count at {@code shareOf} as a share of the one at {@code gzip}. */
    private static List<String> row(List<String> first, long[] bytes, int gzip, int... shareOf) {
        List<String> row = new ArrayList<>(first);
        Arrays.stream(bytes).forEach(n -> row.add(Long.toString(n)));
        Arrays.stream(shareOf).forEach(i -> row.add(PayloadCell.percent(bytes[i], bytes[gzip])));
        return row;
    }
}
