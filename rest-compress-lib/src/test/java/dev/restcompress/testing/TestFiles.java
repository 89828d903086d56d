package dev.restcompress.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The project's testdata files and, when present, the shared JSON corpus beside the repository. */
public final class TestFiles {
    private TestFiles() {
    }

    /** The repository root (set by the build as {@code rest-compress.root}). */
    public static Path root() {
        String p = System.getProperty("rest-compress.root");
        Path root = p != null ? Path.of(p) : Path.of("..");
        return root.toAbsolutePath().normalize();
    }

    /** Every testdata file; fails when there are none (testdata is committed). */
    public static List<Path> testdata() {
        List<Path> files = list(root().resolve("testdata"));
        if (files.isEmpty()) {
            throw new IllegalStateException("no testdata files under " + root().resolve("testdata"));
        }
        return files;
    }

    /** Every file in ../shared/corpus/json, or none when that folder is absent. */
    public static List<Path> sharedCorpus() {
        return list(root().resolveSibling("shared").resolve("corpus").resolve("json"));
    }

    /** testdata plus the shared corpus. */
    public static List<Path> all() {
        List<Path> out = new ArrayList<>(testdata());
        out.addAll(sharedCorpus());
        return out;
    }

    public static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> list(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isRegularFile)
                    .filter(f -> {
                        String n = f.getFileName().toString();
                        return n.endsWith(".json") || n.endsWith(".xml") || n.endsWith(".ndjson");
                    })
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
