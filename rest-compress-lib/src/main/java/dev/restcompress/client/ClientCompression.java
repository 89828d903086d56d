package dev.restcompress.client;

import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import jakarta.ws.rs.core.Configuration;
import java.util.List;

/**
 * The settings and codecs of one client, read once, at its first request, from that request's
 * configuration: so properties set on the {@code Client} or {@code WebTarget} after
 * {@code register(RestCompressClientFeature.class)} count, as long as they are set before the first
 * request. Invalid values fail that request (and every later one) with the message the server gives
 * for the same value; nothing is fixed until a request succeeded in reading them. Thread-safe.
 */
final class ClientCompression {
    /** What a client's filters and interceptor need, resolved together. */
    record Resolved(CodecRegistry registry, String acceptEncoding, long maxDecodedSize, String requestCoding) {
    }

    private volatile Resolved resolved;

    /**
     * The resolved settings, reading them from {@code configuration} (the request's; {@code null}: system
     * properties only) on the first call.
     *
     * @throws IllegalArgumentException naming the key, range and value of an invalid setting
     */
    Resolved resolve(Configuration configuration) {
        Resolved r = resolved;
        if (r == null) {
            synchronized (this) {
                r = resolved;
                if (r == null) {
                    r = read(configuration);
                    resolved = r;
                }
            }
        }
        return r;
    }

    /** The resolved settings, or {@code null} before the first request. */
    Resolved resolvedOrNull() {
        return resolved;
    }

    private static Resolved read(Configuration configuration) {
        CompressionSettings settings = CompressionSettings.from(configuration == null ? null : configuration::getProperty);
        CompressionSettings.warnAboutUnknownKeys(configuration == null ? List.of() : configuration.getPropertyNames());
        CodecRegistry registry = settings.createRegistry();
        String accept = settings.clientAcceptEncoding() != null ? settings.clientAcceptEncoding()
                : String.join(", ", settings.inPreferenceOrder(registry.codings()));
        return new Resolved(registry, accept, settings.maxDecodedSize(), settings.clientRequestCoding());
    }
}
