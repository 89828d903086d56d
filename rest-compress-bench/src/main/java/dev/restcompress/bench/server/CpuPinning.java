package dev.restcompress.bench.server;

import dev.restcompress.bench.core.ExternalCommand;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The generator (this JVM) on all cores but the last, each server child on the last ({@code taskset}), so the
 * generator's work does not show as server latency. {@code close} gives this JVM back its affinity.
 */
public record CpuPinning(List<String> serverPrefix, String restore, String describe) implements AutoCloseable {

    public static CpuPinning apply(boolean wanted) {
        int cores = Runtime.getRuntime().availableProcessors();
        String path = System.getenv("PATH");
        boolean taskset = path != null
                && Stream.of(path.split(File.pathSeparator)).anyMatch(dir -> Files.isExecutable(Path.of(dir, "taskset")));
        String why = !wanted ? "--pin off" : cores < 2 ? "one core" : !taskset ? "no taskset" : null;
        if (why != null) {
            return new CpuPinning(List.of(), null, "not pinned (" + why + ")");
        }
        String pid = Long.toString(ProcessHandle.current().pid());
        try {
            String before = run("taskset", "-c", "-p", pid);
            String generator = cores == 2 ? "0" : "0-" + (cores - 2);
            run("taskset", "-a", "-c", "-p", generator, pid);
            return new CpuPinning(List.of("taskset", "-c", Integer.toString(cores - 1)),
                    before.substring(before.lastIndexOf(':') + 1).trim(),
                    "server on core " + (cores - 1) + ", generator on core(s) " + generator + " (taskset)");
        } catch (IOException e) {
            return new CpuPinning(List.of(), null, "not pinned (taskset failed: " + e.getMessage() + ")");
        }
    }

    @Override
    public void close() {
        try {
            if (restore != null) {
                run("taskset", "-a", "-c", "-p", restore, Long.toString(ProcessHandle.current().pid()));
            }
        } catch (IOException e) {
            // The generator stays pinned: only later suites' numbers are affected, and the log says so.
            System.err.println("bench: could not restore CPU affinity " + restore + ": " + e.getMessage());
        }
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
