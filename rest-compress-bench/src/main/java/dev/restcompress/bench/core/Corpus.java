package dev.restcompress.bench.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The benchmark corpus: the non-empty files directly in one folder, except hidden files, {@code README*},
 * {@code .py}, {@code .sh} and {@code .md} (so {@code testdata/} works as is). Forked JMH JVMs find the
 * folder through the system property {@value #PROPERTY}.
 */
public final class Corpus {
    /** Outside the library's {@code rest-compress.*} names: the library warns about every unknown key there. */
    public static final String PROPERTY = "restcompress.bench.corpus";
    private static final Pattern NOT_PAYLOAD = Pattern.compile("(\\.|README).*|.*\\.(py|sh|md)");

    private Corpus() {}

    public static Path dir() {
        return Paths.get(System.getProperty(PROPERTY, "testdata"));
    }

    /** File names in {@code dir}, sorted. */
    public static List<String> names(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> Files.isRegularFile(p) && !NOT_PAYLOAD.matcher(p.getFileName().toString()).matches()
                    && size(p) > 0)
                    .map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list corpus " + dir, e);
        }
    }

    public static byte[] read(Path dir, String name) {
        try {
            return Files.readAllBytes(dir.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read corpus file " + dir.resolve(name), e);
        }
    }

    /**
     * Up to {@code max} payloads of exactly {@code size} bytes: the start of each file that long (a small
     * response is a whole small document, so its start is the realistic part).
     */
    public static List<byte[]> prefixes(Path dir, int size, int max) {
        List<byte[]> out = names(dir).stream().filter(n -> size(dir.resolve(n)) >= size).limit(max)
                .map(n -> Arrays.copyOf(read(dir, n), size)).toList();
        if (out.isEmpty()) {
            throw new IllegalStateException("no corpus file in " + dir + " has " + size + " bytes");
        }
        return out;
    }

    public static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
