package dev.restcompress.server.internal;

import dev.restcompress.negotiation.Negotiation;
import java.util.Map;

/**
 * The adaptive seam: picks the {@link EncodingPlan} of one response among those built at deployment
 * for its method. {@link #fixed} serves the method's own plans; adaptive levels
 * ({@code server.internal.adaptive}) step through plans at other levels. Thread-safe.
 */
public interface ResponsePlans {
    /**
     * The plan of a response negotiated to {@code negotiation}, or {@code null} to send it unencoded.
     *
     * @param index {@link MethodPolicy#planIndex}
     */
    EncodingPlan plan(Negotiation negotiation, int index);

    /** The method's own plans, always. */
    static ResponsePlans fixed(MethodPolicy policy) {
        Map<String, EncodingPlan[]> plans = policy.plans(BodyObserver.Encode.NONE);
        return (negotiation, index) -> plans.get(negotiation.coding())[index];
    }
}
