package dev.restcompress.bench.soak;

import dev.restcompress.bench.http.HttpConnection;
import dev.restcompress.bench.load.LoadGenerator;
import dev.restcompress.bench.server.BenchServerMain;
import dev.restcompress.bench.server.ServerProcess;
import dev.restcompress.bench.soak.SoakReport.Tally;
import dev.restcompress.bench.soak.Workload.Probe;
import dev.restcompress.config.CacheSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The soak ({@code scripts/soak.sh}): the demo in its own JVM, a checked mix of requests and attacks, memory
 * sampled throughout, and a {@link SoakReport} verdict: HELD (exit 0), LEAKED (1) or ERRORED (2). Each phase
 * is one step of the bench's {@link LoadGenerator} over probes drawn from the phase's groups; the isolated
 * POST phases after the mixed one pin a leak on a coding. The run has a hard deadline besides each timeout.
 */
public final class SoakMain {
    private static final String HOST = "127.0.0.1";
    private static final int TIMEOUT_MS = 10_000;

    /**
     * One sample at {@code tMillis} since the load started, in bytes (threads and fds: counts), -1 when unknown:
     * RSS, threads and fds from /proc; heap used right after a full GC, NMT committed in all and under "Other"
     * (direct buffers, Unsafe) and the JDK's direct buffer pool from the child.
     */
    record Sample(long tMillis, String phase, long rss, long heapAfterGc, long nmtCommitted, long nmtOther, long direct,
            long threads, long fds) {
    }

    static final int HEAP_MB = 256;

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

    /** One stretch of the run: its share of the load time and the probe groups it draws from, by weight. */
    record Phase(String name, double share, List<List<Probe>> groups, double[] weights) {}

    /** A phase as it ran: its time window and what it sent. */
    record PhaseRun(String name, long startMs, long endMs, long requests, long errors) {}

    private final SoakOptions o;
    private final Tally tally = new Tally();
    private final List<Sample> samples = Collections.synchronizedList(new ArrayList<>());
    private final CountDownLatch stop = new CountDownLatch(1);
    private volatile long t0;
    private volatile Phase phase;
    private volatile LoadGenerator generator;
    private volatile String abortReason;

    private SoakMain(SoakOptions o) {
        this.o = o;
    }

    public static void main(String[] args) throws Exception {
        try {
            SoakOptions o = SoakOptions.parse(args);
            if (o != null) { // null: --help or --version was printed
                Files.createDirectories(o.out);
                System.exit(new SoakMain(o).run());
            }
        } catch (picocli.CommandLine.ParameterException e) {
            System.err.println("soak: " + e.getMessage());
            e.getCommandLine().usage(System.err);
            System.exit(3);
        }
    }

    private int run() throws Exception {
        long plannedMs = (long) (o.minutes * 60_000);
        long hardDeadline = System.currentTimeMillis() + plannedMs + 120_000;
        log("starting the demo server (heap " + HEAP_MB + " MB, NMT summary) ...");
        try (ServerProcess server = ServerProcess.start(new ServerProcess.Spec(ENVIRONMENT, JVM_OPTIONS, List.of(),
                BenchServerMain.OURS, HOST, o.testdata, o.out.resolve("server.log")))) {
            Files.writeString(o.out.resolve("server.pid"), server.pid() + "\n");
            ScheduledFuture<?> watchdog = Executors.newSingleThreadScheduledExecutor(r -> daemon("soak-watchdog", r))
                    .schedule(() -> {
                        System.err.println("[soak] ERROR: hard deadline passed; killing the server and exiting");
                        try {
                            server.close();
                        } finally {
                            Runtime.getRuntime().halt(2);
                        }
                        return null;
                    }, hardDeadline - System.currentTimeMillis(), TimeUnit.MILLISECONDS);
            log("server pid " + server.pid() + " on " + HOST + ":" + server.port() + "; building the request catalogue");
            Workload w;
            try (HttpConnection http = new HttpConnection(HOST, server.port(), TIMEOUT_MS)) {
                w = new Workload(o.testdata, http);
            }
            List<Phase> phases = plan(w);
            log("codings: " + w.codings + "; " + w.gets.size() + " GETs, " + w.allPosts().size() + " POSTs, "
                    + w.attacks.size() + " attacks; phases: " + phases.stream().map(Phase::name).toList());
            t0 = System.currentTimeMillis();
            samples.add(sample(server, 0, "start"));
            phase = phases.get(0);
            Thread sampler = daemon("soak-sampler", () -> sampleLoop(server));
            generator = new LoadGenerator(HOST, server.port(), new LoadGenerator.Requests() {
                @Override
                public String name(long i) {
                    return "probe " + i;
                }

                @Override
                public LoadGenerator.Answer send(HttpConnection http, long i, String coding) {
                    return probe(w, http);
                }
            }, TIMEOUT_MS);
            sampler.start();
            List<PhaseRun> runs = new ArrayList<>();
            long phaseStart = 0;
            for (int i = 0; i < phases.size() && stop.getCount() > 0; i++) {
                phase = phases.get(i);
                long req0 = tally.requests();
                long err0 = tally.errors();
                long end = i == phases.size() - 1 ? plannedMs : phaseStart + (long) (plannedMs * phase.share());
                log(String.format("phase %s: %.0f s to %.0f s", phase.name(), phaseStart / 1000.0, end / 1000.0));
                double seconds = (end - now()) / 1000.0;
                if (seconds > 0) {
                    generator.run(phase.name(), "identity", o.rate, o.threads, 0, seconds, null);
                }
                runs.add(new PhaseRun(phase.name(), phaseStart, Math.min(end, now()), tally.requests() - req0,
                        tally.errors() - err0));
                phaseStart = end;
            }
            stop.countDown();
            sampler.join(60_000);
            long loadMs = now();
            if (!server.alive()) {
                tally.recordOther("the server process died", loadMs);
            }
            watchdog.cancel(true);
            SoakReport.Verdict v = new SoakReport(o, List.copyOf(samples), runs, tally, loadMs, abortReason).write();
            System.out.println("SOAK VERDICT: " + v.word() + " - " + v.summary());
            System.out.println("report: " + o.out.resolve("report.md"));
            return v.exitCode();
        }
    }

    /** Default: mixed, then an isolated POST phase per coding; --only-post: that one phase. */
    private List<Phase> plan(Workload w) {
        if (o.onlyPost != null) {
            if (!w.codings.contains(o.onlyPost)) {
                throw new IllegalArgumentException("--only-post " + o.onlyPost + ": not one of " + w.codings);
            }
            return List.of(new Phase("post " + o.onlyPost, 1.0, List.of(w.posts.get(o.onlyPost)), new double[] {1}));
        }
        List<Phase> out = new ArrayList<>();
        out.add(new Phase("mixed", 1 - o.isolated, List.of(w.gets, w.allPosts(), w.attacks),
                new double[] {0.55, 0.35, 0.10}));
        for (String c : o.isolated > 0 ? w.codings : List.<String>of()) {
            out.add(new Phase("post " + c, o.isolated / w.codings.size(), List.of(w.posts.get(c)), new double[] {1}));
        }
        return out;
    }

    /** A probe drawn at random by the phase's group weights; its outcome goes into the tally. */
    private LoadGenerator.Answer probe(Workload w, HttpConnection http) {
        Phase ph = phase;
        Random rnd = ThreadLocalRandom.current();
        double r = rnd.nextDouble();
        int k = 0;
        while (k < ph.weights().length - 1 && r >= ph.weights()[k]) {
            r -= ph.weights()[k++];
        }
        List<Probe> list = ph.groups().get(k);
        Probe p = list.get(rnd.nextInt(list.size()));
        String error;
        String outcome;
        try {
            error = w.run(p, http);
            outcome = switch (p.kind()) {
                case HANGUP_RESPONSE, HANGUP_REQUEST -> "hung up";
                default -> error == null ? Integer.toString(p.expectStatus()) : "wrong";
            };
        } catch (IOException | RuntimeException e) {
            if (stop.getCount() == 0) {
                return new LoadGenerator.Answer(0, 0, 0, null); // the run ended under this request
            }
            error = "I/O: " + e;
            outcome = "I/O error";
        }
        tally.record(p, outcome, error, now());
        return new LoadGenerator.Answer(p.expectStatus(), 0, 0, error == null ? null : p.name() + ": " + error);
    }

    private void sampleLoop(ServerProcess server) {
        long intervalMs = (long) (o.interval * 1000);
        try {
            for (long next = intervalMs; !stop.await(Math.max(0, next - now()), TimeUnit.MILLISECONDS);
                    next += intervalMs) {
                String ph = phase.name();
                try {
                    Sample s = sample(server, now(), ph);
                    samples.add(s);
                    if (s.rss() > o.maxRssMb * 1024L * 1024) {
                        stopLoad(String.format("RSS reached %.0f MB, over the %d MB cap, at t=%.0f s (phase %s)",
                                s.rss() / 1048576.0, o.maxRssMb, s.tMillis() / 1000.0, ph));
                    }
                } catch (IOException | RuntimeException e) {
                    tally.recordOther("sampling failed: " + e, now());
                    if (!server.alive()) {
                        stopLoad("the server process died");
                    }
                }
            }
        } catch (InterruptedException e) {
            // the run is over
        }
    }

    private void stopLoad(String reason) {
        log("stopping: " + reason);
        abortReason = reason;
        stop.countDown();
        LoadGenerator g = generator;
        if (g != null) {
            g.stop();
        }
    }

    private long now() {
        return System.currentTimeMillis() - t0;
    }

    private static Thread daemon(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    static void log(String s) {
        System.err.println("[soak] " + s);
    }
}
