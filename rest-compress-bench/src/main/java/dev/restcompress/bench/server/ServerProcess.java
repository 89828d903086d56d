package dev.restcompress.bench.server;

import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.config.CacheSettings;
import dev.restcompress.config.CompressionSettings;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * A bench server ({@link BenchServerMain}) in its own JVM, which keeps the generator's threads and GC out of
 * the server's numbers. A command prefix ({@code ip netns exec}, {@code taskset}, {@code env}) must exec, so
 * that this process handle, and its CPU time, is the server JVM's. Output goes to a log file. {@link #close}
 * closes stdin, then SIGTERM, then SIGKILL (also a shutdown hook). {@link #request}: one thread at a time.
 */
public final class ServerProcess implements AutoCloseable {
    private static final String IO_THREAD_MARK = " I/O-"; // XNIO's I/O threads: "XNIO-1 I/O-1"

    private final Process process;
    private final String host;
    private final CompletableFuture<Integer> ready = new CompletableFuture<>();
    /** The answer the one {@link #request} in flight waits for. */
    private final AtomicReference<CompletableFuture<String>> pending = new AtomicReference<>();
    private final Thread killer;

    private ServerProcess(Process process, String host) {
        this.process = process;
        this.host = host;
        this.killer = new Thread(process::destroyForcibly, "bench-server-killer");
    }

    /** {@code classPathFirst} goes before this JVM's class path (a peer's own {@code RuntimeDelegate} must win). */
    public record Spec(List<String> prefix, List<String> jvmOptions, List<Path> classPathFirst, String kind,
                       String host, Path testdata, Path log) {
    }

    /**
     * A moderate heap, the parallel collector, and adaptive levels off where the library knows the key: a suite
     * measures the level it names at saturation, where the adaptive policy would step down.
     */
    public static List<String> defaultJvmOptions() {
        return Stream.concat(Stream.of("-Xms128m", "-Xmx512m", "-XX:+UseParallelGC", "--enable-native-access=ALL-UNNAMED"),
                knowsAdaptive() ? Stream.of("-D" + AdaptiveSettings.ADAPTIVE + "=off") : Stream.empty()).toList();
    }

    public static boolean knowsAdaptive() {
        return knows(AdaptiveSettings.ADAPTIVE);
    }

    /** Whether this build of the library knows {@code key} (it refuses unknown keys at start-up). */
    private static boolean knows(String key) {
        return CompressionSettings.unknownKeys(List.of(key)).isEmpty();
    }

    /** Starts the server and waits (up to 90 s) until it listens. */
    public static ServerProcess start(Spec spec) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(spec.prefix());
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (spec.kind().equals(BenchServerMain.OURS) && knows(CacheSettings.MODE)) {
            // The demo caches /rest/static (@CacheEncoded); the suites measure compressing, the cache's rows run
            // on ours-cache. Before spec.jvmOptions: a later -D wins, so the soak can turn it back on.
            cmd.add("-D" + CacheSettings.MODE + "=off");
        }
        cmd.addAll(spec.jvmOptions());
        List<String> cp = new ArrayList<>(spec.classPathFirst().stream().map(p -> p.toAbsolutePath().toString()).toList());
        cp.add(System.getProperty("java.class.path"));
        cmd.addAll(List.of("-cp", String.join(File.pathSeparator, cp), BenchServerMain.class.getName(), "--server",
                spec.kind(), "--host", spec.host(), "--testdata", spec.testdata().toAbsolutePath().toString()));
        ServerProcess s = new ServerProcess(new ProcessBuilder(cmd).redirectErrorStream(true).start(), spec.host());
        Thread pump = new Thread(() -> s.pump(spec.log()), "bench-server-log");
        pump.setDaemon(true);
        pump.start();
        try {
            s.ready.get(90, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            s.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            List<String> output = Files.exists(spec.log()) ? Files.readAllLines(spec.log()) : List.of();
            throw new IOException(spec.kind() + " server did not start (" + e + "); last output (" + spec.log() + "):\n"
                    + String.join("\n", output.subList(Math.max(0, output.size() - 30), output.size())), e);
        }
        Runtime.getRuntime().addShutdownHook(s.killer);
        return s;
    }

    /** Copies the output to the log, completes {@link #ready}, and hands answers to the pending request. */
    private void pump(Path log) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             Writer w = Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                     StandardOpenOption.APPEND)) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith(BenchServerMain.ANSWER)) {
                    String answer = line.substring(BenchServerMain.ANSWER.length());
                    Optional.ofNullable(pending.getAndSet(null)).ifPresent(f -> f.complete(answer));
                    continue;
                }
                w.write(line + '\n');
                w.flush();
                if (line.startsWith(BenchServerMain.READY)) {
                    ready.complete(Integer.parseInt(line.substring(BenchServerMain.READY.length()).trim()));
                }
            }
        } catch (IOException | RuntimeException e) {
            ready.completeExceptionally(e);
        }
        Process exited = process.onExit().completeOnTimeout(null, 5, TimeUnit.SECONDS).join();
        ready.completeExceptionally(new IOException("server exited with "
                + (exited == null ? "(still running)" : Integer.toString(exited.exitValue()))));
        Optional.ofNullable(pending.getAndSet(null))
                .ifPresent(f -> f.completeExceptionally(new IOException("server exited")));
    }

    /** Sends one command line ({@code sample}) and returns the server's answer (waits up to 30 s). */
    public String request(String command) throws IOException, InterruptedException {
        CompletableFuture<String> f = new CompletableFuture<>();
        pending.set(f);
        process.getOutputStream().write((command + "\n").getBytes(StandardCharsets.US_ASCII));
        process.getOutputStream().flush();
        try {
            return f.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("server did not answer '" + command + "': " + e, e);
        }
    }

    public String host() {
        return host;
    }

    public int port() {
        return ready.join();
    }

    public long pid() {
        return process.pid();
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** CPU time the server process has used so far (user + system, from /proc), in ns; -1 when unknown. */
    public long cpuNanos() {
        return process.toHandle().info().totalCpuDuration().map(d -> d.toNanos()).orElse(-1L);
    }

    /**
     * CPU ns so far of XNIO's I/O threads (from {@code /proc/<pid>/task/<tid>/schedstat}; -1 without /proc), apart
     * because on one pinned core they spin while a descheduled task thread holds the request state, a share of
     * process CPU that follows scheduling rather than the request.
     */
    public long ioThreadCpuNanos() {
        long sum = 0;
        try (Stream<Path> threads = Files.list(Path.of("/proc", Long.toString(process.pid()), "task"))) {
            for (Path t : (Iterable<Path>) threads::iterator) {
                try {
                    if (Files.readString(t.resolve("comm")).contains(IO_THREAD_MARK)) {
                        String schedstat = Files.readString(t.resolve("schedstat")).trim();
                        sum += Long.parseLong(schedstat.substring(0, schedstat.indexOf(' ')));
                    }
                } catch (IOException | RuntimeException threadGone) {
                    // A thread that ended between the listing and the read: its time is no longer counted.
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return sum;
    }

    @Override
    public void close() throws InterruptedException {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // Already closed: the server is exiting anyway.
        }
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(killer);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down; the hook runs and finds the process gone.
        }
    }
}
