package dev.restcompress.server.internal.observe;

import dev.restcompress.adaptive.AdaptivePolicy;
import dev.restcompress.adaptive.StepCost;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The adaptive step's price list, from the statistics: what one-shot bodies cost in the codec per
 * input byte at each coding and level (smoothed over recent periods), and which level each step moves
 * to one step up. Per period it answers: had this period's bodies been encoded one step up, how much
 * more of the processors would they have taken ({@link #extraLoadAbove}). Level changes of the same
 * coding are predicted (steps 1 and 2). From the switch step on, the step above only differs for the
 * responses whose coding the step replaced ({@link #switched()}, counted by the plans): with none in
 * the period the step above costs the same (0, e.g. every client accepts gzip only, so step 3 is step
 * 2's gzip 1); with some it is not predicted (the other coding may never have been measured). A step
 * whose level above was never measured is not predicted either: those answer NaN.
 *
 * <p>Built at deployment ({@link #transition} per adaptive method and coding); read by the sampler
 * thread only afterwards. Codec time is wall time around the codec call, so a preempted worker makes a
 * level look dearer than it is; both levels of a ratio are measured the same way.
 */
public final class LevelCosts implements StepCost {
    /** Weight of one period's cost per byte in the running estimate. */
    private static final double WEIGHT = 0.2;

    private final LongSupplier clock;
    /** Read at every sample, like the pressure signal's divisor: the CPU budget can change at run time. */
    private final java.util.function.IntSupplier processors;
    /** Per step: the level changes one step up from it, deduplicated (many methods share gzip 6 to 3). */
    private final Map<Step, Boolean> transitions = new LinkedHashMap<>();
    private final Map<Statistics.Counters, Level> levels = new LinkedHashMap<>();
    private Level[] byLevel = new Level[0];
    private Step[][] byStep = new Step[AdaptivePolicy.SWITCH_STEP][];
    private long lastNanos;
    private final LongAdder switched = new LongAdder();
    private long lastSwitched;

    LevelCosts() {
        this(System::nanoTime, () -> Runtime.getRuntime().availableProcessors());
    }

    /** With a clock and a fixed processor count of the test's choosing. */
    LevelCosts(LongSupplier clock, int processors) {
        this(clock, () -> processors);
    }

    /** With a clock and a processor budget of the test's choosing. */
    LevelCosts(LongSupplier clock, java.util.function.IntSupplier processors) {
        this.clock = clock;
        this.processors = processors;
        this.lastNanos = clock.getAsLong();
    }

    /** One level's counters and the sampler's view of them. */
    private static final class Level {
        final Statistics.Counters counters;
        long lastIn;
        long lastNanos;
        long periodIn;
        long periodNanos;
        double nanosPerByte = Double.NaN;

        Level(Statistics.Counters counters) {
            this.counters = counters;
        }

        void update() {
            long in = counters.bytesIn();
            long ns = counters.nanos();
            periodIn = in - lastIn;
            periodNanos = ns - lastNanos;
            lastIn = in;
            lastNanos = ns;
            if (periodIn > 0 && periodNanos > 0) {
                double perByte = (double) periodNanos / periodIn;
                nanosPerByte = Double.isNaN(nanosPerByte) ? perByte : nanosPerByte + WEIGHT * (perByte - nanosPerByte);
            }
        }
    }

    /** From {@code from} (the level at a step) to {@code to} (the level one step up). */
    private record Step(int step, Level from, Level to) { }

    /**
     * Registers that at {@code step} a body counted in {@code from} would, one step up, be counted in
     * {@code to} (same coding, another level).
     */
    public synchronized void transition(int step, Statistics.Counters from, Statistics.Counters to) {
        if (step < 1 || step >= AdaptivePolicy.SWITCH_STEP || from == to) {
            return;
        }
        transitions.putIfAbsent(new Step(step, level(from), level(to)), Boolean.TRUE);
        byLevel = levels.values().toArray(new Level[0]);
        for (int s = 1; s < byStep.length; s++) {
            List<Step> list = new ArrayList<>();
            for (Step t : transitions.keySet()) {
                if (t.step == s) {
                    list.add(t);
                }
            }
            byStep[s] = list.toArray(new Step[0]);
        }
    }

    /** Responses whose coding an adaptive step replaced (another coding, or identity). */
    public LongAdder switched() {
        return switched;
    }

    private Level level(Statistics.Counters counters) {
        return levels.computeIfAbsent(counters, Level::new);
    }

    @Override
    public synchronized double extraLoadAbove(int step) {
        long now = clock.getAsLong();
        long wall = now - lastNanos;
        lastNanos = now;
        for (Level l : byLevel) {
            l.update();
        }
        long switchedNow = switched.sum();
        long switchedInPeriod = switchedNow - lastSwitched;
        lastSwitched = switchedNow;
        if (step >= AdaptivePolicy.SWITCH_STEP) {
            return switchedInPeriod == 0 ? 0 : Double.NaN;
        }
        if (step < 1 || byStep[step] == null || byStep[step].length == 0 || wall <= 0) {
            return Double.NaN;
        }
        double extraNanos = 0;
        for (Step t : byStep[step]) {
            if (t.from.periodIn == 0) {
                continue; // nothing encoded at this level in the period: it adds nothing up there either
            }
            if (Double.isNaN(t.to.nanosPerByte)) {
                return Double.NaN; // the level above was never measured
            }
            extraNanos += t.from.periodIn * t.to.nanosPerByte - t.from.periodNanos;
        }
        return extraNanos / ((double) wall * Math.max(1, processors.getAsInt()));
    }
}
