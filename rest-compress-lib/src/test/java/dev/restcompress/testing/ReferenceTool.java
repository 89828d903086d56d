package dev.restcompress.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A reference command-line decoder (the {@code brotli}, {@code zstd} or {@code gzip} tool) run on bytes
 * our encoders produced, bounded to 60 s. When the tool is not installed the check is skipped, unless
 * {@code -Drest-compress.interop.required=true} (set by {@code scripts/test.sh}), where that fails:
 * {@code scripts/setup.sh} installs all three.
 */
public final class ReferenceTool {
    private ReferenceTool() {
    }

    /** Whether {@code name} is on the PATH; fails instead of answering false when tools are required. */
    public static boolean available(String name) {
        if (!Boolean.parseBoolean(System.getProperty("rest-compress.test.host-tools", "true"))) {
            return false; // a JVM that cannot start the host's tools (a Windows JVM under wine)
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return true;
            }
        }
        if (Boolean.getBoolean("rest-compress.interop.required")) {
            fail("reference tool missing: " + name + " (scripts/setup.sh installs it)");
        }
        return false;
    }

    /** Runs {@code command} with {@code input} on stdin; returns stdout, failing on a non-zero exit. */
    public static byte[] run(List<String> command, byte[] input) throws IOException, InterruptedException {
        Path in = Files.createTempFile("ref", ".in");
        Path out = Files.createTempFile("ref", ".out");
        Path err = Files.createTempFile("ref", ".err");
        try {
            Files.write(in, input);
            Process p = new ProcessBuilder(command).redirectInput(in.toFile()).redirectOutput(out.toFile())
                    .redirectError(err.toFile()).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("timed out: " + command);
            }
            assertEquals(0, p.exitValue(), () -> command + ": " + readQuietly(err));
            return Files.readAllBytes(out);
        } finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static String readQuietly(Path p) {
        try {
            return Files.readString(p, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
