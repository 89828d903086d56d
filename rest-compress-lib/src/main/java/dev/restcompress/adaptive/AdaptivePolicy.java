package dev.restcompress.adaptive;

import dev.restcompress.config.AdaptiveSettings;
import java.util.List;

/**
 * What a response gets at an adaptive step: pure functions, no state, no allocation on the request
 * path ({@link #coding} and {@link #level}; {@link #decide} composes them with {@link Hysteresis} for
 * tests and documentation).
 *
 * <table>
 *   <caption>Steps</caption>
 *   <tr><th>step</th><th>coding</th><th>level</th></tr>
 *   <tr><td>0</td><td>negotiated</td><td>configured (the method's ceiling)</td></tr>
 *   <tr><td>1</td><td>negotiated</td><td>half way to the floor: {@code floor + (ceiling - floor) / 2}
 *       (gzip 6 to 3, zstd 3 to 2, br 4 to 2)</td></tr>
 *   <tr><td>2</td><td>negotiated</td><td>floor (the coding's lowest useful level: gzip 1, zstd 1, br 1)</td></tr>
 *   <tr><td>3</td><td>the cheapest coding the client weighs the same as the negotiated one</td><td>its floor</td></tr>
 *   <tr><td>4</td><td>identity, only when the operator allowed it and the client weighs identity no
 *       lower than the negotiated coding; otherwise as step 3</td><td>-</td></tr>
 * </table>
 *
 * <p>The client's weights always rule: a coding is only ever replaced by one the client listed with
 * the same weight (never one it weighs lower, never one it refused). A method that is not adaptive
 * keeps its coding and level at every step. Codings without a known cost (for example dictionary
 * codings) are never replaced. Cost order at the floor, cheapest first, from the codec measurements in
 * docs/codings.md (compress MB/s at level 1): zstd 740, lzf 611, br 454, gzip 265 (JDK; libdeflate
 * about twice that, still last).
 */
public final class AdaptivePolicy {
    /** The deepest step without identity. */
    public static final int MAX_STEP = 3;
    /** The deepest step when identity is allowed. */
    public static final int MAX_STEP_WITH_IDENTITY = 4;
    /** The step from which the coding may change. */
    public static final int SWITCH_STEP = 3;
    static final String IDENTITY = "identity";
    private static final int UNRANKED = Integer.MAX_VALUE;

    private AdaptivePolicy() {
    }

    /** The deepest step the settings allow. */
    public static int maxStep(AdaptiveSettings settings) {
        return settings.identity() ? MAX_STEP_WITH_IDENTITY : MAX_STEP;
    }

    /** The level at {@code step} for a coding whose levels run from {@code floor} to {@code ceiling}. */
    public static int level(int step, int floor, int ceiling) {
        if (step <= 0 || ceiling <= floor) {
            return ceiling;
        }
        return step == 1 ? floor + (ceiling - floor) / 2 : floor;
    }

    /**
     * The coding at {@code step}.
     *
     * @param negotiated the coding negotiation chose
     * @param equallyWeighted the offered codings the client weighs the same as {@code negotiated}
     *        (which may include it, and {@code "identity"} when the client weighs identity the same),
     *        in the server's preference order
     * @param identityAllowed whether the operator allowed identity ({@link AdaptiveSettings#identity()})
     * @param adaptive whether the method adapts at all
     * @return {@code negotiated}, an element of {@code equallyWeighted}, or {@code "identity"}
     */
    public static String coding(int step, String negotiated, List<String> equallyWeighted, boolean identityAllowed,
            boolean adaptive) {
        if (!adaptive || step < SWITCH_STEP) {
            return negotiated;
        }
        if (step >= MAX_STEP_WITH_IDENTITY && identityAllowed && equallyWeighted.contains(IDENTITY)) {
            return IDENTITY;
        }
        int bestRank = costRank(negotiated);
        if (bestRank == UNRANKED) {
            return negotiated;
        }
        String best = negotiated;
        for (int i = 0; i < equallyWeighted.size(); i++) { // indexed: no iterator on the request path
            String c = equallyWeighted.get(i);
            int r = costRank(c);
            if (r < bestRank) {
                best = c;
                bestRank = r;
            }
        }
        return best;
    }

    /** Relative CPU cost of a coding at its floor level, lower is cheaper; unknown codings rank last. */
    static int costRank(String coding) {
        return switch (coding) {
            case "zstd" -> 0;
            case "lzf" -> 1;
            case "br" -> 2;
            case "gzip" -> 3;
            default -> UNRANKED;
        };
    }

    /** The levels of one coding for one method: adaptation stays within them. */
    @FunctionalInterface
    public interface LevelRange {
        /** {floor, ceiling} of {@code coding}; equal for a coding without levels or a fixed method. */
        int[] of(String coding);
    }

    /**
     * One decision.
     *
     * @param state the hysteresis state after the sample
     * @param coding the coding to send ({@code "identity"}: unencoded)
     * @param level its level (0 for identity or a coding without levels)
     */
    public record Decision(Hysteresis state, String coding, int level) { }

    /**
     * The whole policy for one sample and one response: the sample moves the hysteresis state, the
     * new step picks the coding and its level.
     */
    public static Decision decide(double sample, Hysteresis state, AdaptiveSettings settings, String negotiated,
            List<String> equallyWeighted, LevelRange levels, boolean adaptive) {
        Hysteresis next = state.next(sample, settings, maxStep(settings));
        String coding = coding(next.step(), negotiated, equallyWeighted, settings.identity(), adaptive);
        if (coding.equals(IDENTITY)) {
            return new Decision(next, coding, 0);
        }
        int[] range = levels.of(coding);
        return new Decision(next, coding, adaptive ? level(next.step(), range[0], range[1]) : range[1]);
    }
}
