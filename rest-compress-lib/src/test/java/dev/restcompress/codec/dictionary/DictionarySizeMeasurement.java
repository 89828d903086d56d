package dev.restcompress.codec.dictionary;

import com.github.luben.zstd.Zstd;
import dev.restcompress.codec.Codec;
import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.testing.Codecs;
import dev.restcompress.testing.TestFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * A size measurement (not JMH, not a test; sizes are deterministic): how small dictionary codings
 * make JSON bodies under 4 KiB. Each data set is a file of records of one shape (the elements of its
 * first array of objects, or the lines of an NDJSON file); even-numbered records build the
 * dictionary, odd-numbered records under 4 KiB are the bodies measured, so no body is in its own
 * dictionary. Two dictionaries: the training records concatenated (raw content, up to 16 KiB), and a
 * zstd-trained one ({@code ZDICT}, 16 KiB) with one byte prepended so that it is raw content
 * everywhere. Prints, per data set, the summed size of each coding as a share of the identity bytes,
 * and dcz against gzip-6. Headers (40 B dcz, 36 B dcb) are included.
 *
 * <p>Run: {@code java -cp <test class path> dev.restcompress.codec.dictionary.DictionarySizeMeasurement
 * [dictionary KiB] [dcz level]}.
 */
public final class DictionarySizeMeasurement {
    static final int MAX_BODY = 4096;
    /** Dictionary size (first argument, KiB; default 16). */
    static int dictSize = 16 * 1024;
    /** dcz level (second argument; default 3). */
    static int dczLevel = 3;

    private DictionarySizeMeasurement() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length > 0) {
            dictSize = Integer.parseInt(args[0]) * 1024;
        }
        if (args.length > 1) {
            dczLevel = Integer.parseInt(args[1]);
        }
        System.out.println("dictionary " + dictSize / 1024 + " KiB, dcz level " + dczLevel + ", dcb quality 5");
        List<Path> files = new ArrayList<>();
        for (Path p : TestFiles.sharedCorpus()) {
            files.add(p);
        }
        for (Path p : TestFiles.testdata()) {
            if (p.toString().endsWith(".json")) {
                files.add(p);
            }
        }
        Codec gzip = Codecs.of("gzip", 6, 1);
        Codec zstd = Codecs.of("zstd", 3, 1);
        Codec br = Codecs.of("br", 5, 1);
        System.out.printf(Locale.ROOT, "%-34s %5s %6s | %6s %6s %6s | %6s %6s %6s | %9s %9s%n", "data set", "n",
                "avg B", "gzip6", "zstd3", "br5", "dcz", "dczT", "dcb", "dcz/gzip", "dczT/gzip");
        long[] all = new long[8];
        for (Path f : files) {
            List<byte[]> records = records(Files.readString(f, StandardCharsets.UTF_8), f.toString().endsWith(".ndjson"));
            List<byte[]> train = new ArrayList<>();
            List<byte[]> bodies = new ArrayList<>();
            for (int i = 0; i < records.size(); i++) {
                if (i % 2 == 0) {
                    train.add(records.get(i));
                } else if (records.get(i).length < MAX_BODY) {
                    bodies.add(records.get(i));
                }
            }
            if (bodies.size() < 5 || train.size() < 5) {
                continue;
            }
            CompressionDictionary concatenated = CompressionDictionary.of("concat", concat(train, dictSize), "/*", "");
            CompressionDictionary trained = trained(train);
            Codec dcz = DictionaryCodecs.create("dcz", concatenated, dczLevel);
            Codec dcb = DictionaryCodecs.create("dcb", concatenated, 5);
            Codec dczT = trained == null ? null : DictionaryCodecs.create("dcz", trained, dczLevel);
            long[] s = new long[8];
            for (byte[] b : bodies) {
                s[0] += b.length;
                s[1] += gzipSize(b);
                s[2] += size(zstd, b);
                s[3] += size(br, b);
                s[4] += size(dcz, b);
                s[5] += dczT == null ? 0 : size(dczT, b);
                s[6] += size(dcb, b);
                s[7]++;
            }
            for (int i = 0; i < 8; i++) {
                all[i] += s[i];
            }
            print(f.getFileName().toString() + " (" + train.size() + " train)", s, dczT != null);
        }
        print("ALL", all, true);
        if (gzip == null) {
            throw new AssertionError();
        }
    }

    static void print(String name, long[] s, boolean trained) {
        double id = s[0];
        System.out.printf(Locale.ROOT, "%-34s %5d %6d | %5.1f%% %5.1f%% %5.1f%% | %5.1f%% %6s %5.1f%% | %9.3f %9s%n", name,
                s[7], s[0] / s[7], 100 * s[1] / id, 100 * s[2] / id, 100 * s[3] / id, 100 * s[4] / id,
                trained ? String.format(Locale.ROOT, "%5.1f%%", 100 * s[5] / id) : "n/a", 100 * s[6] / id,
                (double) s[4] / s[1], trained ? String.format(Locale.ROOT, "%.3f", (double) s[5] / s[1]) : "n/a");
    }

    static int size(Codec c, byte[] in) {
        return c.compress(in, 0, in.length, new byte[c.maxCompressedLength(in.length)], 0);
    }

    /** gzip-6 as java.util.zip makes it (the reference for browsers' "gzip"). */
    static int gzipSize(byte[] in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(out)) {
            g.write(in);
        }
        return out.size();
    }

    /** The most recent training records last (zstd finds near matches cheaper), up to {@code max} bytes. */
    public static byte[] concat(List<byte[]> train, int max) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] b : train) {
            if (out.size() + b.length + 1 > max) {
                break;
            }
            out.write(b, 0, b.length);
            out.write('\n');
        }
        return out.toByteArray();
    }

    /** A ZDICT-trained dictionary with one byte prepended (raw content), or null when training fails. */
    static CompressionDictionary trained(List<byte[]> train) {
        byte[][] samples = train.toArray(new byte[0][]);
        byte[] dict = new byte[dictSize];
        long n;
        try {
            n = Zstd.trainFromBuffer(samples, dict);
        } catch (RuntimeException e) {
            return null; // too few or too small samples: ZDICT gives up
        }
        if (Zstd.isError(n)) {
            return null;
        }
        byte[] raw = new byte[(int) n + 1];
        raw[0] = '\n';
        System.arraycopy(dict, 0, raw, 1, (int) n);
        return CompressionDictionary.of("trained", raw, "/*", "");
    }

    /** The elements of the first array of objects (or the lines of NDJSON), as they appear in the file. */
    public static List<byte[]> records(String text, boolean ndjson) {
        List<byte[]> out = new ArrayList<>();
        if (ndjson) {
            for (String line : text.split("\n")) {
                if (!line.isBlank()) {
                    out.add(line.getBytes(StandardCharsets.UTF_8));
                }
            }
            return out;
        }
        int start = -1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '[') {
                int j = i + 1;
                while (j < text.length() && Character.isWhitespace(text.charAt(j))) {
                    j++;
                }
                if (j < text.length() && text.charAt(j) == '{') {
                    start = j;
                    break;
                }
            }
        }
        if (start < 0) {
            return out;
        }
        int depth = 0;
        int from = start;
        boolean inString = false;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                if (depth == 0) {
                    from = i;
                }
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
                if (depth == 0) {
                    out.add(text.substring(from, i + 1).getBytes(StandardCharsets.UTF_8));
                } else if (depth < 0) {
                    break; // the end of the array
                }
            }
        }
        return out;
    }
}
