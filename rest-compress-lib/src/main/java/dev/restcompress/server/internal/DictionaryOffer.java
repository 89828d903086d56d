package dev.restcompress.server.internal;

import dev.restcompress.codec.Codec;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import java.util.List;

/**
 * The dictionary seam (RFC 9842): what {@link NegotiationFilter} asks of the dictionaries one resource
 * method holds ({@code server.internal.dictionary}). The filter negotiates the dictionary codings
 * together with the method's others, once per {@code Accept-Encoding} value; this seam only finds the
 * dictionary the request names. Thread-safe.
 */
public interface DictionaryOffer {
    /** The dictionary codings offered, in preference order (the first wins ties). */
    List<String> codings();

    /**
     * The codec of {@code coding} (a negotiated dictionary coding) for the dictionary that the
     * request's {@code Available-Dictionary} names, or {@code null} when it names none held here.
     */
    Codec choose(ContainerRequestContext request, String coding);

    /** Adds the headers every response of the method carries ({@code Vary}, {@code Link}, {@code Use-As-Dictionary}). */
    void decorate(ContainerRequestContext request, ContainerResponseContext response);

    /** The size below which a dictionary-coded response goes out unencoded. */
    int threshold();

    /** Where bodies sent in {@code coding} are reported. */
    BodyObserver.Encode observer(String coding);
}
