package dev.restcompress.bench.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
     * The verdict on RSS = 450 MB + {@code extraMb(t)} + 0.05 MB of scatter (as between a held run's 1 s
     * samples), every other series flat.
     */
    private String verdict(DoubleUnaryOperator extraMb) throws Exception {
        SoakOptions o = SoakOptions.parse(new String[] {"--testdata", dir.toString(), "--out", dir.toString(), "--short"});
        List<SoakMain.PhaseRun> runs = new ArrayList<>();
        runs.add(new SoakMain.PhaseRun("mixed", 0, 53_000, 21_000, 0));
        for (int i = 0; i < POST_PHASES.length; i++) {
            long from = 53_000 + i * 10_500L;
            runs.add(new SoakMain.PhaseRun(POST_PHASES[i], from, from + 10_500, 4_200, 0));
        }
        long loadMs = 105_500;
        Random noise = new Random(42);
        List<Sample> samples = new ArrayList<>();
        List<String> phases = new ArrayList<>();
        for (long t = 0; t <= loadMs; t += 1000) {
            double rss = 450 + extraMb.applyAsDouble(t / 1000.0) + 0.05 * noise.nextGaussian();
            samples.add(new Sample(t, (long) (rss * MB), (long) (22 * MB), (long) (340 * MB), (long) (2 * MB),
                    (long) (1.5 * MB), 24, 28));
            phases.add(phaseAt(runs, t));
        }
        SoakReport r = new SoakReport(o, samples, phases, runs, new Tally(), loadMs, null, List.of("-Xmx256m"));
        return r.write().word();
    }

    private static String phaseAt(List<SoakMain.PhaseRun> runs, long t) {
        for (SoakMain.PhaseRun r : runs) {
            if (t >= r.startMs() && t < r.endMs()) {
                return r.name();
            }
        }
        return runs.get(runs.size() - 1).name();
    }
}
