package dev.restcompress.client;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes response bodies whose every {@code Content-Encoding} is known, bounded by the decoded-size
 * limit, and removes the coding headers so callers see a plain body. A body with an unknown coding is
 * passed through untouched. Decoding failures surface as
 * {@link dev.restcompress.codec.DecompressionException} (wrapped by the client runtime in a
 * {@code ProcessingException}). Thread-safe (immutable).
 */
final class ClientResponseDecodingInterceptor implements ReaderInterceptor {
    private final CodecRegistry registry;
    private final long maxDecodedSize;

    ClientResponseDecodingInterceptor(CodecRegistry registry, long maxDecodedSize) {
        this.registry = registry;
        this.maxDecodedSize = maxDecodedSize;
    }

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        MultivaluedMap<String, String> headers = context.getHeaders();
        List<Codec> codecs = knownCodecs(headers.get(HttpHeaders.CONTENT_ENCODING));
        if (codecs == null || codecs.isEmpty()) {
            return context.proceed();
        }
        InputStream in = context.getInputStream();
        for (int i = codecs.size() - 1; i >= 0; i--) {
            in = codecs.get(i).decompressingStream(in, maxDecodedSize);
        }
        context.setInputStream(in);
        headers.remove(HttpHeaders.CONTENT_ENCODING);
        headers.remove(HttpHeaders.CONTENT_LENGTH);
        return context.proceed();
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
