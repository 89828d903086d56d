package dev.restcompress.client;

import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.dictionary.DictionaryStore;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;

/**
 * The client side of rest-compress. Register it on a {@code jakarta.ws.rs.client.Client} (or the
 * client behind a RESTEasy proxy) and:
 * <ul>
 *   <li>every request advertises {@code Accept-Encoding} (every coding the client has, in preference
 *       order, or {@code rest-compress.client.accept-encoding}) unless the caller set one;</li>
 *   <li>responses with a known {@code Content-Encoding} are decoded before the entity is read, bounded
 *       by {@code rest-compress.max-decoded-size};</li>
 *   <li>request bodies are compressed when asked: {@link dev.restcompress.annotation.EncodeRequest} on
 *       the proxy method, its entity parameter or among the entity's annotations, or the property
 *       {@value dev.restcompress.config.CompressionSettings#CLIENT_REQUEST_CODING} on the request or the
 *       client.</li>
 *   <li>shared dictionaries (RFC 9842): dictionaries the server offers with {@code Use-As-Dictionary}
 *       are kept while fresh, announced with {@code Available-Dictionary} on matching requests, and
 *       {@code dcz}/{@code dcb} responses are decoded with them; a request body asked for as {@code dcz}
 *       or {@code dcb} is encoded with the dictionary announced for its URL, else as {@code zstd} or
 *       {@code br} (all off with
 *       {@code rest-compress.client.dictionaries=false}).</li>
 * </ul>
 *
 * <p>Settings ({@code rest-compress.*}, see {@link CompressionSettings}) are read from the client's
 * configuration at its first request, so properties set on the {@code Client} or {@code WebTarget}
 * after registering this feature count when they are set before that request; after it they are
 * fixed. An invalid value fails with the server's message for it: at registration when it is already
 * set then, else at the first request (as the cause of the runtime's {@code ProcessingException}).
 */
public final class RestCompressClientFeature implements Feature {
    private volatile ClientCompression compression;
    private volatile DictionaryStore dictionaries;

    @Override
    public boolean configure(FeatureContext context) {
        // Values already set fail now, where the mistake is; the rest is read at the first request.
        CompressionSettings settings = CompressionSettings.from(context.getConfiguration()::getProperty);
        ClientCompression compression = new ClientCompression();
        this.compression = compression;
        // ENTITY_CODER: request filters of users (USER, higher) see our Accept-Encoding, and their
        // response filters run before ours, so they still see the coding that came over the wire.
        context.register(new ClientAcceptEncodingFilter(compression), Priorities.ENTITY_CODER);
        context.register(new ClientResponseDecodingFilter(compression), Priorities.ENTITY_CODER);
        context.register(new ClientRequestEncodingInterceptor(compression), Priorities.ENTITY_CODER);
        // Dictionary settings are read here, at registration; codecs and limits at the first request.
        ClientDictionaries shared = new ClientDictionaries(settings.dictionaries(), compression);
        if (settings.dictionaries().clientEnabled() && shared.usable()) {
            // After Accept-Encoding is set (request filters ascend) and after ordinary decoding (response
            // filters descend), so a dictionary that came gzip-encoded is kept decoded.
            context.register(shared.announcer(), Priorities.ENTITY_CODER + 100);
            context.register(shared.receiver(), Priorities.ENTITY_CODER - 100);
            // Writer interceptors ascend: this one runs first and leaves the ordinary encoder a coded body.
            context.register(shared.encoder(), Priorities.ENTITY_CODER - 1);
            this.dictionaries = shared.store();
        }
        return true;
    }

    /**
     * The shared dictionaries (RFC 9842) this client received and keeps, or {@code null} before
     * {@code configure} or when dictionaries are off ({@code rest-compress.client.dictionaries}) or no
     * dictionary coding is available.
     */
    public DictionaryStore dictionaries() {
        return dictionaries;
    }

    /**
     * The codecs of the client this feature configured last, with the counters of the decoders and
     * encoders it opened ({@code null} before that client's first request): for diagnostics and leak
     * checks.
     */
    public CodecRegistry registry() {
        ClientCompression c = compression;
        ClientCompression.Resolved r = c == null ? null : c.resolvedOrNull();
        return r == null ? null : r.registry();
    }
}
