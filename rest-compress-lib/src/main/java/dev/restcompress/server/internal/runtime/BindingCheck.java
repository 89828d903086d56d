package dev.restcompress.server.internal.runtime;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Says so, once, when the runtime ran {@code RestCompressFeature} but never applied the per-method
 * binding: then no resource method is encoded or decoded, and without this line nothing would show it.
 * The case exists on Quarkus REST, which ignores the binder a feature registers and, when
 * {@code Application.getClasses()} lists classes, applies only the listed providers (so
 * {@code RestCompressDynamicFeature} must be listed too). There is no portable start-up hook after
 * deployment, so the check runs with the first request. Thread-safe.
 */
public final class BindingCheck implements ContainerRequestFilter {
    private static final System.Logger LOG = System.getLogger(ServerSetup.FEATURE);

    private final CompressionBinder binder;
    private final AtomicBoolean checked = new AtomicBoolean();

    public BindingCheck(CompressionBinder binder) {
        this.binder = binder;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        if (!checked.get() && checked.compareAndSet(false, true) && !binder.applied()) {
            LOG.log(System.Logger.Level.WARNING, "rest-compress: the runtime never applied "
                    + ServerSetup.DYNAMIC_FEATURE + ", so no resource method is encoded or decoded;"
                    + " when Application.getClasses() lists classes, list that one too");
        }
    }
}
