package dev.restcompress.bench.dictionary;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Small JSON responses with a dictionary of their own API, as the dictionary size goal defines them:
 * every JSON file is one API (records of one shape: the elements of its first array of objects, or
 * the lines of an NDJSON file); even-numbered records train the dictionary, odd-numbered ones are the
 * held-out bodies measured, so no body is ever in its own dictionary.
 *
 * <p>The folders come from the system property {@value #PROPERTY} (a path list, e.g.
 * {@code testdata:../shared/corpus/json}; forked JMH JVMs get it on their command line); by default
 * {@code testdata} and {@code ../shared/corpus/json} below the working directory, whichever exist.
 */
public final class JsonRecordSets {
    /** System property: the folders of JSON files, separated by the platform's path separator. */
    public static final String PROPERTY = "restcompress.bench.json-records";
    /** Fewer training or held-out records than this and a file is not a data set (a config, a single object). */
    static final int MIN_RECORDS = 5;

    /** One API: records that train its dictionary and held-out records to measure. */
    public record DataSet(String name, List<byte[]> training, List<byte[]> heldOut) {
        /** The raw dictionary of {@code size} bytes at most ({@link RawDictionary#concatenate}). */
        public byte[] dictionary(int size) {
            return RawDictionary.concatenate(training, size);
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
        List<Path> out = new ArrayList<>();
        if (value != null && !value.isBlank()) {
            for (String p : value.split(File.pathSeparator)) {
                out.add(Path.of(p.strip()));
            }
            return out;
        }
        for (String p : List.of("testdata", "../shared/corpus/json")) {
            if (Files.isDirectory(Path.of(p))) {
                out.add(Path.of(p));
            }
        }
        return out;
    }

    /** The path list naming {@code folders} (absolute), for {@link #folders(String)} in another JVM. */
    public static String propertyValue(List<Path> folders) {
        return String.join(File.pathSeparator, folders.stream().map(p -> p.toAbsolutePath().normalize().toString()).toList());
    }

    /** The data sets of {@link #folders()}, sorted by file name within each folder. */
    public static List<DataSet> load() {
        return load(folders());
    }

    /** The data sets of the {@code .json} and {@code .ndjson} files in {@code folders}. */
    public static List<DataSet> load(List<Path> folders) {
        List<DataSet> out = new ArrayList<>();
        for (Path folder : folders) {
            List<Path> files;
            try (Stream<Path> s = Files.list(folder)) {
                files = s.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".json")
                        || p.toString().endsWith(".ndjson")).sorted().toList();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + folder, e);
            }
            for (Path f : files) {
                List<byte[]> records;
                try {
                    records = records(Files.readString(f, StandardCharsets.UTF_8), f.toString().endsWith(".ndjson"));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                List<byte[]> training = new ArrayList<>();
                List<byte[]> heldOut = new ArrayList<>();
                for (int i = 0; i < records.size(); i++) {
                    (i % 2 == 0 ? training : heldOut).add(records.get(i));
                }
                if (training.size() >= MIN_RECORDS && heldOut.size() >= MIN_RECORDS) {
                    out.add(new DataSet(f.getFileName().toString(), List.copyOf(training), List.copyOf(heldOut)));
                }
            }
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("no JSON data set in " + folders + " (set -D" + PROPERTY + ")");
        }
        return out;
    }

    /** The elements of the first array of objects (or the lines of NDJSON), byte for byte as in the file. */
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
        int start = firstObjectInArray(text);
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

    /** Index of the first '{' that directly follows a '[' (whitespace allowed), or -1. */
    private static int firstObjectInArray(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '[') {
                int j = i + 1;
                while (j < text.length() && Character.isWhitespace(text.charAt(j))) {
                    j++;
                }
                if (j < text.length() && text.charAt(j) == '{') {
                    return j;
                }
            }
        }
        return -1;
    }
}
