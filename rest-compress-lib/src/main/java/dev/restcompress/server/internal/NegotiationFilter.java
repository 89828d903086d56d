package dev.restcompress.server.internal;

import dev.restcompress.codec.Codec;
import dev.restcompress.negotiation.Negotiation;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.List;

/**
 * Decides, for one resource method, whether and how each response is encoded.
 *
 * <p>On the request: negotiates {@code Accept-Encoding} once and answers 406 when neither an offered
 * coding nor identity is acceptable (before the resource runs).
 *
 * <p>On the response: always adds {@code Vary: Accept-Encoding} (and {@code Vary: Sec-Fetch-Site} on a
 * method its {@link BreachPolicy} protects, which may send a cross-site request's body unencoded or pad
 * one); leaves HEAD, 1xx, 204, 206, 304,
 * bodies that already have a {@code Content-Encoding}, and already-compressed media types alone;
 * answers 304 when {@code If-None-Match} lists the encoded variant's tag ({@link EntityTags});
 * otherwise hands an {@link EncodingPlan} to {@link ResponseEncodingInterceptor}: the method's own, one
 * its {@link ResponsePlans} pick (adaptive levels), or one of a dictionary coding its
 * {@link DictionaryOffer} holds. Dictionary codings are negotiated with the others, once per header
 * value ({@link NegotiationCache}). Thread-safe.
 */
public final class NegotiationFilter implements ContainerRequestFilter, ContainerResponseFilter {
    private static final System.Logger LOG = System.getLogger(NegotiationFilter.class.getName());

    private final MethodPolicy policy;
    private final NegotiationCache negotiations;
    private final ResponsePlans plans;
    /** The method's shared dictionaries (RFC 9842), or {@code null}. */
    private final DictionaryOffer dictionaries;

    /** A filter without adaptation, observation or dictionaries. */
    public NegotiationFilter(MethodPolicy policy) {
        this(policy, null, null);
    }

    /**
     * @param plans the method's plans per adaptive step; {@code null}: the policy's own, fixed
     * @param dictionaries the method's shared dictionaries (RFC 9842), or {@code null}
     */
    public NegotiationFilter(MethodPolicy policy, ResponsePlans plans, DictionaryOffer dictionaries) {
        this.policy = policy;
        this.negotiations = new NegotiationCache(policy.codings(),
                dictionaries == null ? List.of() : dictionaries.codings());
        this.plans = plans != null ? plans : ResponsePlans.fixed(policy);
        this.dictionaries = dictionaries;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        List<String> accept = request.getHeaders().get(HttpHeaders.ACCEPT_ENCODING);
        NegotiationCache.Outcome outcome = negotiations.outcome(accept);
        Negotiation negotiation = outcome.negotiation();
        Codec dictionaryCodec = outcome.dictionaryCoding() == null ? null
                : dictionaries.choose(request, outcome.dictionaryCoding());
        if (dictionaryCodec != null) {
            request.setProperty(RequestProperties.DICTIONARY_CODEC, dictionaryCodec);
        } else if (negotiation.isNotAcceptable()) {
            LOG.log(System.Logger.Level.DEBUG, "406 for Accept-Encoding {0} on {1}", accept,
                    request.getUriInfo().getPath());
            request.abortWith(Response.status(Response.Status.NOT_ACCEPTABLE)
                    .header(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING)
                    .type(MediaType.TEXT_PLAIN_TYPE)
                    .entity("None of the acceptable content codings is available; this resource offers: "
                            + String.join(", ", policy.codings()) + "\n")
                    .build());
            return;
        }
        request.setProperty(RequestProperties.RESPONSE_CODING, negotiation);
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        MultivaluedMap<String, Object> headers = response.getHeaders();
        addVary(headers, HttpHeaders.ACCEPT_ENCODING);
        BreachPolicy breach = policy.breach();
        if (breach.protects()) {
            addVary(headers, BreachPolicy.SEC_FETCH_SITE); // caches must not hand one site's variant to another
        }
        if (dictionaries != null) {
            dictionaries.decorate(request, response);
        }
        if (!(request.getProperty(RequestProperties.RESPONSE_CODING) instanceof Negotiation negotiation)) {
            return;
        }
        Codec dictionaryCodec = (Codec) request.getProperty(RequestProperties.DICTIONARY_CODEC);
        String coding = dictionaryCodec != null ? dictionaryCodec.coding() : negotiation.coding();
        int status = response.getStatus();
        if (dictionaryCodec == null && !negotiation.isEncoded()
                || !response.hasEntity()
                || status < 200 || status == 204 || status == 206
                || HttpMethod.HEAD.equals(request.getMethod())
                || headers.containsKey(HttpHeaders.CONTENT_ENCODING)
                || headers.containsKey("Content-Range")
                || CompressedMediaTypes.isCompressed(response.getMediaType())) {
            return;
        }
        if (status == 200 && notModified(request, headers, coding)) {
            response.setStatus(304);
            response.setEntity(null);
            headers.remove(HttpHeaders.CONTENT_LENGTH);
            return;
        }
        boolean streaming = response.getEntity() instanceof StreamingOutput
                || MediaType.SERVER_SENT_EVENTS_TYPE.isCompatible(response.getMediaType());
        BreachPolicy.Decision breachDecision = breach.decide(request.getHeaderString(BreachPolicy.SEC_FETCH_SITE),
                coding, streaming);
        if (breachDecision == BreachPolicy.Decision.IDENTITY) {
            return;
        }
        int index = MethodPolicy.planIndex(negotiation.identityAcceptable(), streaming);
        EncodingPlan plan = dictionaryCodec == null ? plans.plan(negotiation, index)
                : new EncodingPlan(dictionaryCodec, negotiation.identityAcceptable(), dictionaries.threshold(),
                        policy.oneShotLimit(), policy.maxDeclaredLength(), streaming,
                        dictionaries.observer(dictionaryCodec.coding()));
        if (plan != null) {
            request.setProperty(RequestProperties.RESPONSE_CODING, plan);
            if (breachDecision == BreachPolicy.Decision.PAD) {
                request.setProperty(RequestProperties.PADDING, breach.paddingLength());
            }
        }
    }

    /**
     * Whether the client already holds the variant we would send: its {@code If-None-Match} lists the
     * coded tag. If so, the ETag header is switched to that tag for the 304.
     */
    private static boolean notModified(ContainerRequestContext request, MultivaluedMap<String, Object> headers,
            String coding) {
        String ifNoneMatch = request.getHeaderString(HttpHeaders.IF_NONE_MATCH);
        Object etag = headers.getFirst(HttpHeaders.ETAG);
        if (ifNoneMatch == null || etag == null || !HttpMethod.GET.equals(request.getMethod())) {
            return false;
        }
        String coded = EntityTags.withCoding(etag.toString(), coding);
        if (coded.equals(etag.toString()) || !EntityTags.listed(ifNoneMatch, coded)) {
            return false;
        }
        headers.putSingle(HttpHeaders.ETAG, coded);
        return true;
    }

    private static void addVary(MultivaluedMap<String, Object> headers, String name) {
        List<Object> vary = headers.get(HttpHeaders.VARY);
        if (vary != null) {
            for (Object v : vary) {
                for (String part : v.toString().split(",")) {
                    String p = part.trim();
                    if (p.equals("*") || p.equalsIgnoreCase(name)) {
                        return;
                    }
                }
            }
        }
        headers.add(HttpHeaders.VARY, name);
    }
}
