package dev.restcompress.server;

import dev.restcompress.adaptive.AdaptivePolicy;
import dev.restcompress.adaptive.PressureMonitor;
import dev.restcompress.annotation.Coding;
import dev.restcompress.annotation.Compress;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.codec.Levels;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.negotiation.CodingTokens;
import dev.restcompress.negotiation.Negotiation;
import jakarta.ws.rs.container.ContainerRequestContext;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Every plan one resource method's responses can get, per coding and adaptive step (each with the
 * {@link EncodeObservation} that counts its bodies), built once at deployment, and the choice among
 * them per response ({@link #plan}): one volatile read of the step, the pure {@link AdaptivePolicy},
 * one map and two array lookups; no lock, no allocation. With adaptation
 * off, or for a method with {@code @Compress(adaptive = false)}, every step uses the step-0 plans,
 * which are exactly the method's own.
 *
 * <p>Levels per coding: the ceiling is the method's level (its coding annotation's {@code level}, else
 * {@code rest-compress.<coding>.level}); the floor is the coding's lowest level, but at least 1
 * (brotli's level 0 saves little), and never above the ceiling. Immutable.
 */
final class AdaptivePlans {
    private static final int STEPS = AdaptivePolicy.MAX_STEP_WITH_IDENTITY + 1;

    private final String method;
    private final PressureMonitor monitor;
    private final boolean adaptive;
    private final boolean identityAllowed;
    private final Map<String, int[]> ranges;
    private final Map<String, Ladder> ladders;
    /** Counts the responses whose coding a step replaced (predicts the step above), or null. */
    private final LongAdder switched;

    /** One coding's plans, [step][plan index]. */
    private record Ladder(EncodingPlan[][] plans) { }

    /** Fixed plans: the policy's own at every step, nothing counted. */
    static AdaptivePlans fixed(MethodPolicy policy) {
        return new AdaptivePlans(null, null, policy, null, null, null, false, null);
    }

    /**
     * @param settings the global settings, for the levels ({@code null} only with {@link #fixed})
     * @param monitor the application's pressure monitor, {@code null} when adaptation is off
     * @param statistics where bodies are counted, {@code null} when statistics are off
     */
    AdaptivePlans(Class<?> resourceClass, Method resourceMethod, MethodPolicy policy, CompressionSettings settings,
            LadderCodecs codecs, PressureMonitor monitor, boolean identityAllowed, CompressionStatistics statistics) {
        this.method = resourceMethod == null ? "" : methodKey(resourceClass, resourceMethod);
        this.monitor = monitor;
        this.identityAllowed = identityAllowed;
        AnnotatedElement source = resourceMethod == null ? null
                : MethodPolicyResolver.annotationSource(resourceClass, resourceMethod);
        Compress compress = source == null ? null : source.getAnnotation(Compress.class);
        this.adaptive = monitor != null && (compress == null || compress.adaptive());
        Map<String, EncodingPlan[]> base = policy.plans();
        Map<String, int[]> r = new LinkedHashMap<>();
        Map<String, Ladder> l = new HashMap<>();
        for (String coding : policy.codings()) {
            int[] range = settings == null ? new int[] {0, 0} : range(coding, source, settings);
            if (statistics != null) {
                statistics.decodedCoding(coding); // every series exists from deployment on (metrics bind once)
            }
            r.put(coding, range);
            EncodingPlan[][] plans = new EncodingPlan[STEPS][];
            for (int step = 0; step < STEPS; step++) {
                int level = adaptive ? AdaptivePolicy.level(step, range[0], range[1]) : range[1];
                EncodeObservation observation = statistics == null ? EncodeObservation.NONE
                        : new EncodeObservation(method, coding, level, step, statistics.encodedCoding(coding),
                                statistics.encodedMethod(method), statistics.bodiesAt(coding, level),
                                statistics.bodiesAt(coding, "stream"));
                EncodingPlan[] basePlans = base.get(coding);
                plans[step] = new EncodingPlan[basePlans.length];
                for (int i = 0; i < basePlans.length; i++) {
                    plans[step][i] = level == range[1] && observation == EncodeObservation.NONE ? basePlans[i]
                            : basePlans[i].with(level == range[1] ? basePlans[i].codec() : codecs.at(coding, level),
                                    observation);
                }
            }
            l.put(coding, new Ladder(plans));
            if (adaptive && statistics != null) { // what each level costs predicts the step above
                for (int step = 1; step < AdaptivePolicy.SWITCH_STEP; step++) {
                    statistics.levelCosts().transition(step,
                            statistics.bodiesAt(coding, AdaptivePolicy.level(step, range[0], range[1])),
                            statistics.bodiesAt(coding, AdaptivePolicy.level(step - 1, range[0], range[1])));
                }
            }
        }
        this.ranges = Map.copyOf(r);
        this.ladders = Map.copyOf(l);
        this.switched = adaptive && statistics != null ? statistics.levelCosts().switched() : null;
    }

    /** The key statistics use for a resource method: {@code SimpleClassName#method}. */
    static String methodKey(Class<?> resourceClass, Method resourceMethod) {
        Class<?> c = resourceClass != null ? resourceClass : resourceMethod.getDeclaringClass();
        return c.getSimpleName() + "#" + resourceMethod.getName();
    }

    String method() {
        return method;
    }

    /**
     * Plans the response: sets the {@link EncodingPlan} for the
     * current step on {@code request}, or nothing when the step sends identity.
     *
     * @param index {@link MethodPolicy#planIndex}
     */
    void plan(ContainerRequestContext request, Negotiation negotiation, int index) {
        int step = monitor == null ? 0 : monitor.step();
        String coding = negotiation.coding();
        if (adaptive && step >= AdaptivePolicy.SWITCH_STEP) {
            coding = AdaptivePolicy.coding(step, coding, negotiation.equallyWeighted(), identityAllowed, true);
            if (switched != null && !coding.equals(negotiation.coding())) {
                switched.increment();
            }
            if (coding.equals(Negotiation.IDENTITY)) {
                return; // the operator allowed identity and the client weighs it the same
            }
        }
        Ladder ladder = ladders.get(coding);
        if (ladder == null) { // a coding planned elsewhere (none today): the negotiated one, as it is
            ladder = ladders.get(negotiation.coding());
            step = 0;
        }
        request.setProperty(EncodingPlan.PROPERTY, ladder.plans[step][index]);
    }

    /** The one-shot level of each coding at {@code step} (0 for codings without levels). */
    Map<String, Integer> levelsAt(int step) {
        Map<String, Integer> out = new LinkedHashMap<>();
        ranges.forEach((c, r) -> out.put(c, adaptive ? AdaptivePolicy.level(step, r[0], r[1]) : r[1]));
        return out;
    }

    /** {floor, ceiling} of {@code coding} for this method. */
    private static int[] range(String coding, AnnotatedElement source, CompressionSettings settings) {
        Levels levels = CodingProviders.get(coding).levels();
        if (!levels.any()) {
            return new int[] {0, 0};
        }
        int ceiling = settings.level(coding);
        if (source != null) {
            for (Annotation a : source.getAnnotations()) {
                Coding c = a.annotationType().getAnnotation(Coding.class);
                if (c != null && CodingTokens.canonical(c.value()).equals(coding) && AnnotatedLevels.levelOf(a) != 0) {
                    ceiling = AnnotatedLevels.levelOf(a);
                }
            }
        }
        return new int[] {Math.min(ceiling, Math.max(levels.min(), 1)), ceiling};
    }

    @Override
    public String toString() {
        return "AdaptivePlans[" + method + (adaptive ? ", adaptive " : ", fixed ") + levelsAt(0) + "]";
    }

    List<String> codings() {
        return List.copyOf(ranges.keySet());
    }
}
