package dev.restcompress.server;

import dev.restcompress.annotation.DeltaDictionary;
import dev.restcompress.codec.Codec;
import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.dictionary.DictionaryHeaders;
import dev.restcompress.negotiation.AcceptEncoding;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.List;

/**
 * The dictionaries one resource method offers (a static {@code @Dictionary}, previous versions of
 * its own responses for {@code @DeltaDictionary}, or both) and the per-request decisions about them,
 * for {@link NegotiationFilter}: which dictionary coding a request gets, and the headers every
 * response carries. Immutable; thread-safe.
 */
final class MethodDictionaries {
    /** Request property: the dictionary codec chosen for the response. */
    static final String CHOSEN = "dev.restcompress.server.DictionaryCodec";
    /** Request property: the response body is to be kept as the next delta version. */
    static final String CAPTURE = "dev.restcompress.server.DeltaCapture";
    static final String VARY_VALUE = DictionaryHeaders.AVAILABLE_DICTIONARY;

    private final DictionarySupport support;
    private final DictionarySupport.Served served;
    private final DeltaDictionary delta;
    private final String owner;

    MethodDictionaries(DictionarySupport support, DictionarySupport.Served served, DeltaDictionary delta, String owner) {
        this.support = support;
        this.served = served;
        this.delta = delta;
        this.owner = owner;
    }

    DictionarySupport support() {
        return support;
    }

    boolean delta() {
        return delta != null;
    }

    /** The key delta versions of this method are kept under. */
    String owner() {
        return owner;
    }

    /**
     * The {@code dcz} or {@code dcb} codec for this request, or {@code null} for ordinary
     * negotiation: the request must list the coding with a weight above zero (highest weight wins,
     * {@code dcz} on a tie) and name, in {@code Available-Dictionary}, a dictionary this method holds.
     */
    Codec choose(ContainerRequestContext request) {
        String available = request.getHeaderString(DictionaryHeaders.AVAILABLE_DICTIONARY);
        if (available == null) {
            return null;
        }
        AcceptEncoding accept = AcceptEncoding.parse(request.getHeaders().get(HttpHeaders.ACCEPT_ENCODING));
        String coding = null;
        int best = 0;
        for (String c : support.codings()) { // rest-compress.dictionary.preference order: the first wins ties
            int w = accept.weightOf(c);
            if (w > best) {
                best = w;
                coding = c;
            }
        }
        if (coding == null) {
            return null;
        }
        DictionarySupport.DictionaryCodecSet set = codecs(DictionaryHeaders.parseAvailableDictionary(available));
        return set == null ? null : set.codec(coding);
    }

    /** The codecs of the dictionary with this hash that this method holds, or {@code null}. */
    DictionarySupport.DictionaryCodecSet codecs(byte[] hash) {
        if (hash == null) {
            return null;
        }
        if (served != null && served.dictionary().hasHash(hash)) {
            return served.codecs();
        }
        return delta != null ? support.deltaCodecs(hash, owner) : null;
    }

    /** The plan of a response encoded with a dictionary codec, with the dictionary threshold. */
    EncodingPlan plan(Codec codec, boolean identityAcceptable, boolean streaming, MethodPolicy policy) {
        return new EncodingPlan(codec, identityAcceptable, support.settings().threshold(), policy.oneShotLimit(),
                policy.maxDeclaredLength(), streaming);
    }

    /**
     * Adds what every response of this method carries: {@code Vary: Available-Dictionary}, the
     * {@code Link} to its static dictionary, and for delta methods {@code Use-As-Dictionary} on a
     * successful GET (whose body {@link DeltaCapture} then keeps).
     */
    void decorate(ContainerRequestContext request, ContainerResponseContext response) {
        MultivaluedMap<String, Object> headers = response.getHeaders();
        if (!listed(headers.get(HttpHeaders.VARY), VARY_VALUE)) {
            headers.add(HttpHeaders.VARY, VARY_VALUE);
        }
        if (served != null) {
            headers.add("Link", "<" + dictionaryUrl(request) + ">; rel=\"" + DictionaryHeaders.LINK_RELATION + "\"");
        }
        if (delta != null && response.getStatus() == 200 && response.hasEntity()
                && HttpMethod.GET.equals(request.getMethod())) {
            String match = delta.match().isEmpty() ? request.getUriInfo().getRequestUri().getRawPath() : delta.match();
            try {
                headers.putSingle(DictionaryHeaders.USE_AS_DICTIONARY,
                        DictionaryHeaders.formatUseAsDictionary(match, delta.id()));
                request.setProperty(CAPTURE, new DeltaCapture.Target(support, owner, match, delta.id()));
            } catch (IllegalArgumentException e) {
                // A path with characters a structured-field string cannot hold: no delta for it.
            }
        }
    }

    /** The absolute path of the static dictionary: the application base, the configured path, the name. */
    String dictionaryUrl(ContainerRequestContext request) {
        String base = request.getUriInfo().getBaseUri().getRawPath();
        if (base == null || base.isEmpty()) {
            base = "/";
        }
        return (base.endsWith("/") ? base : base + "/") + support.settings().path() + "/" + served.dictionary().name();
    }

    /** The static dictionary, or {@code null}. */
    CompressionDictionary staticDictionary() {
        return served == null ? null : served.dictionary();
    }

    private static boolean listed(List<Object> values, String token) {
        if (values == null) {
            return false;
        }
        for (Object v : values) {
            for (String part : v.toString().split(",")) {
                String p = part.trim();
                if (p.equals("*") || p.equalsIgnoreCase(token)) {
                    return true;
                }
            }
        }
        return false;
    }
}
