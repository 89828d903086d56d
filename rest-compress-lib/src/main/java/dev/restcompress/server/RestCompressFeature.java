package dev.restcompress.server;

import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.io.BufferPool;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.Provider;

/**
 * The server side of rest-compress: register this class (or let the container discover it) and every
 * resource method annotated with {@link dev.restcompress.annotation.Compress @Compress},
 * {@link dev.restcompress.annotation.LZF @LZF}, {@link dev.restcompress.annotation.FastGzip @FastGzip}
 * (or another coding annotation) negotiates {@code Accept-Encoding}, encodes its responses and
 * decodes its request bodies. Unannotated methods are untouched.
 *
 * <p>Settings come from the application's properties or system properties; see
 * {@link CompressionSettings} for the keys and defaults. Logs one line at start-up with the active
 * codings.
 */
@Provider
public final class RestCompressFeature implements Feature {
    private static final System.Logger LOG = System.getLogger(RestCompressFeature.class.getName());

    private volatile CodecRegistry registry;

    @Override
    public boolean configure(FeatureContext context) {
        CompressionSettings settings = CompressionSettings.from(context.getConfiguration()::getProperty);
        CompressionSettings.warnAboutUnknownKeys(context.getConfiguration().getPropertyNames());
        CodecRegistry registry = settings.createRegistry();
        this.registry = registry;
        LOG.log(System.Logger.Level.INFO, "rest-compress server: codings {0}; {1}",
                CodingDescriptions.of(settings.inPreferenceOrder(registry.codings())), settings);
        context.register(new CompressionBinder(settings, registry, BufferPool.shared(),
                RuntimeFraming.maxDeclaredLength(context.getConfiguration())));
        context.register(new DecompressionExceptionMapper());
        return true;
    }

    /** The codecs this feature configured ({@code null} before {@code configure}), for diagnostics. */
    public CodecRegistry registry() {
        return registry;
    }
}
