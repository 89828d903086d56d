package dev.restcompress.bench.soak;

import dev.restcompress.bench.server.ServerProcess;
import dev.restcompress.config.CacheSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The demo server in its own JVM ({@link ServerProcess}) with a fixed heap and native memory
 * tracking, and the sampler that reads its memory: {@code /proc/<pid>} for resident memory, threads
 * and open descriptors, the child itself for heap after GC and NMT.
 *
 * <p>{@link #close} stops only the process this object started. Not thread-safe: one sampler thread
 * calls {@link #sample}.
 */
final class SoakServer implements AutoCloseable {
    private final ServerProcess process;

    private SoakServer(ServerProcess process) {
        this.process = process;
    }

    /**
     * The child's JVM options: a fixed, pre-touched heap (so heap paging is not mistaken for growth), NMT,
     * and the demo's own cache setting (the bench suites turn its cache off to measure compressing; the
     * soak runs the demo as shipped, so its cached /rest/static answers are checked byte-exact too).
     */
    static List<String> jvmOptions(int heapMb) {
        return List.of("-Xms" + heapMb + "m", "-Xmx" + heapMb + "m", "-XX:+AlwaysPreTouch",
                "-XX:NativeMemoryTracking=summary", "-XX:+UseParallelGC", "--enable-native-access=ALL-UNNAMED",
                "-D" + CacheSettings.MODE + "=annotated");
    }

    /**
     * Run through {@code env} (which execs java: same PID) with glibc held to two malloc arenas. With
     * glibc's default (up to 8 per core) every new request thread may get an arena of its own, and their
     * fragmentation climbs for half an hour: the same build read RSS +2.55 MB/min over a 30-minute mixed
     * load (0.11 KB/request, NMT flat) and -0.12 +/- 0.19 MB/min over 15 minutes with two arenas. The soak
     * judges this library's memory, not the allocator's arena policy (SECURITY.md says what to set when
     * deploying).
     */
    static final List<String> ENVIRONMENT = List.of("env", "MALLOC_ARENA_MAX=2");

    static SoakServer start(String host, Path testdata, Path log, int heapMb) throws IOException, InterruptedException {
        return new SoakServer(ServerProcess.start(new ServerProcess.Spec(ENVIRONMENT, jvmOptions(heapMb), List.of(),
                dev.restcompress.bench.server.BenchServerMain.OURS, host, testdata, log)));
    }

    int port() {
        return process.port();
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.alive();
    }

    /** One sample: /proc first (cheap, before the GC), then the child's GC + NMT answer. */
    Sample sample(long tMillis) throws IOException, InterruptedException {
        Map<String, Long> proc = procStatus(process.pid());
        long fds;
        try (Stream<Path> s = Files.list(Path.of("/proc", Long.toString(process.pid()), "fd"))) {
            fds = s.count();
        }
        String answer = process.request("sample");
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
        process.close();
    }
}
