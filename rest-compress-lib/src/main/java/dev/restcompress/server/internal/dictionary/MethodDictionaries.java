package dev.restcompress.server.internal.dictionary;

import dev.restcompress.server.internal.BodyObserver;
import dev.restcompress.server.internal.DictionaryOffer;
import dev.restcompress.server.internal.NegotiationFilter;
import dev.restcompress.server.internal.RequestProperties;
import dev.restcompress.annotation.DeltaDictionary;
import dev.restcompress.codec.Codec;
import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.dictionary.DictionaryHeaders;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The dictionaries one resource method offers (a static {@code @Dictionary}, previous versions of
 * its own responses for {@code @DeltaDictionary}, or both) and the per-request decisions about them,
 * for {@link NegotiationFilter}: which dictionary coding a request gets, and the headers every
 * response carries. Immutable; thread-safe.
 */
public final class MethodDictionaries implements DictionaryOffer {
    static final String VARY_VALUE = DictionaryHeaders.AVAILABLE_DICTIONARY;

    private final DictionarySupport support;
    private final DictionarySupport.Served served;
    private final DeltaDictionary delta;
    private final String owner;
    /** Per dictionary coding, where its bodies are reported: found at deployment, not per response. */
    private final Map<String, BodyObserver.Encode> observers;

    MethodDictionaries(DictionarySupport support, DictionarySupport.Served served, DeltaDictionary delta, String owner,
            Function<String, BodyObserver.Encode> observers) {
        this.support = support;
        this.served = served;
        this.delta = delta;
        this.owner = owner;
        Map<String, BodyObserver.Encode> o = new HashMap<>();
        for (String coding : support.codings()) {
            o.put(coding, observers.apply(coding));
        }
        this.observers = Map.copyOf(o);
    }

    @Override
    public List<String> codings() {
        return support.codings();
    }

    @Override
    public int threshold() {
        return support.settings().threshold();
    }

    @Override
    public BodyObserver.Encode observer(String coding) {
        return observers.get(coding);
    }

    DictionarySupport support() {
        return support;
    }

    public boolean delta() {
        return delta != null;
    }

    /** The key delta versions of this method are kept under. */
    String owner() {
        return owner;
    }

    /**
     * The {@code dcz} or {@code dcb} codec for this request, or {@code null} for ordinary
     * negotiation: {@code coding} is the dictionary coding the request weighs highest (negotiated
     * with the method's other codings), and the request must name, in {@code Available-Dictionary}, a
     * dictionary this method holds.
     */
    @Override
    public Codec choose(ContainerRequestContext request, String coding) {
        String available = request.getHeaderString(DictionaryHeaders.AVAILABLE_DICTIONARY);
        if (available == null) {
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

    /**
     * Adds what every response of this method carries: {@code Vary: Available-Dictionary}, the
     * {@code Link} to its static dictionary, and for delta methods {@code Use-As-Dictionary} on a
     * successful GET (whose body {@link DeltaCapture} then keeps).
     */
    @Override
    public void decorate(ContainerRequestContext request, ContainerResponseContext response) {
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
                request.setProperty(RequestProperties.DELTA_CAPTURE, new DeltaCapture.Target(support, owner, match, delta.id()));
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
    public CompressionDictionary staticDictionary() {
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
