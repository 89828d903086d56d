package dev.restcompress.bench.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.restcompress.bench.soak.SoakServer.Sample;
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
        // What CI saw once: RSS flat, then +17.8 MB/min over the last phase's 7 s window (2.1 MB; here
        // 20 MB/min: the allocator settling after brotli's first windows); a 3-minute brotli-only soak of
        // the same build then held at +0.59 MB/min.
        assertEquals("HELD", verdict(t -> t < 98.5 ? 0 : 20 * (t - 98.5) / 60));
    }

    @Test
    void aSteadyClimbIsALeak() throws Exception {
        // About 1 KB per request at the short run's 400 requests/s.
        assertEquals("LEAKED", verdict(t -> 24 * t / 60));
    }

    @Test
    void aClimbOnlyWhileOneCodingIsPostedIsALeak() throws Exception {
        // A decoder that leaks 5 KB per request (the zstd decoders that were never closed leaked 50-150 KB):
        // 1 in 10 of the mixed phase's requests, every request of its own phase: its phase's own slope
        // catches it (the headline slope, pooling every phase, does not: one steep group among flat ones).
        assertEquals("LEAKED", verdict(t -> t < 53 ? 12 * t / 60 : t < 95 ? 12 * 53.0 / 60 : 12 * 53.0 / 60 + 120 * (t - 95) / 60));
    }

    @Test
    void flatMemoryHolds() throws Exception {
        assertEquals("HELD", verdict(t -> 0));
    }

    /**
     * The heap after GC (MB) that a 10-minute run read every 4.8 s of its mixed phase after the warm-up
     * (120-360 s): a floor of 21-27 MB, and samples that caught 2 MB bodies or 32 MiB bombs in flight.
     */
    private static final int[] MIXED_HEAP_READ = {30, 42, 23, 56, 39, 48, 37, 47, 31, 27, 32, 24, 34, 23, 90, 184, 31,
        27, 35, 29, 21, 36, 33, 36, 44, 21, 144, 23, 22, 21, 38, 149, 117, 66, 21, 124, 21, 36, 164, 22, 27, 42, 21, 149,
        109, 41, 34, 21, 138, 158, 153};

    /** {@link #MIXED_HEAP_READ} above 22 MB at its time, nothing outside the mixed phase's window. */
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

    /**
     * The verdict on RSS = 450 MB + {@code extraMb(t)} + 0.05 MB of scatter (as between a held run's 1 s
     * samples), every other series flat.
     */
    private String verdict(DoubleUnaryOperator extraMb) throws Exception {
        return verdict(new String[] {"--short"}, extraMb, t -> 0);
    }

    /** A default 10-minute run (4.8 s samples): RSS flat, the heap after GC = 22 MB + {@code extraHeapMb(t)}. */
    private String tenMinuteVerdict(DoubleUnaryOperator extraHeapMb) throws Exception {
        return verdict(new String[0], t -> 0, extraHeapMb);
    }

    /** The phases laid out as SoakMain does: the mixed load, then the isolated share split over five POST phases. */
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
