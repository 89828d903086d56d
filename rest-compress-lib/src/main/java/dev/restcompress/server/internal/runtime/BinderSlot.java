package dev.restcompress.server.internal.runtime;

import dev.restcompress.server.internal.dictionary.DictionaryEndpointFilter;
import dev.restcompress.server.internal.dictionary.DictionarySupport;
import jakarta.ws.rs.core.FeatureContext;
import java.util.function.Supplier;

/**
 * The place of an application's {@link CompressionBinder} when it cannot be built yet: RESTEasy's
 * services-file setup runs {@link ResteasyAutoRegistration} on the application before the application's
 * properties are there, and then applies {@code RestCompressDynamicFeature} to each method with a
 * configuration of that method's own, where a binder stored by one method is not seen by the next.
 * {@link ResteasyAutoRegistration} puts this slot into the application's configuration, which every
 * method's configuration does see; the first method builds the binder into it and the others share it.
 * The slot also carries the endpoint that serves the application's dictionaries, registered with the
 * slot because a dynamic feature cannot register a pre-matching filter. Thread-safe.
 */
public final class BinderSlot {
    /** The configuration property that holds the slot. */
    public static final String PROPERTY = "dev.restcompress.server.BinderSlot";

    private volatile CompressionBinder binder; // written once, under the lock; read by every request

    /**
     * Puts a slot, and the dictionary endpoint that serves the binder it will hold, into the application
     * {@code context} configures, unless a binder or a slot is there already.
     */
    static void install(FeatureContext context) {
        if (context.getConfiguration().getProperty(CompressionBinder.PROPERTY) != null
                || context.getConfiguration().getProperty(PROPERTY) != null) {
            return;
        }
        BinderSlot slot = new BinderSlot();
        context.property(PROPERTY, slot);
        context.register(new DictionaryEndpointFilter(slot::dictionaries));
    }

    /** The binder, built with {@code build} the first time; its dictionaries are served by the slot's endpoint. */
    synchronized CompressionBinder binder(Supplier<CompressionBinder> build) {
        if (binder == null) {
            binder = build.get();
            binder.dictionaryEndpointRegistered();
        }
        return binder;
    }

    /** The dictionaries of the binder, or {@code null} while no method has been bound. Lock-free. */
    DictionarySupport dictionaries() {
        CompressionBinder b = binder;
        return b == null ? null : b.dictionaries();
    }
}
