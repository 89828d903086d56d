package dev.restcompress.bench.dictionary;

import dev.restcompress.bench.core.Cli;
import dev.restcompress.dictionary.CompressionDictionary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code scripts/train-dictionary.sh}: a raw dcz/dcb dictionary and its savings (the script's header documents it). */
@Command(name = "train-dictionary.sh", mixinStandardHelpOptions = true)
public final class TrainDictionary {
    /** raw measured smaller on small JSON than zstd's trainer: 0.490 vs 0.507 of gzip-6 (64 KiB, level 12). */
    enum Method { raw, zstd }

    @Option(names = "--samples", required = true, description = "DIR or URL-LIST-FILE")
    Path samples;
    @Option(names = "--out", required = true, description = "the dictionary file to write")
    Path out;
    @Option(names = "--held-out", description = "DIR or URL-LIST-FILE to measure on (default: cut from --samples)")
    Path heldOut;
    @Option(names = "--glob", description = "sample file names, e.g. '*.json' (default *)")
    String glob = "*";
    @Option(names = "--size", description = "dictionary size, 1k to 16m (default 64k)")
    String size = "64k";
    @Option(names = "--level", description = "dcz level of the measurement (default 12)")
    int level = 12; // the library's default (rest-compress.dictionary.dcz-level)
    @Option(names = "--method", description = "raw or zstd (default raw)")
    Method method = Method.raw;

    private TrainDictionary() {}

    public static void main(String[] argv) throws Exception {
        TrainDictionary a = Cli.parse(new TrainDictionary(), argv);
        if (a == null) {
            return;
        }
        String t = a.size.trim().toLowerCase(Locale.ROOT);
        int factor = t.endsWith("k") ? 1024 : t.endsWith("m") ? 1024 * 1024 : 1;
        int size = Integer.parseInt(factor == 1 ? t : t.substring(0, t.length() - 1)) * factor;
        if (size < 1024 || size > 16 << 20) {
            throw new IllegalArgumentException("--size must be 1k to 16m, was " + size);
        }
        List<byte[]> samples = DictionarySamples.load(a.samples, a.glob);
        DictionarySamples.Split split = a.heldOut == null ? DictionarySamples.split(samples)
                : DictionarySamples.separate(samples, DictionarySamples.load(a.heldOut, a.glob));
        boolean raw = a.method == Method.raw;
        // raw: whole pieces until the size is full; zstd's trainer: 100x the size, its own advice.
        List<byte[]> training = DictionarySamples.balanced(split.training(), raw ? size : 100L * size);
        byte[] dictionary = raw ? BenchDictionary.concatenate(training, size) : BenchDictionary.train(training, size);
        Files.write(a.out, dictionary);
        System.out.printf(Locale.ROOT, "samples: %d sources (%d held out), %d training pieces (%d used, %d bytes), "
                        + "%d held-out pieces%n", split.sources(), split.heldOutSources(),
                split.training().stream().mapToInt(List::size).sum(),
                training.size(), training.stream().mapToLong(p -> p.length).sum(), split.heldOut().size());
        System.out.printf(Locale.ROOT, "wrote %s: %d bytes, raw (%s)%n", a.out, dictionary.length,
                raw ? "sample pieces concatenated" : "first byte 0x0a, then zstd's trained dictionary");
        System.out.println("Available-Dictionary: :" + Base64.getEncoder().encodeToString(
                CompressionDictionary.of("hash", dictionary, "/*", "").sha256()) + ":");
        if (split.heldOut().isEmpty()) {
            System.out.println("no held-out samples: give at least five sources to measure the ratio");
            return;
        }
        List<byte[]> small = split.heldOut().stream().filter(p -> p.length < 4096).toList();
        report(small, dictionary, a.level, "held-out pieces below 4 KiB");
        report(split.heldOut(), dictionary, a.level, "all held-out pieces");
    }

    private static void report(List<byte[]> pieces, byte[] dictionary, int level, String title) {
        if (pieces.isEmpty()) {
            return;
        }
        long[] bytes = BenchDictionary.wireBytes(pieces, dictionary, level, 5); // identity, gzip-6, zstd, dcz, dcb
        System.out.printf(Locale.ROOT, "%n%s: %d pieces, %d bytes identity%n", title, pieces.size(), bytes[0]);
        System.out.printf(Locale.ROOT, "  %-30s %12s %12s %12s%n", "coding", "bytes", "of identity", "of gzip-6");
        String[] names = {null, "gzip-6", "zstd-" + level + " (no dictionary)", "dcz-" + level + " (incl. 40 B header)",
            "dcb-5 (incl. 36 B header)"};
        for (int i = 1; i < names.length; i++) {
            System.out.printf(Locale.ROOT, "  %-30s %12d %11.1f%% %11.1f%%%n", names[i], bytes[i],
                    100.0 * bytes[i] / bytes[0], 100.0 * bytes[i] / bytes[1]);
        }
    }
}
