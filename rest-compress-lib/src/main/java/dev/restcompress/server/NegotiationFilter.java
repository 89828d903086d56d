package dev.restcompress.server;

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
 * <p>On the response: always adds {@code Vary: Accept-Encoding}; leaves HEAD, 1xx, 204, 206, 304,
 * bodies that already have a {@code Content-Encoding}, and already-compressed media types alone;
 * answers 304 when {@code If-None-Match} lists the encoded variant's tag ({@link EntityTags});
 * otherwise hands an {@link EncodingPlan} to {@link ResponseEncodingInterceptor}. Thread-safe.
 */
final class NegotiationFilter implements ContainerRequestFilter, ContainerResponseFilter {
    private static final System.Logger LOG = System.getLogger(NegotiationFilter.class.getName());

    private final MethodPolicy policy;
    private final NegotiationCache negotiations;
    private final AdaptivePlans plans;
    private final DecodeObservation decoding;
    /** The method's shared dictionaries (RFC 9842), or {@code null}. */
    private final MethodDictionaries dictionaries;

    /** A filter without adaptation or statistics (as for {@code rest-compress.adaptive=off}, statistics off). */
    NegotiationFilter(MethodPolicy policy) {
        this(policy, null, null, null);
    }

    /**
     * @param plans the method's plans per adaptive step; {@code null}: the policy's own, fixed
     * @param decoding where decoded request bodies are counted; {@code null}: nowhere
     * @param dictionaries the method's shared dictionaries (RFC 9842), or {@code null}
     */
    NegotiationFilter(MethodPolicy policy, AdaptivePlans plans, DecodeObservation decoding,
            MethodDictionaries dictionaries) {
        this.policy = policy;
        this.negotiations = new NegotiationCache(policy.codings());
        this.plans = plans != null ? plans : AdaptivePlans.fixed(policy);
        this.decoding = decoding;
        this.dictionaries = dictionaries;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        List<String> accept = request.getHeaders().get(HttpHeaders.ACCEPT_ENCODING);
        Negotiation negotiation = negotiations.negotiate(accept);
        Codec dictionaryCodec = dictionaries == null ? null : dictionaries.choose(request);
        if (dictionaryCodec != null) {
            request.setProperty(MethodDictionaries.CHOSEN, dictionaryCodec);
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
        request.setProperty(EncodingPlan.PROPERTY, negotiation);
        // Only a coded body is decoded and counted: a property costs a map entry on every request.
        if (decoding != null && request.getHeaders().containsKey(HttpHeaders.CONTENT_ENCODING)) {
            request.setProperty(DecodeObservation.PROPERTY, decoding);
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        MultivaluedMap<String, Object> headers = response.getHeaders();
        addVary(headers);
        if (dictionaries != null) {
            dictionaries.decorate(request, response);
        }
        if (!(request.getProperty(EncodingPlan.PROPERTY) instanceof Negotiation negotiation)) {
            return;
        }
        Codec dictionaryCodec = (Codec) request.getProperty(MethodDictionaries.CHOSEN);
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
        int index = MethodPolicy.planIndex(negotiation.identityAcceptable(), streaming);
        if (dictionaryCodec != null) {
            request.setProperty(EncodingPlan.PROPERTY, dictionaries.plan(dictionaryCodec,
                    negotiation.identityAcceptable(), streaming, policy));
        } else {
            plans.plan(request, negotiation, index);
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

    private static void addVary(MultivaluedMap<String, Object> headers) {
        List<Object> vary = headers.get(HttpHeaders.VARY);
        if (vary != null) {
            for (Object v : vary) {
                for (String part : v.toString().split(",")) {
                    String p = part.trim();
                    if (p.equals("*") || p.equalsIgnoreCase(HttpHeaders.ACCEPT_ENCODING)) {
                        return;
                    }
                }
            }
        }
        headers.add(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
    }
}
