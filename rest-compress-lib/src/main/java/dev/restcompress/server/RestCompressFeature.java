package dev.restcompress.server;

import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.server.internal.runtime.CompressionBinder;
import dev.restcompress.server.internal.runtime.ServerSetup;
import jakarta.ws.rs.ConstrainedTo;
import jakarta.ws.rs.RuntimeType;
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
@ConstrainedTo(RuntimeType.SERVER)
public final class RestCompressFeature implements Feature {
    private volatile CodecRegistry registry;
    private volatile CompressionStatistics statistics;

    @Override
    public boolean configure(FeatureContext context) {
        CompressionBinder binder = ServerSetup.apply(context);
        this.registry = binder.registry();
        this.statistics = CompressionStatistics.of(binder.statistics());
        return true;
    }

    /** The codecs this feature configured ({@code null} before {@code configure}), for diagnostics. */
    public CodecRegistry registry() {
        return registry;
    }

    /**
     * What compression did in the application this feature configured, and the adaptive state
     * ({@code null} before {@code configure}). Also reachable with
     * {@link CompressionStatistics#of(jakarta.ws.rs.core.Configuration)}.
     */
    public CompressionStatistics statistics() {
        return statistics;
    }
}
