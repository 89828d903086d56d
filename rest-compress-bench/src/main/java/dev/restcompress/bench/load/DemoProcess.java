package dev.restcompress.bench.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The demo server in its own JVM ({@link LoadServerMain}), started from this JVM's class path.
 *
 * <p>A separate JVM keeps the load generator's threads, allocation and GC out of the server's
 * numbers (they still share the machine's cores, which the report says). An optional command prefix
 * ({@code ip netns exec NS}) runs it inside a network namespace; {@code ip netns exec} execs the
 * command, so the process handle is the server JVM itself. The server's output goes to a log file.
 * {@link #close} stops it: first by closing its stdin, then SIGTERM, then SIGKILL.
 */
final class DemoProcess implements AutoCloseable {
    private static final long START_TIMEOUT_S = 90;

    private final Process process;
    private final String host;
    private final int port;
    private final Thread killer;

    private DemoProcess(Process process, String host, int port) {
        this.process = process;
        this.host = host;
        this.port = port;
        // If the bench JVM is interrupted (Ctrl-C), do not leave the server behind.
        this.killer = new Thread(process::destroyForcibly, "demo-server-killer");
        Runtime.getRuntime().addShutdownHook(killer);
    }

    /**
     * Starts the server and waits until it listens.
     *
     * @param prefix command words before {@code java} (empty, or {@code ip netns exec NS})
     * @param host the address the server binds and the client connects to
     * @param testdata the folder {@code /rest/static/{name}} serves
     * @param log where the server's stdout and stderr go (appended)
     */
    static DemoProcess start(List<String> prefix, String host, Path testdata, Path log)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of("-Xms128m", "-Xmx512m", "-XX:+UseParallelGC", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), LoadServerMain.class.getName(),
                "--host", host, "--port", "0", "--testdata", testdata.toAbsolutePath().toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        CompletableFuture<Integer> ready = new CompletableFuture<>();
        Deque<String> tail = new ArrayDeque<>();
        Thread pump = new Thread(() -> pump(p, log, ready, tail), "demo-server-log");
        pump.setDaemon(true);
        pump.start();
        try {
            int port = ready.get(START_TIMEOUT_S, TimeUnit.SECONDS);
            return new DemoProcess(p, host, port);
        } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            synchronized (tail) {
                throw new IOException("demo server did not start (" + e + "); last output:\n"
                        + String.join("\n", tail), e);
            }
        }
    }

    /** Copies the server's output to the log and completes {@code ready} on its READY line. */
    private static void pump(Process p, Path log, CompletableFuture<Integer> ready, Deque<String> tail) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
             Writer w = Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                     StandardOpenOption.APPEND)) {
            for (String line; (line = r.readLine()) != null; ) {
                w.write(line);
                w.write('\n');
                w.flush();
                synchronized (tail) {
                    tail.addLast(line);
                    if (tail.size() > 30) {
                        tail.removeFirst();
                    }
                }
                if (line.startsWith(LoadServerMain.READY)) {
                    ready.complete(Integer.parseInt(line.substring(LoadServerMain.READY.length()).trim()));
                }
            }
        } catch (IOException | RuntimeException e) {
            ready.completeExceptionally(e);
        }
        ready.completeExceptionally(new IOException("server exited with " + exitCode(p)));
    }

    private static String exitCode(Process p) {
        try {
            return p.waitFor(5, TimeUnit.SECONDS) ? Integer.toString(p.exitValue()) : "(still running)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(interrupted)";
        }
    }

    String host() {
        return host;
    }

    int port() {
        return port;
    }

    /** CPU time the server process has used so far, in ns, or -1 when the OS does not say. */
    long cpuNanos() {
        return process.toHandle().info().totalCpuDuration().map(d -> d.toNanos()).orElse(-1L);
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
