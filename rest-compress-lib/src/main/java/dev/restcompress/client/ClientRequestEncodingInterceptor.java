package dev.restcompress.client;

import dev.restcompress.annotation.EncodeRequest;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.negotiation.CodingTokens;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.io.Abortable;
import dev.restcompress.codec.StreamCounters;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;

/**
 * Compresses request bodies when asked (see {@link RestCompressClientFeature}); the body is streamed
 * through the codec, so its size is not known in advance and {@code Content-Length} is dropped.
 * An unknown coding fails the request with {@link IllegalArgumentException} before anything is sent.
 * Thread-safe (settings resolved once, {@link ClientCompression}).
 */
final class ClientRequestEncodingInterceptor implements WriterInterceptor {
    private static final String INVOKED_METHOD = "org.eclipse.microprofile.rest.client.invokedMethod";
    private final ClientCompression compression;

    ClientRequestEncodingInterceptor(ClientCompression compression) {
        this.compression = compression;
    }

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        // Resolved by the request filter, which runs first; a writer interceptor has no configuration.
        ClientCompression.Resolved settings = compression.resolvedOrNull();
        if (settings == null) {
            settings = compression.resolve(null);
        }
        CodecRegistry registry = settings.registry();
        String coding = requestedCoding(context, settings.requestCoding());
        if (coding == null || context.getHeaders().containsKey(HttpHeaders.CONTENT_ENCODING)) {
            context.proceed();
            return;
        }
        encodeBody(context, coding, registry.forCoding(coding), registry);
    }

    /**
     * Writes the request body through {@code codec} ({@code null}: fails naming {@code coding}), with its
     * {@code Content-Encoding} and without a {@code Content-Length}; the encoder is closed, or aborted
     * when the write fails, and counted in the registry's stream counters. Also used by
     * {@link ClientDictionaries} for {@code dcz}/{@code dcb}.
     */
    static void encodeBody(WriterInterceptorContext context, String coding, Codec codec, CodecRegistry registry)
            throws IOException {
        if (codec == null) {
            throw new IllegalArgumentException("rest-compress client: no codec for request coding '" + coding
                    + "'; available: " + registry.codings());
        }
        context.getHeaders().putSingle(HttpHeaders.CONTENT_ENCODING, codec.coding());
        context.getHeaders().remove(HttpHeaders.CONTENT_LENGTH);
        OutputStream original = context.getOutputStream();
        OutputStream encoder = codec.compressingStream(original);
        registry.streams().opened(StreamCounters.Kind.ENCODER, codec.coding());
        context.setOutputStream(encoder);
        boolean done = false;
        try {
            context.proceed();
            encoder.close();
            done = true;
        } finally {
            if (!done) {
                Abortable.abort(encoder); // frees native or pooled state; the request failed anyway
            }
            registry.streams().closed(StreamCounters.Kind.ENCODER, codec.coding());
            context.setOutputStream(original);
        }
    }

    /** The coding asked for this request body, or {@code null}; also read by {@link ClientDictionaries}. */
    static String requestedCoding(WriterInterceptorContext context, String defaultCoding) {
        Annotation[] annotations = context.getAnnotations();
        if (annotations != null) {
            for (Annotation a : annotations) {
                if (a instanceof EncodeRequest e) {
                    return CodingTokens.canonical(e.value());
                }
            }
        }
        // MicroProfile Rest Client implementations (RESTEasy's included) expose the proxy method.
        if (context.getProperty(INVOKED_METHOD) instanceof Method m) {
            EncodeRequest e = m.getAnnotation(EncodeRequest.class);
            if (e != null) {
                return CodingTokens.canonical(e.value());
            }
        }
        Object p = context.getProperty(CompressionSettings.CLIENT_REQUEST_CODING);
        if (p != null) {
            String s = p.toString().trim();
            return s.isEmpty() || s.equalsIgnoreCase("identity") ? null : CodingTokens.canonical(s);
        }
        return defaultCoding;
    }
}
