package dev.restcompress.client;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes response bodies whose every {@code Content-Encoding} is known, bounded by the decoded-size
 * limit, and removes {@code Content-Encoding} and {@code Content-Length} so callers see a plain body,
 * as if the server had sent it unencoded: transparent decoding in exactly one place. A body with an
 * unknown coding is passed through untouched. Decoding is lazy (while the entity is read); failures
 * surface as {@link dev.restcompress.codec.DecompressionException}, wrapped by the client runtime in
 * a {@code ProcessingException}. Thread-safe (immutable).
 */
final class ClientResponseDecodingFilter implements ClientResponseFilter {
    private final CodecRegistry registry;
    private final long maxDecodedSize;

    ClientResponseDecodingFilter(CodecRegistry registry, long maxDecodedSize) {
        this.registry = registry;
        this.maxDecodedSize = maxDecodedSize;
    }

    @Override
    public void filter(ClientRequestContext request, ClientResponseContext response) {
        if (!response.hasEntity()) {
            return;
        }
        List<Codec> codecs = knownCodecs(response.getHeaders().get(HttpHeaders.CONTENT_ENCODING));
        if (codecs == null || codecs.isEmpty()) {
            return;
        }
        InputStream in = response.getEntityStream();
        for (int i = codecs.size() - 1; i >= 0; i--) {
            in = codecs.get(i).decompressingStream(in, maxDecodedSize);
        }
        response.setEntityStream(in);
        response.getHeaders().remove(HttpHeaders.CONTENT_ENCODING);
        response.getHeaders().remove(HttpHeaders.CONTENT_LENGTH);
    }

    /** The codecs in application order; {@code null} when one of them is unknown. */
    private List<Codec> knownCodecs(List<String> values) {
        if (values == null) {
            return null;
        }
        List<Codec> out = new ArrayList<>(2);
        for (String value : values) {
            for (String token : value.split(",", 16)) {
                String coding = CodecRegistry.canonical(token);
                if (coding.isEmpty() || coding.equals("identity")) {
                    continue;
                }
                Codec codec = registry.forCoding(coding);
                if (codec == null) {
                    return null;
                }
                out.add(codec);
            }
        }
        return out;
    }
}
