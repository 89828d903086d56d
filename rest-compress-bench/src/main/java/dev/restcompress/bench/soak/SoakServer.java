package dev.restcompress.bench.soak;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * The demo server in its own JVM ({@link SoakServerMain}) with a fixed heap and native memory
 * tracking, and the sampler that reads its memory: {@code /proc/<pid>} for resident memory,
 * threads and open descriptors, the child itself for heap after GC and NMT.
 *
 * <p>{@link #close} stops only the process this object started: first by closing its stdin (the
 * child exits on end of input), then SIGTERM, then SIGKILL; a shutdown hook does the last if this
 * JVM is interrupted. Not thread-safe: one sampler thread calls {@link #sample}.
 */
final class SoakServer implements AutoCloseable {
    private static final long START_TIMEOUT_S = 90;
    private static final long SAMPLE_TIMEOUT_S = 30;

    private final Process process;
    private final int port;
    private final OutputStream stdin;
    private final AtomicReference<CompletableFuture<String>> pending;
    private final Thread killer;

    private SoakServer(Process process, int port, AtomicReference<CompletableFuture<String>> pending) {
        this.process = process;
        this.port = port;
        this.stdin = process.getOutputStream();
        this.pending = pending;
        this.killer = new Thread(process::destroyForcibly, "soak-server-killer");
        Runtime.getRuntime().addShutdownHook(killer);
    }

    /** The child's JVM options: a fixed, pre-touched heap (so heap paging is not mistaken for growth) and NMT. */
    static List<String> jvmOptions(int heapMb) {
        return List.of("-Xms" + heapMb + "m", "-Xmx" + heapMb + "m", "-XX:+AlwaysPreTouch",
                "-XX:NativeMemoryTracking=summary", "-XX:+UseParallelGC", "--enable-native-access=ALL-UNNAMED");
    }

    static SoakServer start(String host, Path testdata, Path log, int heapMb) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions(heapMb));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), SoakServerMain.class.getName(),
                "--host", host, "--port", "0", "--testdata", testdata.toAbsolutePath().toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        CompletableFuture<Integer> ready = new CompletableFuture<>();
        AtomicReference<CompletableFuture<String>> pending = new AtomicReference<>();
        Thread pump = new Thread(() -> pump(p, log, ready, pending), "soak-server-log");
        pump.setDaemon(true);
        pump.start();
        try {
            return new SoakServer(p, ready.get(START_TIMEOUT_S, TimeUnit.SECONDS), pending);
        } catch (Exception e) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IOException("demo server did not start (" + e + "); see " + log, e);
        }
    }

    private static void pump(Process p, Path log, CompletableFuture<Integer> ready,
            AtomicReference<CompletableFuture<String>> pending) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
             Writer w = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith(SoakServerMain.SAMPLE)) {
                    CompletableFuture<String> f = pending.getAndSet(null);
                    if (f != null) {
                        f.complete(line.substring(SoakServerMain.SAMPLE.length()));
                    }
                    continue;
                }
                w.write(line);
                w.write('\n');
                w.flush();
                if (line.startsWith(SoakServerMain.READY)) {
                    ready.complete(Integer.parseInt(line.substring(SoakServerMain.READY.length()).trim()));
                }
            }
        } catch (IOException | RuntimeException e) {
            ready.completeExceptionally(e);
        }
        ready.completeExceptionally(new IOException("server exited"));
        CompletableFuture<String> f = pending.getAndSet(null);
        if (f != null) {
            f.completeExceptionally(new IOException("server exited"));
        }
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** One sample: /proc first (cheap, before the GC), then the child's GC + NMT answer. */
    Sample sample(long tMillis) throws IOException, InterruptedException {
        Map<String, Long> proc = procStatus(process.pid());
        long fds;
        try (Stream<Path> s = Files.list(Path.of("/proc", Long.toString(process.pid()), "fd"))) {
            fds = s.count();
        }
        CompletableFuture<String> f = new CompletableFuture<>();
        pending.set(f);
        stdin.write("sample\n".getBytes(StandardCharsets.US_ASCII));
        stdin.flush();
        String answer;
        try {
            answer = f.get(SAMPLE_TIMEOUT_S, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IOException("server did not answer a sample request: " + e, e);
        }
        Map<String, Long> kv = new HashMap<>();
        for (String part : answer.trim().split(" ")) {
            int eq = part.indexOf('=');
            kv.put(part.substring(0, eq), Long.parseLong(part.substring(eq + 1)));
        }
        long nmt = kv.getOrDefault("nmtCommittedKB", -1L);
        long other = kv.getOrDefault("nmtOtherKB", -1L);
        return new Sample(tMillis, proc.getOrDefault("VmRSS", -1L) * 1024, kv.getOrDefault("heapAfterGc", -1L),
                nmt < 0 ? -1 : nmt * 1024, other < 0 ? -1 : other * 1024, kv.getOrDefault("direct", -1L),
                proc.getOrDefault("Threads", -1L), fds);
    }

    /** The numeric fields of /proc/pid/status (kB values as printed). */
    private static Map<String, Long> procStatus(long pid) throws IOException {
        Map<String, Long> out = new HashMap<>();
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String[] v = line.substring(colon + 1).trim().split("\\s+");
            if (v.length >= 1 && v[0].matches("\\d+")) {
                out.put(line.substring(0, colon), Long.parseLong(v[0]));
            }
        }
        return out;
    }

    @Override
    public void close() throws InterruptedException {
        try {
            stdin.close();
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
            // The JVM is shutting down; the hook finds the process gone.
        }
    }
}
