package dev.restcompress.bench.soak;

import dev.restcompress.bench.http.HttpConnection;
import dev.restcompress.bench.load.LoadGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The soak: starts the demo server in its own JVM with native memory tracking, drives
 * a checked mix of requests and attacks at it from a few connections of the bench's {@link LoadGenerator}, samples its memory every few
 * seconds and writes {@code samples.csv}, {@code requests.csv}, {@code chart.svg} and
 * {@code report.md} with a verdict: HELD (exit 0), LEAKED (1) or ERRORED (2). Run through
 * {@code scripts/soak.sh}, which builds the jar and chooses the output folder.
 *
 * <p>The default run is a mixed phase (60% of the time: GETs, POSTs, attacks) followed by one
 * isolated POST phase per coding, so a leak is pinned on a coding. {@code --only-post CODING} runs
 * that one phase for the whole time. Each phase is one step of the bench's {@link LoadGenerator}:
 * {@code --threads} connections, the open model at {@code --rate} (the closed model at 0), over
 * probes drawn at random from the phase's groups. Everything is bounded: each request by a timeout, the run by a
 * hard deadline, the server by an RSS cap and by its parent (it exits when our pipe closes).
 */
public final class SoakMain {
    private SoakMain() {
    }

    /** One stretch of the run with its own request pool. */
    record Phase(String name, double share, String onlyPost) {
    }

    /** A phase as it ran: its time window and what it sent. */
    record PhaseRun(String name, long startMs, long endMs, long requests, long errors) {
    }

    public static void main(String[] args) throws Exception {
        SoakOptions o;
        try {
            o = SoakOptions.parse(args);
        } catch (picocli.CommandLine.ParameterException e) {
            System.err.println("soak: " + e.getMessage());
            e.getCommandLine().usage(System.err);
            System.exit(3);
            return;
        }
        if (o == null) {
            return; // --help or --version was printed
        }
        Files.createDirectories(o.out());
        int code = new SoakMain().run(o);
        System.exit(code);
    }

    private volatile double[] groupWeights;
    private volatile List<List<Probe>> groups;
    private final AtomicBoolean stop = new AtomicBoolean();
    private volatile LoadGenerator generator;
    private volatile String abortReason;

    int run(SoakOptions o) throws Exception {
        long plannedMs = (long) (o.minutes() * 60_000);
        long hardDeadline = System.currentTimeMillis() + plannedMs + 120_000;
        log("starting the demo server (heap " + o.heapMb() + " MB, NMT summary) ...");
        try (SoakServer server = SoakServer.start("127.0.0.1", o.testdata(), o.out().resolve("server.log"), o.heapMb())) {
            Files.writeString(o.out().resolve("server.pid"), server.pid() + "\n");
            Thread watchdog = new Thread(() -> {
                try {
                    Thread.sleep(Math.max(0, hardDeadline - System.currentTimeMillis()));
                } catch (InterruptedException e) {
                    return;
                }
                System.err.println("[soak] ERROR: hard deadline passed; killing the server and exiting");
                try {
                    server.close();
                } catch (InterruptedException ignored) {
                    // exiting anyway
                }
                Runtime.getRuntime().halt(2);
            }, "soak-watchdog");
            watchdog.setDaemon(true);
            watchdog.start();
            log("server pid " + server.pid() + " on 127.0.0.1:" + server.port() + "; building the request catalogue");
            Workload w;
            try (HttpConnection http = new HttpConnection("127.0.0.1", server.port(), o.timeoutMs())) {
                w = Workload.build(o.testdata(), http);
            }
            List<Phase> phases = plan(o, w);
            log("codings: " + w.codings() + "; " + w.gets().size() + " GETs, " + w.allPosts().size() + " POSTs, "
                    + w.attacks().size() + " attacks; phases: " + phases.stream().map(Phase::name).toList());
            Tally tally = new Tally();
            List<Sample> samples = new ArrayList<>();
            List<String> samplePhases = new ArrayList<>();
            List<PhaseRun> runs = new ArrayList<>();
            long t0 = System.currentTimeMillis();
            samples.add(server.sample(0));
            samplePhases.add("start");

            String[] current = {phases.get(0).name()};
            Thread sampler = new Thread(() -> sampleLoop(server, o, t0, samples, samplePhases, current, tally),
                    "soak-sampler");
            sampler.setDaemon(true);
            // The bench's load generator, its open model at --rate (closed at 0) over the probes of the phase.
            generator = new LoadGenerator("127.0.0.1", server.port(), new ProbeRequests(w, tally, t0), o.timeoutMs());
            sampler.start();
            long phaseStart = 0;
            for (int i = 0; i < phases.size() && !stop.get(); i++) {
                Phase ph = phases.get(i);
                select(ph, w);
                synchronized (current) {
                    current[0] = ph.name();
                }
                long req0 = tally.requests();
                long err0 = tally.errors();
                long end = i == phases.size() - 1 ? plannedMs : phaseStart + (long) (plannedMs * ph.share());
                log(String.format("phase %s: %.0f s to %.0f s", ph.name(), phaseStart / 1000.0, end / 1000.0));
                double seconds = (end - (System.currentTimeMillis() - t0)) / 1000.0;
                if (seconds > 0) {
                    generator.run(ph.name(), "identity", o.rate(), o.threads(), 0, seconds, null);
                }
                long actualEnd = Math.min(end, System.currentTimeMillis() - t0);
                runs.add(new PhaseRun(ph.name(), phaseStart, actualEnd, tally.requests() - req0, tally.errors() - err0));
                phaseStart = end;
            }
            stop.set(true);
            sampler.join(60_000);
            long loadMs = System.currentTimeMillis() - t0;
            boolean alive = server.alive();
            if (!alive) {
                tally.recordOther("the server process died", loadMs);
            }
            watchdog.interrupt();
            SoakReport report = new SoakReport(o, List.copyOf(samples), List.copyOf(samplePhases), runs, tally, loadMs,
                    abortReason, SoakServer.jvmOptions(o.heapMb()));
            SoakReport.Verdict v = report.write();
            System.out.println("SOAK VERDICT: " + v.word() + " - " + v.summary());
            System.out.println("report: " + o.out().resolve("report.md"));
            return v.exitCode();
        }
    }

    /** Default: mixed 60%, then an isolated POST phase per coding; --only-post: one phase. */
    private static List<Phase> plan(SoakOptions o, Workload w) {
        if (o.onlyPost() != null) {
            if (!w.codings().contains(o.onlyPost())) {
                throw new IllegalArgumentException("--only-post " + o.onlyPost() + ": not one of " + w.codings());
            }
            return List.of(new Phase("post " + o.onlyPost(), 1.0, o.onlyPost()));
        }
        List<Phase> out = new ArrayList<>();
        double mixed = o.isolatedShare() > 0 ? 1 - o.isolatedShare() : 1.0;
        out.add(new Phase("mixed", mixed, null));
        if (o.isolatedShare() > 0) {
            for (String c : w.codings()) {
                out.add(new Phase("post " + c, o.isolatedShare() / w.codings().size(), c));
            }
        }
        return out;
    }

    private void select(Phase ph, Workload w) {
        if (ph.onlyPost() != null) {
            groups = List.of(w.posts(ph.onlyPost()));
            groupWeights = new double[] {1.0};
        } else {
            groups = List.of(w.gets(), w.allPosts(), w.attacks());
            groupWeights = new double[] {0.55, 0.35, 0.10};
        }
    }

    /** A probe of the phase's groups, drawn at random by the groups' weights; its outcome goes into the tally. */
    private final class ProbeRequests implements LoadGenerator.Requests {
        private final Workload w;
        private final Tally tally;
        private final long t0;

        ProbeRequests(Workload w, Tally tally, long t0) {
            this.w = w;
            this.tally = tally;
            this.t0 = t0;
        }

        @Override
        public String name(long i) {
            return "probe " + i;
        }

        @Override
        public LoadGenerator.Answer send(HttpConnection http, long i, String coding) {
            Random rnd = ThreadLocalRandom.current();
            double[] wt = groupWeights;
            double r = rnd.nextDouble();
            int k = 0;
            while (k < wt.length - 1 && r >= wt[k]) {
                r -= wt[k];
                k++;
            }
            List<Probe> list = groups.get(k);
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
                if (stop.get()) {
                    return new LoadGenerator.Answer(0, 0, 0, null); // the run ended under this request
                }
                error = "I/O: " + e;
                outcome = "I/O error";
            }
            tally.record(p, outcome, error, System.currentTimeMillis() - t0);
            return new LoadGenerator.Answer(p.expectStatus(), 0, 0, error == null ? null : p.name() + ": " + error);
        }
    }

    private void sampleLoop(SoakServer server, SoakOptions o, long t0, List<Sample> samples, List<String> phases,
            String[] current, Tally tally) {
        long intervalMs = (long) (o.intervalSeconds() * 1000);
        long next = intervalMs;
        while (!stop.get()) {
            long now = System.currentTimeMillis() - t0;
            if (now < next) {
                try {
                    Thread.sleep(Math.min(200, next - now));
                } catch (InterruptedException e) {
                    return;
                }
                continue;
            }
            next += intervalMs;
            String phase;
            synchronized (current) {
                phase = current[0];
            }
            try {
                Sample s = server.sample(System.currentTimeMillis() - t0);
                synchronized (samples) {
                    samples.add(s);
                    phases.add(phase);
                }
                if (s.rss() > o.maxRssMb() * 1024L * 1024) {
                    abortReason = String.format("RSS reached %.0f MB, over the %d MB cap, at t=%.0f s (phase %s)",
                            s.rss() / 1048576.0, o.maxRssMb(), s.tMillis() / 1000.0, phase);
                    log("stopping: " + abortReason);
                    stopLoad();
                }
            } catch (IOException | RuntimeException e) {
                tally.recordOther("sampling failed: " + e, System.currentTimeMillis() - t0);
                if (!server.alive()) {
                    abortReason = "the server process died";
                    stopLoad();
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void stopLoad() {
        stop.set(true);
        LoadGenerator g = generator;
        if (g != null) {
            g.stop();
        }
    }

    static void log(String s) {
        System.err.println("[soak] " + s);
    }
}
