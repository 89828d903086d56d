package dev.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs external clients (curl, the project's Python client) with a time bound. When a tool is
 * missing the test is skipped, unless {@code -Drest-compress.interop.required=true} (set by
 * {@code scripts/test.sh}), where it fails: the README's test command always runs interop.
 */
final class Tools {
    private Tools() {
    }

    static Path root() {
        return Path.of(System.getProperty("rest-compress.root", "..")).toAbsolutePath().normalize();
    }

    static Path testdata() {
        return root().resolve("testdata");
    }

    /** The venv python with python-lzf, from {@code scripts/setup-python.sh}. */
    static Path python() {
        String p = System.getProperty("rest-compress.python");
        Path py = p != null ? Path.of(p) : root().resolve(".venv/bin/python");
        require(Files.isExecutable(py), "python venv at " + py + " (run scripts/setup-python.sh)");
        return py;
    }

    static void requireCurl() {
        require(Files.isExecutable(Path.of("/usr/bin/curl")) || onPath("curl"), "curl");
    }

    /**
     * The headless browser for the dictionary interop test (installed by {@code scripts/setup.sh}):
     * {@code -Drest-compress.chromium=<path>} when given, else chromium, chromium-browser or
     * google-chrome on the PATH.
     */
    static Path chromium() {
        String configured = System.getProperty("rest-compress.chromium");
        if (configured != null) {
            require(Files.isExecutable(Path.of(configured)), "chromium at " + configured);
            return Path.of(configured);
        }
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            Path found = findOnPath(name);
            if (found != null) {
                return found;
            }
        }
        require(false, "chromium (run scripts/setup.sh)");
        return null;
    }

    private static boolean onPath(String name) {
        return findOnPath(name) != null;
    }

    private static Path findOnPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return Path.of(dir, name);
            }
        }
        return null;
    }

    private static void require(boolean present, String what) {
        if (Boolean.getBoolean("rest-compress.interop.required")) {
            if (!present) {
                fail("interop tool missing: " + what);
            }
        } else {
            assumeTrue(present, "interop tool missing: " + what);
        }
    }

    /** Result of a finished process. */
    record Result(int exit, String stdout, String stderr) { }

    /** Runs a command, bounded to 60 s; stdout and stderr are captured in files. */
    static Result run(List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("tool", ".out");
        Path err = Files.createTempFile("tool", ".err");
        try {
            Process p = new ProcessBuilder(new ArrayList<>(command)).redirectOutput(out.toFile())
                    .redirectError(err.toFile()).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("timed out: " + command);
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.ISO_8859_1),
                    Files.readString(err, StandardCharsets.ISO_8859_1));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    static Result runOk(String... command) throws IOException, InterruptedException {
        Result r = run(List.of(command));
        assertEquals(0, r.exit(), () -> String.join(" ", command) + "\nstdout: " + r.stdout() + "\nstderr: " + r.stderr());
        return r;
    }
}
