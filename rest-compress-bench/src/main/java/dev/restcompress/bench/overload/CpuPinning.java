package dev.restcompress.bench.overload;

import dev.restcompress.bench.core.ExternalCommand;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Puts the server and the load generator on separate cores with {@code taskset}: the generator (this
 * JVM, every thread) on all cores but the last, each server child on the last one. Without it the
 * two fight for the same cores and the generator's own work shows up as server latency. Where
 * {@code taskset} is missing, there is a single core, or it was not wanted, nothing is pinned and
 * {@link #describe} says so. {@link #close} gives this JVM back the affinity it had.
 *
 * @param serverPrefix words to put before a server child's {@code java} command
 * @param restore the affinity to give this JVM back, or null
 * @param describe how the processes are pinned, for the report
 */
record CpuPinning(List<String> serverPrefix, String restore, String describe) implements AutoCloseable {

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
        try {
            return ExternalCommand.run(List.of(cmd), true, 10).trim();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
