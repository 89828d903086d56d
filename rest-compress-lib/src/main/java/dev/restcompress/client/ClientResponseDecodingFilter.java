package dev.restcompress.client;

import dev.restcompress.decoding.ContentCodings;
import dev.restcompress.codec.CodecRegistry;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import java.io.IOException;
import java.io.InputStream;

/**
 * Decodes response bodies whose every {@code Content-Encoding} is known, bounded by the decoded-size
 * limit, and removes {@code Content-Encoding} and {@code Content-Length} so callers see a plain body,
 * as if the server had sent it unencoded: transparent decoding in exactly one place. A body with an
 * unknown coding is passed through untouched. Decoding is lazy (while the entity is read); failures
 * surface as {@link dev.restcompress.codec.DecompressionException}, wrapped by the client runtime in
 * a {@code ProcessingException}. The decoders hold native memory from the first read until the
 * entity stream is closed: by the client runtime after {@code readEntity}, by {@code Response.close()},
 * or by the caller who took the {@code InputStream}; a body nobody reads opens none. Thread-safe
 * (settings resolved once, {@link ClientCompression}).
 */
final class ClientResponseDecodingFilter implements ClientResponseFilter {
    private final ClientCompression compression;

    ClientResponseDecodingFilter(ClientCompression compression) {
        this.compression = compression;
    }

    @Override
    public void filter(ClientRequestContext request, ClientResponseContext response) throws IOException {
        if (!response.hasEntity()) {
            return;
        }
        ClientCompression.Resolved settings = compression.resolve(request.getConfiguration());
        CodecRegistry registry = settings.registry();
        ContentCodings codings;
        try {
            codings = ContentCodings.parse(response.getHeaders().get(HttpHeaders.CONTENT_ENCODING), registry);
        } catch (ContentCodings.UnsupportedCodingException e) {
            return; // not ours to decode: the caller gets the body as it came
        }
        if (codings.isIdentity()) {
            return;
        }
        response.setEntityStream(decoded(codings, response, settings.maxDecodedSize()));
        response.getHeaders().remove(HttpHeaders.CONTENT_ENCODING);
        response.getHeaders().remove(HttpHeaders.CONTENT_LENGTH);
    }

    /**
     * A small body of one coding with a known length is read now and decoded in one codec call (the
     * server sends exactly such bodies: one-shot, with Content-Length); anything else is decoded
     * lazily, as it is read, so that streamed responses reach the caller as they arrive.
     */
    private static InputStream decoded(ContentCodings codings, ClientResponseContext response, long maxDecodedSize)
            throws IOException {
        // A sized body is read to its end here (the runtime releases the connection when the response
        // is closed); others are decoded as the caller reads.
        return codings.decodeBody(response.getEntityStream(), response.getLength(), maxDecodedSize);
    }
}
