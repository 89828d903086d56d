package dev.restcompress.bench.dictionary;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import dev.restcompress.bench.core.Cli;
import dev.restcompress.bench.core.Engine;
import dev.restcompress.config.DictionarySettings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.LongStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The dictionary size goal, from one command (sizes are deterministic; no timing here, see
 * {@code DictionaryBreakEven} for time): on held-out JSON records under 4 KiB of every data set of
 * {@link JsonRecordSets}, with each API's dictionary made from its other records, the total bytes of
 * {@code dcz} (40-byte header included) as a share of gzip-6's, for every dictionary size, way of
 * making the dictionary and zstd level asked; then, for the first size and method at the library's
 * default dcz level, one row per data set with dcb and zstd without a dictionary, what the zstd
 * frame's optional fields cost, and the ratio a size-dependent level would give.
 *
 * <p>Dictionary methods: {@code concat} ({@link BenchDictionary#concatenate}: whole training records,
 * evenly spread), {@code first} (the first training records that fit), {@code fastcover} (zstd's
 * trainer, {@link BenchDictionary#train}) and {@code legacy} (zstd's older trainer, one byte prepended
 * the same way); when a trainer gives up (too few samples), that data set falls back to {@code concat}
 * and the output says so.
 *
 * <p>"micro" is total dcz bytes over total gzip-6 bytes (the goal's measure: every body weighs by its
 * bytes, so the largest data sets dominate); "macro" is the mean of the per-data-set ratios.
 */
public final class DictionarySizes {
    private static final int BELOW = 4096;
    private static final int DEFAULT_LEVEL = DictionarySettings.DEFAULT_DCZ_LEVEL;

    private DictionarySizes() {
    }

    @Command(name = "DictionarySizes", mixinStandardHelpOptions = true)
    static final class Args {
        @Option(names = "--dict-kib", split = ",", description = "dictionary sizes (default 64,32,110)")
        int[] kibs = {64, 32, 110};
        @Option(names = "--methods", split = ",", description = "concat, first, fastcover, legacy (default all)")
        String[] methods = {"concat", "first", "fastcover", "legacy"};
        @Option(names = "--levels", split = ",", description = "dcz levels (default 1,3,6,9,12,19)")
        int[] levels = {1, 3, 6, 9, 12, 19};
        @Option(names = "--dcb", description = "dcb level (default 5)")
        int dcbLevel = 5;
        @Option(names = "--split", split = ",", description = "body size limits of the rows (default 256,512,1024,2048)")
        int[] split = {256, 512, 1024, 2048};
        @Option(names = "--low-level", description = "the low dcz level of the comparison (default 3)")
        int lowLevel = 3;
    }

    /** One data set's held-out bodies under 4 KiB, their identity and gzip-6 bytes. */
    private record Bodies(JsonRecordSets.DataSet set, List<byte[]> list, long identity, long gzip) {
        static Bodies of(JsonRecordSets.DataSet set) {
            List<byte[]> list = set.heldOut().stream().filter(r -> r.length < BELOW).toList();
            return new Bodies(set, list, list.stream().mapToLong(r -> r.length).sum(),
                    list.stream().mapToLong(BenchDictionary::gzip6Size).sum());
        }

        /** Total compressed bytes of the bodies with codec {@code id} and {@code dictionary}. */
        long bytes(String id, byte[] dictionary) {
            Engine engine = BenchDictionary.engine(id, dictionary);
            return list.stream().mapToLong(engine::compressedSize).sum();
        }
    }

    public static void main(String[] argv) throws IOException {
        Args a = Cli.parse(new Args(), argv);
        if (a == null) {
            return;
        }
        List<JsonRecordSets.DataSet> all = JsonRecordSets.load(JsonRecordSets.folders());
        List<Bodies> sets = all.stream().map(Bodies::of).filter(b -> !b.list().isEmpty()).toList();
        long identity = sets.stream().mapToLong(Bodies::identity).sum();
        long gzip = sets.stream().mapToLong(Bodies::gzip).sum();
        int n = sets.stream().mapToInt(b -> b.list().size()).sum();
        System.out.printf(Locale.ROOT, "%d data sets, %d held-out bodies under %d B (mean %d B), gzip-6 %.1f%% of identity%n",
                all.size(), n, BELOW, identity / n, 100.0 * gzip / identity);
        System.out.printf(Locale.ROOT, "%n%-10s %6s %6s | %8s %8s%n", "method", "dict", "level", "micro", "macro");
        List<byte[]> first = null; // the first size's and method's, for the per-data-set rows
        for (int kib : a.kibs) {
            for (String method : a.methods) {
                List<String> fallbacks = new ArrayList<>();
                List<byte[]> dictionaries = sets.stream().map(b -> dictionary(b.set(), method, kib * 1024, fallbacks)).toList();
                first = first == null ? dictionaries : first;
                for (int level : a.levels) {
                    long total = 0;
                    double macro = 0;
                    for (int s = 0; s < sets.size(); s++) {
                        long bytes = sets.get(s).bytes("dcz-" + level, dictionaries.get(s));
                        total += bytes;
                        macro += (double) bytes / sets.get(s).gzip();
                    }
                    System.out.printf(Locale.ROOT, "%-10s %4dKiB %6d | %8.4f %8.4f%n", method, kib, level,
                            (double) total / gzip, macro / sets.size());
                }
                if (!fallbacks.isEmpty()) {
                    System.out.println("  (" + method + " gave up on " + fallbacks + ": concat used there)");
                }
            }
        }
        perDataSet(sets, first, a.kibs[0], a.methods[0], a.dcbLevel);
        sizeDependent(sets, first, gzip, a.kibs[0], a.methods[0], a.lowLevel, a.split);
    }

    /**
     * A size-dependent level (a proposal, not what the library does): bodies below N at the low level,
     * the others at the library's default dcz level; the goal's ratio for each N.
     */
    private static void sizeDependent(List<Bodies> sets, List<byte[]> dictionaries, long gzip, int kib, String method, int low,
                                      int[] splits) {
        long[] total = new long[splits.length];
        long[] lowBodies = new long[splits.length];
        for (int s = 0; s < sets.size(); s++) {
            Engine lowEngine = BenchDictionary.engine("dcz-" + low, dictionaries.get(s));
            Engine highEngine = BenchDictionary.engine("dcz-" + DEFAULT_LEVEL, dictionaries.get(s));
            for (byte[] body : sets.get(s).list()) {
                int atLow = lowEngine.compressedSize(body);
                int atHigh = highEngine.compressedSize(body);
                for (int i = 0; i < splits.length; i++) {
                    boolean small = body.length < splits[i];
                    total[i] += small ? atLow : atHigh;
                    lowBodies[i] += small ? 1 : 0;
                }
            }
        }
        System.out.printf(Locale.ROOT, "%nsize-dependent level (%s %d KiB): dcz-%d below N bytes, dcz-%d (the default) from N%n",
                method, kib, low, DEFAULT_LEVEL);
        for (int i = 0; i < splits.length; i++) {
            System.out.printf(Locale.ROOT, "  N = %5d: %4d bodies at level %d, dcz/gzip %.4f%n", splits[i], lowBodies[i], low,
                    (double) total[i] / gzip);
        }
    }

    /** One row per data set for the first dictionary size and method at the default level, and the frame-field costs. */
    private static void perDataSet(List<Bodies> sets, List<byte[]> dictionaries, int kib, String method, int dcbLevel)
            throws IOException {
        int level = DEFAULT_LEVEL;
        System.out.printf(Locale.ROOT, "%nper data set: %s %d KiB dictionary, dcz level %d, dcb quality %d "
                + "(sizes as %% of identity; last columns: of gzip-6)%n", method, kib, level, dcbLevel);
        System.out.printf(Locale.ROOT, "%-38s %5s %6s | %6s %7s %6s %6s | %8s %8s%n", "data set", "n", "avg B", "gzip6",
                "zstd" + level, "dcz", "dcb", "dcz/gz", "dcb/gz");
        long[] all = new long[6];
        long contentSizeBytes = 0;
        long withChecksum = 0;
        long flags = 0;
        for (int s = 0; s < sets.size(); s++) {
            Bodies b = sets.get(s);
            byte[] d = dictionaries.get(s);
            long[] row = LongStream.concat(LongStream.of(b.list().size()),
                    Arrays.stream(BenchDictionary.wireBytes(b.list(), d, level, dcbLevel))).toArray();
            for (int i = 0; i < row.length; i++) {
                all[i] += row[i];
            }
            print(b.set().name(), row);
            // The frame's optional fields, measured on a zstd context set up as the library's dcz one.
            try (ZstdDictCompress cdict = new ZstdDictCompress(d, level); ZstdCompressCtx with = new ZstdCompressCtx();
                 ZstdCompressCtx without = new ZstdCompressCtx(); ZstdCompressCtx checksum = new ZstdCompressCtx()) {
                with.setLevel(level).loadDict(cdict);
                without.setLevel(level).setContentSize(false).loadDict(cdict);
                checksum.setLevel(level).setChecksum(true).loadDict(cdict);
                Engine dcz = BenchDictionary.engine("dcz-" + level, d);
                for (byte[] r : b.list()) {
                    int a = with.compress(r).length;
                    contentSizeBytes += a - without.compress(r).length;
                    withChecksum += checksum.compress(r).length - a;
                    byte[] out = new byte[dcz.maxCompressedLength(r.length)];
                    dcz.compress(r, r.length, out);
                    flags |= out[44] & 0x07; // frame header descriptor: checksum flag (bit 2), dictionary id size (bits 0-1)
                }
            }
        }
        print("ALL", all);
        System.out.printf(Locale.ROOT, "%nzstd frame fields of the library's dcz (level %d) on these %d bodies:%n", level, all[0]);
        System.out.printf(Locale.ROOT, "  checksum flag or dictionary id ever set: %s (raw-content dictionaries have no id;"
                + " a checksum would cost %d B)%n", flags == 0 ? "no" : "yes (" + flags + ")", withChecksum);
        System.out.printf(Locale.ROOT, "  content size field off (setContentSize(false)): %d B less in all, %.2f B per body,"
                + " %.4f of dcz's bytes; dcz/gzip %.4f -> %.4f%n", contentSizeBytes, (double) contentSizeBytes / all[0],
                (double) contentSizeBytes / all[4], (double) all[4] / all[2], (double) (all[4] - contentSizeBytes) / all[2]);
    }

    private static void print(String name, long[] r) {
        double id = r[1];
        System.out.printf(Locale.ROOT, "%-38s %5d %6d | %5.1f%% %6.1f%% %5.1f%% %5.1f%% | %8.3f %8.3f%n", name, r[0],
                r[1] / r[0], 100 * r[2] / id, 100 * r[3] / id, 100 * r[4] / id, 100 * r[5] / id, (double) r[4] / r[2],
                (double) r[5] / r[2]);
    }

    /**
     * The data set's dictionary made by {@code method}; when zstd's trainer gives up, the {@code concat}
     * one, and the data set's name goes to {@code fallbacks}.
     */
    private static byte[] dictionary(JsonRecordSets.DataSet set, String method, int size, List<String> fallbacks) {
        switch (method) {
            case "concat":
                return set.dictionary(size);
            case "first": {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                for (byte[] r : set.training()) {
                    if (out.size() + r.length + 1 > size) {
                        break;
                    }
                    out.write(r, 0, r.length);
                    out.write('\n');
                }
                return out.toByteArray();
            }
            case "fastcover":
            case "legacy":
                try {
                    return BenchDictionary.train(set.training(), size, method.equals("legacy"));
                } catch (RuntimeException e) {
                    fallbacks.add(set.name());
                    return set.dictionary(size);
                }
            default:
                throw new IllegalArgumentException("unknown method " + method + " (concat, first, fastcover, legacy)");
        }
    }
}
