package dev.restcompress.server;

import dev.restcompress.codec.Codec;

/**
 * The decision for one response, handed from {@link NegotiationFilter} (which decides) to
 * {@link ResponseEncodingInterceptor} (which does it) through a request property.
 *
 * @param codec the negotiated coding
 * @param identityAcceptable whether a small or incompressible body may go out unencoded
 * @param threshold bodies below this size go out unencoded when identity is acceptable
 * @param oneShotLimit bodies up to this size are compressed in one shot
 * @param maxDeclaredLength bodies up to this size get an exact {@code Content-Length}; larger ones
 *        are left to the runtime's framing ({@link RuntimeFraming})
 * @param honorFlush whether {@code flush()} from the entity writer must reach the client (streaming
 *        entities); otherwise flushes are absorbed while buffering
 * @param observation where the body is counted (statistics and JDK Flight Recorder)
 */
record EncodingPlan(Codec codec, boolean identityAcceptable, int threshold, int oneShotLimit,
        int maxDeclaredLength, boolean honorFlush, EncodeObservation observation) {
    /**
     * The one request property this library sets on a response's way: {@link NegotiationFilter} puts
     * the request's {@code Negotiation} there, and replaces it with the plan once it decided to encode.
     * One key rather than two because each attribute is a map entry allocated on every request, small
     * responses included.
     */
    static final String PROPERTY = "dev.restcompress.server.ResponseCoding";

    /** A plan whose bodies are counted nowhere (JFR events still fire). */
    EncodingPlan(Codec codec, boolean identityAcceptable, int threshold, int oneShotLimit, int maxDeclaredLength,
            boolean honorFlush) {
        this(codec, identityAcceptable, threshold, oneShotLimit, maxDeclaredLength, honorFlush, EncodeObservation.NONE);
    }

    /** The plan held by the {@link #PROPERTY} value, or null when there is none (not encoding). */
    static EncodingPlan of(Object property) {
        return property instanceof EncodingPlan plan ? plan : null;
    }

    /** This plan with another codec (an adaptive level) and where its bodies are counted. */
    EncodingPlan with(Codec otherCodec, EncodeObservation otherObservation) {
        return new EncodingPlan(otherCodec, identityAcceptable, threshold, oneShotLimit, maxDeclaredLength, honorFlush,
                otherObservation);
    }
}
