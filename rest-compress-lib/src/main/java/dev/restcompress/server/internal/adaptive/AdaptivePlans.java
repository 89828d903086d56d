package dev.restcompress.server.internal.adaptive;

import dev.restcompress.adaptive.AdaptivePolicy;
import dev.restcompress.adaptive.PressureMonitor;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.codec.Levels;
import dev.restcompress.negotiation.Negotiation;
import dev.restcompress.server.internal.BodyObserver;
import dev.restcompress.server.internal.EncodingPlan;
import dev.restcompress.server.internal.LevelCodecs;
import dev.restcompress.server.internal.MethodPolicy;
import dev.restcompress.server.internal.ResponsePlans;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Every plan one resource method's responses can get, per coding and adaptive step (each with the
 * observer that reports its bodies), built once at deployment from the method's resolved
 * {@link MethodPolicy}, and the choice among them per response ({@link #plan}): one volatile read of
 * the step, the pure {@link AdaptivePolicy}, one map and two array lookups; no lock, no allocation.
 * With adaptation off, or for a method with {@code @Compress(adaptive = false)}, every step uses the
 * step-0 plans, which are exactly the method's own.
 *
 * <p>Levels per coding: the ceiling is the policy's level (its coding annotation's {@code level}, else
 * {@code rest-compress.<coding>.level}); the floor is the coding's lowest level, but at least 1
 * (brotli's level 0 saves little), and never above the ceiling. Immutable.
 */
public final class AdaptivePlans implements ResponsePlans {
    private static final int STEPS = AdaptivePolicy.MAX_STEP_WITH_IDENTITY + 1;

    /** Where the plans of one coding at one level and step are reported. */
    @FunctionalInterface
    public interface Observers {
        BodyObserver.Encode at(String coding, int level, int step);
    }

    /** What a ladder reports to statistics besides the bodies; {@code null} when statistics are off. */
    public interface Costs {
        /** Tells that the cost of {@code level} predicts the step above {@code step} (from {@code below}). */
        void transition(String coding, int step, int level, int levelBelow);

        /** Counts the responses whose coding a step replaced. */
        LongAdder switched();
    }

    private final String method;
    private final PressureMonitor monitor;
    private final boolean adaptive;
    private final boolean identityAllowed;
    private final Map<String, int[]> ranges;
    private final Map<String, EncodingPlan[][]> ladders;
    /** Counts the responses whose coding a step replaced (predicts the step above), or null. */
    private final LongAdder switched;

    /**
     * @param codecs the application's codec per coding and level
     * @param monitor the application's pressure monitor, {@code null} when adaptation is off
     * @param observers where each coding, level and step reports its bodies
     * @param costs the level costs statistics keep, {@code null} when statistics are off
     */
    public AdaptivePlans(MethodPolicy policy, LevelCodecs codecs, PressureMonitor monitor, boolean identityAllowed,
            Observers observers, Costs costs) {
        this.method = policy.method();
        this.monitor = monitor;
        this.identityAllowed = identityAllowed;
        this.adaptive = monitor != null && policy.adaptive();
        Map<String, int[]> r = new LinkedHashMap<>();
        Map<String, EncodingPlan[][]> l = new HashMap<>();
        for (String coding : policy.codings()) {
            int[] range = range(coding, policy.level(coding));
            r.put(coding, range);
            EncodingPlan[][] plans = new EncodingPlan[STEPS][];
            for (int step = 0; step < STEPS; step++) {
                int level = adaptive ? AdaptivePolicy.level(step, range[0], range[1]) : range[1];
                plans[step] = policy.plans(level == range[1] ? policy.codec(coding) : codecs.at(coding, level),
                        observers.at(coding, level, step));
            }
            l.put(coding, plans);
            if (adaptive && costs != null) { // what each level costs predicts the step above
                for (int step = 1; step < AdaptivePolicy.SWITCH_STEP; step++) {
                    costs.transition(coding, step, AdaptivePolicy.level(step, range[0], range[1]),
                            AdaptivePolicy.level(step - 1, range[0], range[1]));
                }
            }
        }
        this.ranges = Map.copyOf(r);
        this.ladders = Map.copyOf(l);
        this.switched = adaptive && costs != null ? costs.switched() : null;
    }

    public String method() {
        return method;
    }

    @Override
    public EncodingPlan plan(Negotiation negotiation, int index) {
        int step = monitor == null ? 0 : monitor.step();
        String coding = negotiation.coding();
        if (adaptive && step >= AdaptivePolicy.SWITCH_STEP) {
            coding = AdaptivePolicy.coding(step, coding, negotiation.equallyWeighted(), identityAllowed, true);
            if (switched != null && !coding.equals(negotiation.coding())) {
                switched.increment();
            }
            if (coding.equals(Negotiation.IDENTITY)) {
                return null; // the operator allowed identity and the client weighs it the same
            }
        }
        EncodingPlan[][] ladder = ladders.get(coding);
        if (ladder == null) { // a coding planned elsewhere (none today): the negotiated one, as it is
            ladder = ladders.get(negotiation.coding());
            step = 0;
        }
        return ladder[step][index];
    }

    /** The one-shot level of each coding at {@code step} (0 for codings without levels). */
    public Map<String, Integer> levelsAt(int step) {
        Map<String, Integer> out = new LinkedHashMap<>();
        ranges.forEach((c, r) -> out.put(c, adaptive ? AdaptivePolicy.level(step, r[0], r[1]) : r[1]));
        return out;
    }

    /** {floor, ceiling} of {@code coding} whose policy level is {@code ceiling}. */
    private static int[] range(String coding, int ceiling) {
        Levels levels = CodingProviders.get(coding).levels();
        if (!levels.any()) {
            return new int[] {0, 0};
        }
        return new int[] {Math.min(ceiling, Math.max(levels.min(), 1)), ceiling};
    }

    @Override
    public String toString() {
        return "AdaptivePlans[" + method + (adaptive ? ", adaptive " : ", fixed ") + levelsAt(0) + "]";
    }

    public List<String> codings() {
        return List.copyOf(ranges.keySet());
    }
}
