package dev.restcompress.bench.small;

import dev.restcompress.bench.core.Corpus;
import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.dictionary.BenchDictionary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Param;

/**
 * Small JSON responses with a dictionary of their own API. Every JSON file of the corpus is one API (the
 * elements of its first array of objects, or the lines of an NDJSON file): its even-numbered records make its
 * dictionary, its odd-numbered ones are measured, so no body is ever in its own dictionary. {@code size > 0}:
 * records of at least {@code size} bytes cut to their start (keys and values as a small response has them), at
 * most {@value #PER_SET} per API so every API weighs alike; {@code size == 0}: every record under 4 KiB, whole.
 */
public class DictionaryRecordBench extends PayloadBench {
    static final int PER_SET = 16;
    /** Each API's dictionary: its training records concatenated, the trainer's default size. */
    static final int DICTIONARY_KIB = 64;
    /** Fewer training or held-out records than this and a file is not an API (a config, a single object). */
    private static final int MIN_RECORDS = 5;
    private static final Pattern FIRST_OBJECT_IN_ARRAY = Pattern.compile("\\[\\s*\\{");

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
            for (Path f : s.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".json")
                    || p.toString().endsWith(".ndjson")).sorted().toList()) {
                List<byte[]> records = records(Files.readString(f, StandardCharsets.UTF_8),
                        f.toString().endsWith(".ndjson"));
                if (records.size() >= 2 * MIN_RECORDS) {
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
        int depth = 0;
        int from = first.end() - 1;
        boolean inString = false;
        for (int i = from; i < text.length(); i++) {
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
                if (depth++ == 0) {
                    from = i;
                }
            } else if ((c == '}' || c == ']') && --depth <= 0) {
                if (depth < 0) {
                    break; // the end of the array
                }
                out.add(text.substring(from, i + 1).getBytes(StandardCharsets.UTF_8));
            }
        }
        return out;
    }
}
