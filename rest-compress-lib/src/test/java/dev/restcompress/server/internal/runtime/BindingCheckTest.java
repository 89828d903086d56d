package dev.restcompress.server.internal.runtime;

import dev.restcompress.server.RestCompressDynamicFeature;
import dev.restcompress.server.RestCompressFeature;
import dev.restcompress.server.internal.NegotiationFilter;
import dev.restcompress.server.internal.ServerPartsTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.config.CompressionSettings;
import dev.restcompress.io.BufferPool;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.FeatureContext;
import java.lang.reflect.Proxy;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link BindingCheck}: one warning, with the first request, only when the binder was never applied. */
class BindingCheckTest {
    static CompressionBinder binder() {
        CompressionSettings settings = CompressionSettings.from(Map.<String, Object>of()::get);
        return new CompressionBinder(settings, settings.createRegistry(), new BufferPool(1 << 16, 1), Integer.MAX_VALUE);
    }

    /** What a runtime does when it applies the binder to one method (already bound: nothing to add). */
    static void applyTo(CompressionBinder binder) {
        Configuration config = (Configuration) Proxy.newProxyInstance(BindingCheckTest.class.getClassLoader(),
                new Class<?>[] {Configuration.class}, (p, m, a) -> switch (m.getName()) {
                    case "isRegistered" -> NegotiationFilter.class.equals(a[0]);
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        FeatureContext context = (FeatureContext) Proxy.newProxyInstance(BindingCheckTest.class.getClassLoader(),
                new Class<?>[] {FeatureContext.class}, (p, m, a) -> switch (m.getName()) {
                    case "getConfiguration" -> config;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        binder.configure((ResourceInfo) null, context);
    }

    static final ContainerRequestContext REQUEST = (ContainerRequestContext) Proxy.newProxyInstance(
            BindingCheckTest.class.getClassLoader(), new Class<?>[] {ContainerRequestContext.class},
            (p, m, a) -> {
                throw new UnsupportedOperationException("the check needs nothing of the request: " + m.getName());
            });

    @Test
    void aBinderNeverAppliedIsReportedOnceWithTheFirstRequest() {
        BindingCheck check = new BindingCheck(binder());
        try (ServerPartsTest.Recorder log = new ServerPartsTest.Recorder(RestCompressFeature.class.getName())) {
            check.filter(REQUEST);
            check.filter(REQUEST);
            check.filter(REQUEST);
            String line = log.only();
            assertTrue(line.contains("never applied " + RestCompressDynamicFeature.class.getName()), line);
            assertEquals(java.util.logging.Level.WARNING, log.records.get(0).getLevel());
        }
    }

    @Test
    void anAppliedBinderSaysNothing() {
        CompressionBinder binder = binder();
        applyTo(binder);
        assertTrue(binder.applied());
        BindingCheck check = new BindingCheck(binder);
        try (ServerPartsTest.Recorder log = new ServerPartsTest.Recorder(RestCompressFeature.class.getName())) {
            check.filter(REQUEST);
            check.filter(REQUEST);
            assertEquals(0, log.records.size(), "log records");
        }
    }
}
