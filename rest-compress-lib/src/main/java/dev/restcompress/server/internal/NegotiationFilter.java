package dev.restcompress.server.internal;

import dev.restcompress.server.internal.breach.BreachPolicy;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodingProvider;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.dictionary.DictionaryHeaders;
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
 * response its {@link BreachPolicy} guards, which may send a cross-site request's body unencoded or pad
 * one); never encodes HEAD, 1xx, 204, 304,
 * bodies that already have a {@code Content-Encoding}, already-compressed media types, or a partial
 * response ({@code 206}, {@code Content-Range}: a range of the application's bytes under its own
 * tag, which a client can never splice into a coded body, whose tag differs); answers 304 when
 * {@code If-None-Match} lists the application's tag or any of our variant tags of it, with the tag of
 * the variant it would send now ({@link EntityTags}), and gives the application's own 304 that tag too;
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
    /**
     * Every coding whose variant tags this method may have sent, including under an earlier
     * deployment that offered other codings: {@code If-None-Match} may list any.
     */
    private final List<String> variantCodings;
    /**
     * Whether the container compresses responses itself unless told not to by {@code Content-Encoding:
     * identity} (Vert.x, which then removes the header): every response this filter lets through for
     * encoding starts marked so, and keeps the mark only if the library leaves it unencoded.
     */
    private final boolean marksIdentity;

    /** A filter without adaptation, observation or dictionaries. */
    public NegotiationFilter(MethodPolicy policy) {
        this(policy, null, null);
    }

    /**
     * @param plans the method's plans per adaptive step; {@code null}: the policy's own, fixed
     * @param dictionaries the method's shared dictionaries (RFC 9842), or {@code null}
     */
    public NegotiationFilter(MethodPolicy policy, ResponsePlans plans, DictionaryOffer dictionaries) {
        this(policy, plans, dictionaries, false);
    }

    /**
     * @param marksIdentity whether to mark responses the library leaves unencoded with {@code Content-Encoding:
     *        identity} for a container that compresses what is not so marked (Vert.x)
     */
    public NegotiationFilter(MethodPolicy policy, ResponsePlans plans, DictionaryOffer dictionaries,
            boolean marksIdentity) {
        this.marksIdentity = marksIdentity;
        this.policy = policy;
        this.negotiations = new NegotiationCache(policy.codings(),
                dictionaries == null ? List.of() : dictionaries.codings());
        this.plans = plans != null ? plans : ResponsePlans.fixed(policy);
        this.dictionaries = dictionaries;
        this.variantCodings = variantCodings(policy, dictionaries);
    }

    private static List<String> variantCodings(MethodPolicy policy, DictionaryOffer dictionaries) {
        java.util.Set<String> all = new java.util.LinkedHashSet<>(policy.codings());
        if (dictionaries != null) {
            all.addAll(dictionaries.codings());
        }
        for (CodingProvider provider : CodingProviders.all()) {
            all.add(provider.coding());
        }
        all.add(DictionaryHeaders.DCZ);
        all.add(DictionaryHeaders.DCB);
        return List.copyOf(all);
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
        // Most responses are not guarded (no mark, no ambient credentials): they never look at fetch metadata.
        boolean guarded = breach.guards(request::getHeaderString);
        if (guarded) {
            addVary(headers, BreachPolicy.SEC_FETCH_SITE); // caches must not hand one site's variant to another
        }
        if (dictionaries != null) {
            dictionaries.decorate(request, response);
        }
        if (!(request.getProperty(RequestProperties.RESPONSE_CODING) instanceof Negotiation negotiation)) {
            return;
        }
        Codec dictionaryCodec = (Codec) request.getProperty(RequestProperties.DICTIONARY_CODEC);
        boolean encodes = dictionaryCodec != null || negotiation.isEncoded();
        int status = response.getStatus();
        if (status == 304) {
            // The application answered If-None-Match (or If-Modified-Since) itself, with its own tag.
            // Its tag must be the one the 200 would carry, so the BREACH decision counts here too: a
            // cross-site request to a protected method would get the body unencoded, under the
            // application's own tag.
            if (encodes && HttpMethod.GET.equals(request.getMethod())
                    && !CompressedMediaTypes.isCompressed(response.getMediaType())) {
                EncodingPlan plan = plan(request, negotiation, dictionaryCodec, false);
                retagNotModified(headers, plan, breachDecision(guarded ? breach : null, request, plan, false));
            }
            return;
        }
        if (!response.hasEntity()
                || status < 200 || status == 204 || status == 206
                || HttpMethod.HEAD.equals(request.getMethod())
                || headers.containsKey(HttpHeaders.CONTENT_ENCODING)
                || headers.containsKey("Content-Range") // a part of the application's bytes: never encoded
                || CompressedMediaTypes.isCompressed(response.getMediaType())) {
            return;
        }
        boolean streaming = response.getEntity() instanceof StreamingOutput
                || MediaType.SERVER_SENT_EVENTS_TYPE.isCompatible(response.getMediaType());
        EncodingPlan plan = encodes ? plan(request, negotiation, dictionaryCodec, streaming) : null;
        BreachPolicy.Decision breachDecision = breachDecision(guarded ? breach : null, request, plan, streaming);
        if (breachDecision == BreachPolicy.Decision.IDENTITY) {
            plan = null; // the body goes out as the application wrote it, under its own tag (also in a 304)
        }
        if (status == 200 && notModified(request, headers, plan, breachDecision)) {
            response.setStatus(304);
            response.setEntity(null);
            headers.remove(HttpHeaders.CONTENT_LENGTH);
            return;
        }
        if (marksIdentity) {
            // Replaced by the coding when the body is encoded; kept (and removed by Vert.x) when it is not.
            headers.putSingle(HttpHeaders.CONTENT_ENCODING, "identity");
        }
        if (plan != null) {
            request.setProperty(RequestProperties.RESPONSE_CODING, plan);
            if (breachDecision == BreachPolicy.Decision.PAD) {
                request.setProperty(RequestProperties.PADDING, breach.paddingLength());
            }
        }
    }

    /** What the method's BREACH policy makes of {@code plan} for this request; {@code breach} null: not guarded. */
    private static BreachPolicy.Decision breachDecision(BreachPolicy breach, ContainerRequestContext request,
            EncodingPlan plan, boolean streaming) {
        return plan == null || breach == null ? BreachPolicy.Decision.ENCODE
                : breach.decide(request.getHeaderString(BreachPolicy.SEC_FETCH_SITE), plan.codec().coding(), streaming);
    }

    /** The plan for this response: the method's own, an adaptive step's, or the dictionary coding's. */
    private EncodingPlan plan(ContainerRequestContext request, Negotiation negotiation, Codec dictionaryCodec,
            boolean streaming) {
        int index = MethodPolicy.planIndex(negotiation.identityAcceptable(), streaming);
        return dictionaryCodec == null ? plans.plan(negotiation, index)
                : new EncodingPlan(dictionaryCodec, negotiation.identityAcceptable(), dictionaries.threshold(),
                        policy.oneShotLimit(), policy.maxDeclaredLength(), streaming,
                        dictionaries.observer(dictionaryCodec.coding()));
    }

    /**
     * Whether the client already holds this representation: its {@code If-None-Match} lists the
     * application's tag or a tag of any of our variants of it (any coding, level or dictionary: the
     * same representation, RFC 9110 section 13.1.2). If so, the ETag header is switched to the tag of
     * the variant we would send now ({@code plan}; the application's own tag when there is none), as a
     * 304 must carry (RFC 9110 section 15.4.5).
     */
    private boolean notModified(ContainerRequestContext request, MultivaluedMap<String, Object> headers,
            EncodingPlan plan, BreachPolicy.Decision breachDecision) {
        String ifNoneMatch = request.getHeaderString(HttpHeaders.IF_NONE_MATCH);
        Object etag = headers.getFirst(HttpHeaders.ETAG);
        if (ifNoneMatch == null || etag == null || !HttpMethod.GET.equals(request.getMethod())
                || !EntityTags.listsRepresentation(ifNoneMatch, etag.toString(), variantCodings)) {
            return false;
        }
        retagNotModified(headers, plan, breachDecision);
        return true;
    }

    /**
     * A 304 carries the tag the 200 would (RFC 9110 section 15.4.5): that of the variant {@code plan}
     * sends (one-shot or streamed as the plan says); the application's own without a plan or when the
     * BREACH policy sends the body unencoded; the application's own made weak when it pads the body
     * (every padded body is its own byte sequence, as {@link EncodingOutputStream} tags it).
     */
    private static void retagNotModified(MultivaluedMap<String, Object> headers, EncodingPlan plan,
            BreachPolicy.Decision breachDecision) {
        Object etag = headers.getFirst(HttpHeaders.ETAG);
        if (etag == null || plan == null || breachDecision == BreachPolicy.Decision.IDENTITY) {
            return;
        }
        if (breachDecision == BreachPolicy.Decision.PAD) {
            EntityTags.weaken(headers);
            return;
        }
        headers.putSingle(HttpHeaders.ETAG, EntityTags.forVariant(etag.toString(), plan.codec(), plan.honorFlush()));
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
