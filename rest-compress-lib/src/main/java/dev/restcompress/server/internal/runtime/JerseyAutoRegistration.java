package dev.restcompress.server.internal.runtime;

import jakarta.annotation.Priority;
import jakarta.ws.rs.ConstrainedTo;
import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.core.FeatureContext;
import org.glassfish.jersey.internal.spi.AutoDiscoverable;

/**
 * Jersey's way to register a library by adding its jar: Jersey finds this class through
 * {@code META-INF/services/org.glassfish.jersey.internal.spi.AutoDiscoverable} (unless the application
 * disables auto-discovery) and it sets rest-compress up ({@link ServerSetup}, what {@code RestCompressFeature} does) on every
 * Jersey server application that has not registered that feature already. Only Jersey reads that services file, so no other
 * runtime loads this class. Not API: public only because Jersey instantiates it.
 */
@ConstrainedTo(RuntimeType.SERVER)
@Priority(AutoDiscoverable.DEFAULT_PRIORITY)
public final class JerseyAutoRegistration implements AutoDiscoverable {
    @Override
    public void configure(FeatureContext context) {
        if (!ServerSetup.registered(context.getConfiguration())) {
            context.register(ServerSetup.class);
        }
    }
}
