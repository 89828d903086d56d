package dev.restcompress.bench.soak;

import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.bench.server.ServerProcess;
import dev.restcompress.config.CacheSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The demo server in its own JVM ({@link ServerProcess}) with a fixed heap and native memory
 * tracking, and the sampler that reads its memory: {@code /proc/<pid>} for resident memory, threads
 * and open descriptors, the child itself for heap after GC and NMT.
 */
final class SoakServer {
    /**
     * One sample of the server process, in bytes (counts for threads and fds); -1 when unknown.
     *
     * @param tMillis milliseconds since the load started
     * @param phase the phase that was running when it was taken
     * @param rss resident set size (/proc VmRSS)
     * @param heapAfterGc Java heap used right after a full GC
     * @param nmtCommitted NMT total committed (JVM-tracked memory: heap, metaspace, threads, GC, Other...)
     * @param nmtOther NMT "Other" committed (direct buffers, Unsafe allocations)
     * @param direct the JDK's direct buffer pool, bytes used
     * @param threads the process's threads (/proc Threads)
     * @param fds open file descriptors (/proc/pid/fd)
     */
    record Sample(long tMillis, String phase, long rss, long heapAfterGc, long nmtCommitted, long nmtOther, long direct,
            long threads, long fds) {
    }

    static final int HEAP_MB = 256;

    private SoakServer() {
    }

    /**
     * The child's JVM options: a fixed, pre-touched heap (so heap paging is not mistaken for growth), NMT,
     * and the demo's own cache setting (the bench suites turn its cache off to measure compressing; the
     * soak runs the demo as shipped, so its cached /rest/static answers are checked byte-exact too).
     */
    static final List<String> JVM_OPTIONS = List.of("-Xms" + HEAP_MB + "m", "-Xmx" + HEAP_MB + "m", "-XX:+AlwaysPreTouch",
            "-XX:NativeMemoryTracking=summary", "-XX:+UseParallelGC", "--enable-native-access=ALL-UNNAMED", "-D" + CacheSettings.MODE + "=annotated");

    /**
     * Run through {@code env} (which execs java: same PID) with glibc held to two malloc arenas. With
     * glibc's default (up to 8 per core) every new request thread may get an arena of its own, and their
     * fragmentation climbs for half an hour: the same build read RSS +2.55 MB/min over a 30-minute mixed
     * load (0.11 KB/request, NMT flat) and -0.12 +/- 0.19 MB/min over 15 minutes with two arenas. The soak
     * judges this library's memory, not the allocator's arena policy (SECURITY.md says what to set when
     * deploying).
     */
    static final List<String> ENVIRONMENT = List.of("env", "MALLOC_ARENA_MAX=2");

    /** Starts the demo on 127.0.0.1; closing the process stops only what was started here. */
    static ServerProcess start(Path testdata, Path log) throws IOException, InterruptedException {
        return ServerProcess.start(new ServerProcess.Spec(ENVIRONMENT, JVM_OPTIONS, List.of(), BenchServerMain.OURS,
                "127.0.0.1", testdata, log));
    }

    /** One sample: /proc first (cheap, before the GC), then the child's GC + NMT answer. One thread at a time. */
    static Sample sample(ServerProcess server, long tMillis, String phase) throws IOException, InterruptedException {
        List<String> status = Files.readAllLines(Path.of("/proc", Long.toString(server.pid()), "status"));
        long fds;
        try (Stream<Path> s = Files.list(Path.of("/proc", Long.toString(server.pid()), "fd"))) {
            fds = s.count();
        }
        Map<String, Long> kv = Arrays.stream(server.request("sample").trim().split(" ")).map(p -> p.split("=", 2))
                .collect(Collectors.toMap(p -> p[0], p -> Long.parseLong(p[1]), (a, b) -> b));
        return new Sample(tMillis, phase, kb(field(status, "VmRSS")), kv.getOrDefault("heapAfterGc", -1L),
                kb(kv.getOrDefault("nmtCommittedKB", -1L)), kb(kv.getOrDefault("nmtOtherKB", -1L)),
                kv.getOrDefault("direct", -1L), field(status, "Threads"), fds);
    }

    /** A numeric field of /proc/pid/status as printed (kB for sizes), -1 when absent. */
    private static long field(List<String> status, String name) {
        return status.stream().filter(l -> l.startsWith(name + ":")).map(l -> l.substring(name.length() + 1).trim()
                .split("\\s+")[0]).filter(v -> v.matches("\\d+")).mapToLong(Long::parseLong).findFirst().orElse(-1);
    }

    private static long kb(long kb) {
        return kb < 0 ? -1 : kb * 1024;
    }
}
