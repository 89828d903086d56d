package dev.restcompress.server;

import dev.restcompress.server.internal.runtime.MethodBinding;
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
 * once. RESTEasy's services file names not this class but the library's own registration, which binds
 * the same way, so that a runtime that reads the file and also scans for {@code @Provider} (Open
 * Liberty) registers this class once. Settings are read from the application's configuration and system properties, as for
 * {@link RestCompressFeature}. One instance serves one application. Thread-safe.
 */
@Provider
@ConstrainedTo(RuntimeType.SERVER)
public final class RestCompressDynamicFeature implements DynamicFeature {
    private final MethodBinding binding = new MethodBinding();

    @Override
    public void configure(ResourceInfo resourceInfo, FeatureContext context) {
        binding.configure(resourceInfo, context);
    }
}
