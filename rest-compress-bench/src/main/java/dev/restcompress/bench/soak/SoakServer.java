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

/** The demo in its own JVM ({@link ServerProcess}, fixed heap, NMT) and the sampler that reads its memory. */
final class SoakServer {
    /**
     * One sample at {@code tMillis} since the load started, in bytes (threads and fds: counts), -1 when unknown:
     * RSS, threads and fds from /proc; heap used right after a full GC, NMT committed in all and under "Other"
     * (direct buffers, Unsafe) and the JDK's direct buffer pool from the child.
     */
    record Sample(long tMillis, String phase, long rss, long heapAfterGc, long nmtCommitted, long nmtOther, long direct,
            long threads, long fds) {
    }

    static final int HEAP_MB = 256;

    private SoakServer() {
    }

    /**
     * A fixed, pre-touched heap (heap paging is no growth), NMT, and the demo's cache as shipped (the suites turn
     * it off), so its cached /rest/static answers are checked too.
     */
    static final List<String> JVM_OPTIONS = List.of("-Xms" + HEAP_MB + "m", "-Xmx" + HEAP_MB + "m",
            "-XX:+AlwaysPreTouch", "-XX:NativeMemoryTracking=summary", "-XX:+UseParallelGC",
            "--enable-native-access=ALL-UNNAMED", "-D" + CacheSettings.MODE + "=annotated");

    /**
     * Through {@code env} (same PID) with two malloc arenas: with glibc's default the same build read RSS
     * +2.55 MB/min over 30 minutes (NMT flat), with two -0.12 +/- 0.19; the soak judges the library, not the
     * allocator's arena policy (SECURITY.md).
     */
    static final List<String> ENVIRONMENT = List.of("env", "MALLOC_ARENA_MAX=2");

    static ServerProcess start(Path testdata, Path log) throws IOException, InterruptedException {
        return ServerProcess.start(new ServerProcess.Spec(ENVIRONMENT, JVM_OPTIONS, List.of(), BenchServerMain.OURS,
                "127.0.0.1", testdata, log));
    }

    /** /proc first (cheap, before the GC), then the child's GC + NMT answer. One thread at a time. */
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
