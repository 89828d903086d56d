package dev.restcompress.server.internal.runtime;

import dev.restcompress.server.RestCompressDynamicFeature;
import dev.restcompress.server.RestCompressFeature;
import dev.restcompress.server.internal.DecodingErrors.DecompressionExceptionMapper;
import dev.restcompress.server.internal.NegotiationFilter;
import dev.restcompress.server.internal.DecodingErrors.RejectedBodyMapper;
import dev.restcompress.server.internal.RequestBodies;
import dev.restcompress.server.internal.RequestDecodingInterceptor;
import dev.restcompress.server.internal.ResponseEncodingInterceptor;
import dev.restcompress.server.internal.ServerPartsTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.restcompress.annotation.Compress;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.io.BufferPool;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.RuntimeDelegate;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.resteasy.reactive.common.jaxrs.RuntimeDelegateImpl;
import org.junit.jupiter.api.Test;

/**
 * What {@link CompressionBinder} binds to one resource method, at which priority, on which runtime; one
 * binder per application, found by both features; the features' registrations.
 */
class CompressionBinderTest {
    @SuppressWarnings("unused")
    static class Resource {
        @Compress public String get() {
            return "";
        }

        @Compress public String post(InputStream body) {
            return "";
        }

        public String plain() {
            return "";
        }
    }

    static CompressionBinder binder() {
        CompressionSettings settings = CompressionSettings.from(Map.<String, Object>of()::get);
        return new CompressionBinder(settings, settings.createRegistry(), new BufferPool(1 << 16, 1), Integer.MAX_VALUE);
    }

    /** Built while Quarkus REST's RuntimeDelegate is the one in place, as on a Quarkus app. */
    static CompressionBinder quarkusBinder() {
        RuntimeDelegate resteasy = RuntimeDelegate.getInstance();
        try {
            RuntimeDelegate.setInstance(new RuntimeDelegateImpl());
            return binder();
        } finally {
            RuntimeDelegate.setInstance(resteasy);
        }
    }

    /** Applies {@code binder} to one method of {@link Resource}; returns class name to priority of what it registered. */
    static Map<String, Integer> bind(CompressionBinder binder, String method) throws NoSuchMethodException {
        return bind(binder, method, new LinkedHashMap<>());
    }

    /** The same, into a method context that already holds {@code registered}. */
    static Map<String, Integer> bind(CompressionBinder binder, String method, Map<String, Integer> registered)
            throws NoSuchMethodException {
        Method m = method.equals("post") ? Resource.class.getMethod(method, InputStream.class) : Resource.class.getMethod(method);
        Configuration config = (Configuration) Proxy.newProxyInstance(getLoader(), new Class<?>[] {Configuration.class},
                (p, x, a) -> switch (x.getName()) {
                    case "isRegistered" -> registered.containsKey(((Class<?>) a[0]).getSimpleName());
                    default -> throw new UnsupportedOperationException(x.getName());
                });
        FeatureContext context = (FeatureContext) Proxy.newProxyInstance(getLoader(), new Class<?>[] {FeatureContext.class},
                (p, x, a) -> switch (x.getName()) {
                    case "getConfiguration" -> config;
                    case "register" -> {
                        if (registered.put(a[0].getClass().getSimpleName(), (Integer) a[1]) != null) {
                            throw new AssertionError(a[0].getClass().getSimpleName() + " registered twice for one method");
                        }
                        yield p;
                    }
                    default -> throw new UnsupportedOperationException(x.getName());
                });
        ResourceInfo info = (ResourceInfo) Proxy.newProxyInstance(getLoader(), new Class<?>[] {ResourceInfo.class},
                (p, x, a) -> switch (x.getName()) {
                    case "getResourceClass" -> Resource.class;
                    case "getResourceMethod" -> m;
                    default -> throw new UnsupportedOperationException(x.getName());
                });
        binder.configure(info, context);
        return registered;
    }

    static ClassLoader getLoader() {
        return CompressionBinderTest.class.getClassLoader();
    }

    @Test
    void anAnnotatedMethodGetsTheFilterAndBothInterceptors() throws NoSuchMethodException {
        CompressionBinder binder = binder();
        assertFalse(binder.quarkusRest(), "the lib tests run on RESTEasy");
        assertEquals(Map.of(
                "NegotiationFilter", Priorities.HEADER_DECORATOR,
                "ResponseEncodingInterceptor", Priorities.ENTITY_CODER,
                "RequestDecodingInterceptor", Priorities.ENTITY_CODER), bind(binder, "get"));
        assertTrue(binder.applied());
    }

    @Test
    void aMethodThatTakesAnEntityAlsoGetsTheBodyCloserOutermost() throws NoSuchMethodException {
        assertEquals(Map.of(
                "NegotiationFilter", Priorities.HEADER_DECORATOR,
                "ResponseEncodingInterceptor", Priorities.ENTITY_CODER,
                "RequestDecodingInterceptor", Priorities.ENTITY_CODER,
                "RequestBodies", Priorities.AUTHENTICATION), bind(binder(), "post"));
    }

    @Test
    void aMethodWithoutAnnotationsGetsNothingButCountsAsApplied() throws NoSuchMethodException {
        CompressionBinder binder = binder();
        assertEquals(Map.of(), bind(binder, "plain"));
        assertTrue(binder.applied(), "the runtime did apply the binder");
    }

    @Test
    void onQuarkusRestTheHopAndTheHeaderBridgeAreBoundToo() throws NoSuchMethodException {
        CompressionBinder binder = quarkusBinder();
        assertTrue(binder.quarkusRest());
        Map<String, Integer> registered = bind(binder, "get");
        assertEquals(Map.of(
                "NegotiationFilter", Priorities.HEADER_DECORATOR,
                "WorkerHop", Priorities.HEADER_DECORATOR - 100,
                "HeaderBridge", Priorities.ENTITY_CODER - 1,
                "ResponseEncodingInterceptor", Priorities.ENTITY_CODER,
                "RequestDecodingInterceptor", Priorities.ENTITY_CODER), registered);
        // Response filters run in descending priority: the hop after the negotiation planned.
        assertTrue(registered.get("WorkerHop") < registered.get("NegotiationFilter"));
    }

    @Test
    void aMethodAlreadyBoundIsNotBoundTwice() throws NoSuchMethodException {
        // RESTEasy may apply both features (two entry points, one binder) to one method.
        Map<String, Integer> registered = bind(binder(), "get");
        CompressionBinder second = binder();
        assertEquals(Map.copyOf(registered), bind(second, "get", new LinkedHashMap<>(registered)));
        assertTrue(second.applied());
    }

    /** An application's configuration as the features see it: properties, and what was registered. */
    static final class App {
        final Map<String, Object> properties = new HashMap<>();
        final List<Object> registered = new ArrayList<>();

        FeatureContext context() {
            Configuration config = (Configuration) Proxy.newProxyInstance(getLoader(), new Class<?>[] {Configuration.class},
                    (p, x, a) -> switch (x.getName()) {
                        case "getProperty" -> properties.get((String) a[0]);
                        case "getPropertyNames" -> properties.keySet();
                        case "isRegistered" -> registered.stream().anyMatch(o -> o.getClass().equals(a[0]));
                        default -> throw new UnsupportedOperationException(x.getName());
                    });
            FeatureContext[] self = new FeatureContext[1];
            self[0] = (FeatureContext) Proxy.newProxyInstance(getLoader(), new Class<?>[] {FeatureContext.class},
                    (p, x, a) -> switch (x.getName()) {
                        case "getConfiguration" -> config;
                        case "property" -> {
                            properties.put((String) a[0], a[1]);
                            yield self[0];
                        }
                        case "register" -> {
                            registered.add(a[0]);
                            yield self[0];
                        }
                        default -> throw new UnsupportedOperationException(x.getName());
                    });
            return self[0];
        }

        boolean registeredA(Class<?> type) {
            return registered.stream().anyMatch(type::isInstance);
        }
    }

    @Test
    void oneBinderPerApplicationKeptInItsConfiguration() {
        App app = new App();
        CompressionBinder first = CompressionBinder.of(app.context());
        assertTrue(first == app.properties.get(CompressionBinder.PROPERTY), "stored under its property");
        assertTrue(first == CompressionBinder.of(app.context()), "found again, not built again");
    }

    @Test
    void anUnknownKeyInTheApplicationsConfigurationIsReportedAtStartUp() {
        App app = new App();
        app.properties.put("rest-compress.treshold", "10");
        try (ServerPartsTest.Recorder log = new ServerPartsTest.Recorder(CompressionSettings.class.getName())) {
            CompressionBinder.of(app.context());
            assertTrue(log.records.stream().anyMatch(r -> r.getMessage().contains("rest-compress.treshold")
                    && r.getMessage().contains("rest-compress.threshold")
                    && r.getLevel() == java.util.logging.Level.WARNING), "the misspelt key and the nearest valid one");
        }
    }

    @Test
    void onQuarkusRestTheFeatureAlsoChecksThatTheBindingWasApplied() {
        App quarkus = new App();
        quarkus.properties.put(CompressionBinder.PROPERTY, quarkusBinder());
        assertTrue(new RestCompressFeature().configure(quarkus.context()));
        assertTrue(quarkus.registeredA(BindingCheck.class), quarkus.registered.toString());

        App resteasy = new App();
        assertTrue(new RestCompressFeature().configure(resteasy.context()));
        assertFalse(resteasy.registeredA(BindingCheck.class), resteasy.registered.toString());
        assertTrue(resteasy.registeredA(CompressionBinder.class) && resteasy.registeredA(RejectedBodyMapper.class)
                && resteasy.registeredA(DecompressionExceptionMapper.class), resteasy.registered.toString());
    }

    @Test
    void theDynamicFeatureAppliesTheApplicationsBinder() throws NoSuchMethodException {
        App app = new App();
        CompressionBinder binder = binder();
        app.properties.put(CompressionBinder.PROPERTY, binder);
        Method get = Resource.class.getMethod("get");
        ResourceInfo info = (ResourceInfo) Proxy.newProxyInstance(getLoader(), new Class<?>[] {ResourceInfo.class},
                (p, x, a) -> switch (x.getName()) {
                    case "getResourceClass" -> Resource.class;
                    case "getResourceMethod" -> get;
                    default -> throw new UnsupportedOperationException(x.getName());
                });
        new RestCompressDynamicFeature().configure(info, app.context());
        assertTrue(binder.applied());
        assertTrue(app.registeredA(NegotiationFilter.class), app.registered.toString());
    }
}
