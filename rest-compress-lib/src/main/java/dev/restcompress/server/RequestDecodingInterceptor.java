package dev.restcompress.server;

import dev.restcompress.codec.ContentCodings;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.DecompressionException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;

/**
 * Decodes request bodies that carry {@code Content-Encoding}, through bounded decoders, before the
 * entity reader sees them. Stacked codings ({@code gzip, lzf}) are undone in reverse order. The
 * reader then sees an unencoded body: the coding headers are removed. Errors: see
 * {@link DecodingErrors}. Thread-safe (immutable).
 */
final class RequestDecodingInterceptor implements ReaderInterceptor {
    private final CodecRegistry registry;
    private final long maxDecodedSize;

    RequestDecodingInterceptor(CodecRegistry registry, long maxDecodedSize) {
        this.registry = registry;
        this.maxDecodedSize = maxDecodedSize;
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        MultivaluedMap<String, String> headers = context.getHeaders();
        ContentCodings codings;
        try {
            codings = ContentCodings.parse(headers.get(HttpHeaders.CONTENT_ENCODING), registry);
        } catch (ContentCodings.UnsupportedCodingException e) {
            throw DecodingErrors.unsupportedCoding(e.coding(), registry.codings());
        }
        if (codings.isIdentity()) {
            return context.proceed();
        }
        context.setInputStream(codings.decode(context.getInputStream(), maxDecodedSize));
        headers.remove(HttpHeaders.CONTENT_ENCODING);
        headers.remove(HttpHeaders.CONTENT_LENGTH);
        try {
            return context.proceed();
        } catch (IOException | RuntimeException e) {
            // Entity readers may wrap our exception (e.g. in a ProcessingException or a 400 of their own).
            DecompressionException cause = DecodingErrors.findCause(e);
            if (cause != null) {
                throw DecodingErrors.toException(cause);
            }
            throw e;
        }
    }
}
