package dev.restcompress.server.internal.runtime;

import dev.restcompress.server.internal.DecodingErrors;
import jakarta.ws.rs.ConstrainedTo;
import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;

/**
 * RESTEasy's way to register a library by adding its jar: RESTEasy instantiates the classes listed in
 * {@code META-INF/services/jakarta.ws.rs.ext.Providers}, this one alone. It registers the per-method
 * binding ({@link MethodBinding}, what {@code RestCompressDynamicFeature} does, under a class name of its
 * own: a runtime that also finds that {@code @Provider} by scanning, as Open Liberty does, then
 * registers each class once and binds each method once). A dynamic feature cannot register exception
 * mappers, so without this class a resource that reads its {@code InputStream} itself would turn a
 * corrupt or oversized body into a 500 instead of 400/413. It registers them ({@link DecodingErrors#registerMappers})
 * unless {@code RestCompressFeature} did already. It must not build the application's binder: the
 * application's properties are not in the configuration yet when RESTEasy runs it. It puts a
 * {@link BinderSlot} there instead, so that every method shares one binder, and registers the endpoint
 * that serves the shared dictionaries, a pre-matching filter the dynamic feature cannot register.
 * Not annotated {@code @Provider}, so runtimes that scan for providers (Quarkus) never pick it up; only
 * that services file names it. Not API: public only because RESTEasy instantiates it. Stateless.
 */
@ConstrainedTo(RuntimeType.SERVER)
public final class ResteasyAutoRegistration implements Feature {
    @Override
    public boolean configure(FeatureContext context) {
        DecodingErrors.registerMappers(context);
        BinderSlot.install(context);
        if (!context.getConfiguration().isRegistered(MethodBinding.class)) {
            context.register(new MethodBinding());
        }
        return true;
    }
}
