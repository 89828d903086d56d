package dev.restcompress.bench.overload;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Puts the server and the load generator on separate cores with {@code taskset}: the generator (this
 * JVM, every thread) on all cores but the last, each server child on the last one. Without it the
 * two fight for the same cores and the generator's own work shows up as server latency. Where
 * {@code taskset} is missing, there is a single core, or it was not wanted, nothing is pinned and
 * {@link #describe} says so. {@link #close} gives this JVM back the affinity it had.
 */
final class CpuPinning implements AutoCloseable {
    private final List<String> serverPrefix;
    private final String restore;
    private final String description;

    private CpuPinning(List<String> serverPrefix, String restore, String description) {
        this.serverPrefix = serverPrefix;
        this.restore = restore;
        this.description = description;
    }

    static CpuPinning apply(boolean wanted) {
        int cores = Runtime.getRuntime().availableProcessors();
        if (!wanted) {
            return new CpuPinning(List.of(), null, "not pinned (--pin off)");
        }
        if (cores < 2 || !onPath("taskset")) {
            return new CpuPinning(List.of(), null, "not pinned (" + (cores < 2 ? "one core" : "no taskset") + ")");
        }
        long pid = ProcessHandle.current().pid();
        try {
            String before = run("taskset", "-c", "-p", Long.toString(pid));
            String current = before.substring(before.lastIndexOf(':') + 1).trim();
            String generator = cores == 2 ? "0" : "0-" + (cores - 2);
            run("taskset", "-a", "-c", "-p", generator, Long.toString(pid));
            return new CpuPinning(List.of("taskset", "-c", Integer.toString(cores - 1)), current,
                    "server on core " + (cores - 1) + ", generator on core(s) " + generator + " (taskset)");
        } catch (IOException e) {
            return new CpuPinning(List.of(), null, "not pinned (taskset failed: " + e.getMessage() + ")");
        }
    }

    /** Words to put before a server child's {@code java} command. */
    List<String> serverPrefix() {
        return serverPrefix;
    }

    String describe() {
        return description;
    }

    @Override
    public void close() {
        if (restore != null) {
            try {
                run("taskset", "-a", "-c", "-p", restore, Long.toString(ProcessHandle.current().pid()));
            } catch (IOException e) {
                // The generator stays pinned: only later suites' numbers are affected, and the log says so.
                System.err.println("bench: could not restore CPU affinity " + restore + ": " + e.getMessage());
            }
        }
    }

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }

    private static String run(String... cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + " did not finish");
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (p.exitValue() != 0) {
                throw new IOException(String.join(" ", cmd) + ": " + out);
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
