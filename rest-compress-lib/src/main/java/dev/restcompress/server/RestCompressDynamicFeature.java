package dev.restcompress.server;

import dev.restcompress.server.internal.runtime.CompressionBinder;
import dev.restcompress.server.internal.runtime.CompressionBinder;
import jakarta.ws.rs.ConstrainedTo;
import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.Provider;

/**
 * The per-method half of the server side, as a discoverable {@code @Provider}: binds rest-compress to
 * every annotated resource method, exactly as {@link RestCompressFeature} does.
 *
 * <p>Why it exists: Quarkus REST collects {@code DynamicFeature}s only at build time, from the
 * {@code @Provider} classes in its index, and silently drops a {@code DynamicFeature} that a
 * {@code Feature} registers at run time. The library jar carries a Jandex index, so Quarkus finds this
 * class (and {@link RestCompressFeature}) by itself. Elsewhere it is harmless: when both classes are
 * applied they share one binder (stored in the application's configuration) and each method is bound
 * once. Settings are read from the application's configuration and system properties, as for
 * {@link RestCompressFeature}. One instance serves one application. Thread-safe.
 */
@Provider
@ConstrainedTo(RuntimeType.SERVER)
public final class RestCompressDynamicFeature implements DynamicFeature {
    private CompressionBinder own; // guarded by this

    @Override
    public void configure(ResourceInfo resourceInfo, FeatureContext context) {
        binder(context).configure(resourceInfo, context);
    }

    /**
     * The application's binder; when the configuration holds none, the one this feature built for
     * an earlier method: Jersey and RESTEasy give each method a configuration of its own, and without
     * this each method would get a binder (a start-up line, codecs, statistics) of its own.
     */
    private synchronized CompressionBinder binder(FeatureContext context) {
        CompressionBinder shared = CompressionBinder.shared(context);
        if (shared != null) {
            return shared;
        }
        if (own == null) {
            own = CompressionBinder.of(context);
        }
        return own;
    }
}
