package dev.restcompress.server.internal;

import dev.restcompress.codec.Codec;

/**
 * The decision for one response, handed from {@link NegotiationFilter} (which decides) to
 * {@link ResponseEncodingInterceptor} (which does it) through the request property
 * {@link RequestProperties#RESPONSE_CODING}.
 *
 * @param codec the negotiated coding
 * @param identityAcceptable whether a small or incompressible body may go out unencoded
 * @param threshold bodies below this size go out unencoded when identity is acceptable
 * @param oneShotLimit bodies up to this size are compressed in one shot
 * @param maxDeclaredLength bodies up to this size get an exact {@code Content-Length}; larger ones
 *        are left to the runtime's framing (decided at deployment, {@code runtime.RuntimeFraming})
 * @param honorFlush whether {@code flush()} from the entity writer must reach the client (streaming
 *        entities); otherwise flushes are absorbed while buffering
 * @param observer where the body is reported (statistics and JDK Flight Recorder listen there)
 * @param variants the method's cache of encoded variants ({@link EncodedVariants#NONE}: none)
 */
public record EncodingPlan(Codec codec, boolean identityAcceptable, int threshold, int oneShotLimit,
        int maxDeclaredLength, boolean honorFlush, BodyObserver.Encode observer, EncodedVariants variants) {
    /** A plan without a cache (dictionary codings, tests). */
    public EncodingPlan(Codec codec, boolean identityAcceptable, int threshold, int oneShotLimit, int maxDeclaredLength,
            boolean honorFlush, BodyObserver.Encode observer) {
        this(codec, identityAcceptable, threshold, oneShotLimit, maxDeclaredLength, honorFlush, observer,
                EncodedVariants.NONE);
    }

    /** A plan whose bodies are reported nowhere. */
    public EncodingPlan(Codec codec, boolean identityAcceptable, int threshold, int oneShotLimit, int maxDeclaredLength,
            boolean honorFlush) {
        this(codec, identityAcceptable, threshold, oneShotLimit, maxDeclaredLength, honorFlush, BodyObserver.Encode.NONE);
    }

    /**
     * The plan held by the {@link RequestProperties#RESPONSE_CODING} value, or null when there is none
     * (not encoding). One key for the negotiation and the plan: each is a map entry on every request.
     */
    public static EncodingPlan of(Object property) {
        return property instanceof EncodingPlan plan ? plan : null;
    }

}
