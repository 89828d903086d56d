package dev.restcompress.server;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.DecompressionException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

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
        List<Codec> codecs = codecsFor(headers.get(HttpHeaders.CONTENT_ENCODING));
        if (codecs.isEmpty()) {
            return context.proceed();
        }
        InputStream in = context.getInputStream();
        for (int i = codecs.size() - 1; i >= 0; i--) {
            in = codecs.get(i).decompressingStream(in, maxDecodedSize);
        }
        context.setInputStream(in);
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

    /** The codecs to undo, in the order they were applied; 415 if one is unknown. */
    private List<Codec> codecsFor(List<String> values) {
        if (values == null || values.isEmpty()) {
            return List.of();
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
                    throw DecodingErrors.unsupportedCoding(coding, registry.codings());
                }
                out.add(codec);
            }
        }
        return out;
    }
}
