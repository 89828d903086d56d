package dev.restcompress.server;

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
 * {@link RestCompressFeature}. Stateless; thread-safe.
 */
@Provider
@ConstrainedTo(RuntimeType.SERVER)
public final class RestCompressDynamicFeature implements DynamicFeature {
    @Override
    public void configure(ResourceInfo resourceInfo, FeatureContext context) {
        CompressionBinder.of(context).configure(resourceInfo, context);
    }
}
