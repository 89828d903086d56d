package dev.restcompress.bench.proxies;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One proxy started by the suite in the foreground (its command prefix, {@code taskset}, must exec), output to a log
 * file; ready when every one of its ports accepts a connection. {@link #close} stops it by its PID (SIGTERM, then
 * SIGKILL) and then any child it left (nginx's worker); a shutdown hook does the same if the bench dies.
 */
public final class ProxyProcess implements AutoCloseable {
    private static final long START_TIMEOUT_MS = 20_000;
    private final String name;
    private final Process process;
    private final Thread killer;

    private ProxyProcess(String name, Process process) {
        this.name = name;
        this.process = process;
        this.killer = new Thread(() -> stop(process), "bench-proxy-killer-" + name);
    }

    /** Starts {@code command} and waits until it listens on all {@code ports} of 127.0.0.1 (up to 20 s). */
    public static ProxyProcess start(String name, List<String> prefix, List<String> command, Map<String, String> env,
            Path log, Collection<Integer> ports) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        ProxyProcess p = new ProxyProcess(name, pb.start());
        Runtime.getRuntime().addShutdownHook(p.killer);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MS);
        for (int port : ports) {
            while (!accepts(port)) {
                if (!p.process.isAlive() || System.nanoTime() > deadline) {
                    String why = p.process.isAlive() ? "not listening on " + port + " after " + START_TIMEOUT_MS + " ms"
                            : "exited with " + p.process.exitValue();
                    p.close();
                    List<String> out = Files.exists(log) ? Files.readAllLines(log) : List.of();
                    throw new IOException(name + " " + why + (out.isEmpty() ? "" : ": "
                            + String.join(" / ", out.subList(Math.max(0, out.size() - 3), out.size()))));
                }
                Thread.sleep(50);
            }
        }
        return p;
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    /** CPU so far of the proxy and its children (nginx's master and worker). */
    public ProcCpu.Times cpu() {
        return ProcCpu.tree(process.pid());
    }

    @Override
    public void close() throws InterruptedException {
        stop(process);
        try {
            Runtime.getRuntime().removeShutdownHook(killer);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down; the hook finds the process gone.
        }
    }

    private static void stop(Process process) {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
