package dev.restcompress.server.internal.runtime;

import dev.restcompress.server.internal.DecodingErrors;
import dev.restcompress.server.internal.dictionary.DictionaryEndpointFilter;
import dev.restcompress.server.internal.dictionary.DictionarySupport;
import jakarta.ws.rs.ConstrainedTo;
import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;

/**
 * What {@code RestCompressFeature} does for an application, in one place: builds or finds the
 * application's {@link CompressionBinder}, registers it, the exception mappers, the endpoint that
 * serves shared dictionaries and, on Quarkus REST, the {@link BindingCheck}. The public feature calls
 * {@link #apply}; Jersey's auto-discovery registers this class itself ({@link JerseyAutoRegistration}).
 * The public API classes are named here by their names only: this package never depends on the API
 * package, which depends on it. Stateless.
 */
@ConstrainedTo(RuntimeType.SERVER)
public final class ServerSetup implements Feature {
    /** The name of the public feature (also the name the start-up line is logged under). */
    public static final String FEATURE = "dev.restcompress.server.RestCompressFeature";
    /** The name of the public dynamic feature. */
    public static final String DYNAMIC_FEATURE = "dev.restcompress.server.RestCompressDynamicFeature";

    @Override
    public boolean configure(FeatureContext context) {
        apply(context);
        return true;
    }

    /** Sets rest-compress up for the application {@code context} configures; returns its binder. */
    public static CompressionBinder apply(FeatureContext context) {
        CompressionBinder binder = CompressionBinder.of(context);
        context.register(binder);
        DecodingErrors.registerMappers(context);
        if (context.getConfiguration().getProperty(BinderSlot.PROPERTY) == null) {
            // Else RESTEasy's services-file setup registered the endpoint already, with the slot the
            // binder came from (BinderSlot).
            DictionarySupport dictionaries = binder.dictionaries();
            context.register(new DictionaryEndpointFilter(() -> dictionaries));
            binder.dictionaryEndpointRegistered();
        }
        if (binder.quarkusRest()) {
            context.register(new BindingCheck(binder));
        }
        return binder;
    }

    /** Whether the public feature, or this class, is registered in {@code configuration} already. */
    static boolean registered(Configuration configuration) {
        if (configuration.isRegistered(ServerSetup.class)) {
            return true;
        }
        for (Class<?> c : configuration.getClasses()) {
            if (FEATURE.equals(c.getName())) {
                return true;
            }
        }
        for (Object o : configuration.getInstances()) {
            if (FEATURE.equals(o.getClass().getName())) {
                return true;
            }
        }
        return false;
    }
}
