package dev.restcompress.server.internal.runtime;

import jakarta.ws.rs.ConstrainedTo;
import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;

/**
 * Binds rest-compress to each resource method with the application's {@link CompressionBinder}: what
 * {@code RestCompressDynamicFeature} does (it delegates here), as a class of its own so that
 * {@link ResteasyAutoRegistration} can register it without registering that public class a second
 * time. A runtime that finds {@code RestCompressDynamicFeature} by its {@code @Provider} annotation and
 * also reads the services file (Open Liberty, with an application that lists no classes) would otherwise
 * warn {@code RESTEASY002155 ... already registered}. When both run, each method is still bound once:
 * the binder leaves a method it bound alone. One instance serves one application. Thread-safe.
 */
@ConstrainedTo(RuntimeType.SERVER)
public final class MethodBinding implements DynamicFeature {
    private CompressionBinder own; // guarded by this

    @Override
    public void configure(ResourceInfo resourceInfo, FeatureContext context) {
        binder(context).configure(resourceInfo, context);
    }

    /**
     * The application's binder; when the configuration holds none, the one this instance built for
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
