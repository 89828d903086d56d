package dev.restcompress.bench.dictionary;

import java.io.File;
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

/**
 * Small JSON responses with a dictionary of their own API, as the dictionary size goal defines them:
 * every JSON file is one API (records of one shape: the elements of its first array of objects, or
 * the lines of an NDJSON file); even-numbered records train the dictionary, odd-numbered ones are the
 * held-out bodies measured, so no body is ever in its own dictionary.
 *
 * <p>The folders come from the system property {@value #PROPERTY} (a path list, e.g.
 * {@code testdata:../shared/corpus/json}); by default {@code testdata} and {@code ../shared/corpus/json}
 * below the working directory, whichever exist.
 */
public final class JsonRecordSets {
    /** System property: the folders of JSON files, separated by the platform's path separator. */
    public static final String PROPERTY = "restcompress.bench.json-records";
    /** Fewer training or held-out records than this and a file is not a data set (a config, a single object). */
    static final int MIN_RECORDS = 5;
    private static final Pattern FIRST_OBJECT_IN_ARRAY = Pattern.compile("\\[\\s*\\{");

    /** One API: records that train its dictionary and held-out records to measure. */
    public record DataSet(String name, List<byte[]> training, List<byte[]> heldOut) {
        /** The raw dictionary of {@code size} bytes at most ({@link BenchDictionary#concatenate}). */
        public byte[] dictionary(int size) {
            return BenchDictionary.concatenate(training, size);
        }
    }

    private JsonRecordSets() {
    }

    /** The folders of this JVM (see the class comment). */
    public static List<Path> folders() {
        return folders(System.getProperty(PROPERTY));
    }

    /** The folders of a path list; null or blank: {@code testdata} and {@code ../shared/corpus/json}, whichever exist. */
    public static List<Path> folders(String value) {
        if (value != null && !value.isBlank()) {
            return Arrays.stream(value.split(File.pathSeparator)).map(p -> Path.of(p.strip())).toList();
        }
        return Stream.of("testdata", "../shared/corpus/json").map(Path::of).filter(Files::isDirectory).toList();
    }

    /** The path list naming {@code folders} (absolute), for {@link #folders(String)} in another JVM. */
    public static String propertyValue(List<Path> folders) {
        return String.join(File.pathSeparator, folders.stream().map(p -> p.toAbsolutePath().normalize().toString()).toList());
    }

    /** The data sets of the {@code .json} and {@code .ndjson} files in {@code folders}, by file name within each. */
    public static List<DataSet> load(List<Path> folders) {
        List<DataSet> out = new ArrayList<>();
        for (Path folder : folders) {
            try (Stream<Path> s = Files.list(folder)) {
                for (Path f : s.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".json")
                        || p.toString().endsWith(".ndjson")).sorted().toList()) {
                    List<byte[]> records = records(Files.readString(f, StandardCharsets.UTF_8),
                            f.toString().endsWith(".ndjson"));
                    List<byte[]> training = new ArrayList<>();
                    List<byte[]> heldOut = new ArrayList<>();
                    for (int i = 0; i < records.size(); i++) {
                        (i % 2 == 0 ? training : heldOut).add(records.get(i));
                    }
                    if (training.size() >= MIN_RECORDS && heldOut.size() >= MIN_RECORDS) {
                        out.add(new DataSet(f.getFileName().toString(), List.copyOf(training), List.copyOf(heldOut)));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + folder, e);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("no JSON data set in " + folders + " (set -D" + PROPERTY + ")");
        }
        return out;
    }

    /** The elements of the first array of objects (or the lines of NDJSON), byte for byte as in the file. */
    public static List<byte[]> records(String text, boolean ndjson) {
        if (ndjson) {
            return Arrays.stream(text.split("\n")).filter(l -> !l.isBlank()).map(l -> l.getBytes(StandardCharsets.UTF_8)).toList();
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
