package dev.restcompress.server.internal;

/**
 * The one place that names the request properties this library sets: each is a map entry on the
 * request, so the data path sets as few as it can (none on a request without coded bodies and
 * without an encoded response). The values are stable strings: runtimes and tests may look for them.
 */
public final class RequestProperties {
    /**
     * The response's coding: {@link NegotiationFilter} puts the request's negotiation here, and
     * replaces it with the {@link EncodingPlan} once it decided to encode; the encoder takes it.
     */
    public static final String RESPONSE_CODING = "dev.restcompress.server.ResponseCoding";
    /**
     * The random padding, in bytes, of an encoded response of a BREACH-protected method
     * ({@link dev.restcompress.server.internal.breach.BreachPolicy}); absent when the response is not padded.
     */
    public static final String PADDING = "dev.restcompress.server.Padding";
    /** The dictionary codec chosen for the response (RFC 9842). */
    public static final String DICTIONARY_CODEC = "dev.restcompress.server.DictionaryCodec";
    /** The response body is to be kept as the next delta dictionary version. */
    public static final String DELTA_CAPTURE = "dev.restcompress.server.DeltaCapture";
    /** Where a decoded request body is reported ({@link BodyObserver.Decode}). */
    public static final String DECODE_OBSERVER = "dev.restcompress.server.DecodeObservation";
    /** A decoded request body still open, closed when the request completes ({@link RequestBodies}). */
    public static final String DECODED_BODY = "dev.restcompress.server.DecodedRequestBody";

    private RequestProperties() {
    }
}
