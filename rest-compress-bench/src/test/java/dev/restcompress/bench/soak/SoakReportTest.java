package dev.restcompress.bench.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.restcompress.bench.soak.SoakMain.Sample;
import dev.restcompress.bench.soak.SoakReport.Tally;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdict of a {@code --short} soak (the one {@code scripts/test.sh} runs) on synthetic RSS
 * series shaped like real runs: 1 s samples, a 53 s mixed phase, then five 10 s POST phases.
 */
class SoakReportTest {
    private static final double MB = 1024 * 1024;
    private static final String[] POST_PHASES = {"post identity", "post lzf", "post gzip", "post zstd", "post br"};

    @TempDir
    Path dir;

    @Test
    void anAllocatorStepInsideAShortPhaseIsNotALeak() throws Exception {
        // What CI saw once (+17.8 MB/min over the last 7 s phase) on a build a 3-minute brotli soak then held.
        assertEquals("HELD", verdict(t -> t < 98.5 ? 0 : 20 * (t - 98.5) / 60));
    }

    @Test
    void aSteadyClimbIsALeak() throws Exception {
        // About 1 KB per request at the short run's 400 requests/s.
        assertEquals("LEAKED", verdict(t -> 24 * t / 60));
    }

    @Test
    void aClimbOnlyWhileOneCodingIsPostedIsALeak() throws Exception {
        // A decoder leaking 5 KB per request: only its phase's own slope catches it, not the pooled headline.
        assertEquals("LEAKED", verdict(t -> t < 53 ? 12 * t / 60 : t < 95 ? 12 * 53.0 / 60 : 12 * 53.0 / 60 + 120 * (t - 95) / 60));
    }

    @Test
    void flatMemoryHolds() throws Exception {
        assertEquals("HELD", verdict(t -> 0));
    }

    /** Heap after GC (MB) a 10-minute run read every 4.8 s over 120-360 s: a 21-27 MB floor, bodies in flight. */
    private static final int[] MIXED_HEAP_READ = {30, 42, 23, 56, 39, 48, 37, 47, 31, 27, 32, 24, 34, 23, 90, 184, 31,
        27, 35, 29, 21, 36, 33, 36, 44, 21, 144, 23, 22, 21, 38, 149, 117, 66, 21, 124, 21, 36, 164, 22, 27, 42, 21, 149,
        109, 41, 34, 21, 138, 158, 153};

    private static double mixedHeapRead(double t) {
        int i = (int) Math.round((t - 120) / 4.8);
        return t < 120 || i >= MIXED_HEAP_READ.length ? 0 : MIXED_HEAP_READ[i] - 22;
    }

    @Test
    void heapSpikesFromBodiesInFlightAreNotALeak() throws Exception {
        // That run's verdict was LEAKED, heap +14 MB/min, from a line through the spikes.
        assertEquals("HELD", tenMinuteVerdict(SoakReportTest::mixedHeapRead));
    }

    @Test
    void aRisingHeapFloorIsALeak() throws Exception {
        // Retained objects: the floor climbs 5 MB/min through the mixed phase, with the same spikes on top.
        assertEquals("LEAKED", tenMinuteVerdict(t -> Math.min(t, 360) * 5 / 60 + mixedHeapRead(t)));
    }

    /** A --short run: RSS = 450 MB + {@code extraMb(t)} + 0.05 MB of scatter, every other series flat. */
    private String verdict(DoubleUnaryOperator extraMb) throws Exception {
        return verdict(new String[] {"--short"}, extraMb, t -> 0);
    }

    /** A default 10-minute run (4.8 s samples): RSS flat, the heap after GC = 22 MB + {@code extraHeapMb(t)}. */
    private String tenMinuteVerdict(DoubleUnaryOperator extraHeapMb) throws Exception {
        return verdict(new String[0], t -> 0, extraHeapMb);
    }

    /** The phases laid out as SoakMain does. */
    private String verdict(String[] args, DoubleUnaryOperator extraRssMb, DoubleUnaryOperator extraHeapMb) throws Exception {
        List<String> all = new ArrayList<>(List.of("--testdata", dir.toString(), "--out", dir.toString()));
        all.addAll(List.of(args));
        SoakOptions o = SoakOptions.parse(all.toArray(String[]::new));
        long loadMs = (long) (o.minutes * 60_000);
        long mixedMs = (long) (loadMs * (1 - o.isolated));
        long postMs = (loadMs - mixedMs) / POST_PHASES.length;
        List<SoakMain.PhaseRun> runs = new ArrayList<>(List.of(new SoakMain.PhaseRun("mixed", 0, mixedMs, mixedMs * 400 / 1000, 0)));
        for (int i = 0; i < POST_PHASES.length; i++) {
            long from = mixedMs + i * postMs;
            runs.add(new SoakMain.PhaseRun(POST_PHASES[i], from, from + postMs, postMs * 400 / 1000, 0));
        }
        Random noise = new Random(42);
        List<Sample> samples = new ArrayList<>();
        for (long t = 0; t <= loadMs; t += (long) (o.interval * 1000)) {
            double rss = 450 + extraRssMb.applyAsDouble(t / 1000.0) + 0.05 * noise.nextGaussian();
            double heap = 22 + extraHeapMb.applyAsDouble(t / 1000.0) + 0.3 * noise.nextGaussian();
            long at = t;
            String phase = runs.stream().filter(r -> at >= r.startMs() && at < r.endMs()).findFirst()
                    .orElse(runs.get(runs.size() - 1)).name();
            samples.add(new Sample(t, phase, (long) (rss * MB), (long) (heap * MB), (long) (340 * MB), (long) (2 * MB),
                    (long) (1.5 * MB), 24, 28));
        }
        return new SoakReport(o, samples, runs, new Tally(), loadMs, null).write().word();
    }
}
