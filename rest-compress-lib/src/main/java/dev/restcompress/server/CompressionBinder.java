package dev.restcompress.server;

import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.io.BufferPool;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import java.lang.reflect.Method;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Binds the filters and interceptors to each annotated resource method, with that method's policy
 * resolved once, here, at deployment. Methods without rest-compress annotations get nothing.
 *
 * <p>One binder serves one application: it lives in the application's configuration under
 * {@link #PROPERTY}, where both {@link RestCompressFeature} and {@link RestCompressDynamicFeature}
 * find it ({@link #of}). A runtime may apply both (RESTEasy when it discovers both classes), so each
 * resource method is bound at most once. Thread-safe.
 */
final class CompressionBinder implements DynamicFeature {
    /** The configuration property that holds the application's binder. */
    static final String PROPERTY = "dev.restcompress.server.CompressionBinder";
    private static final System.Logger LOG = System.getLogger(RestCompressFeature.class.getName());

    private final CodecRegistry registry;
    private final MethodPolicyResolver resolver;
    private final ResponseEncodingInterceptor encoder;
    private final RequestDecodingInterceptor decoder;
    private final Set<Target> bound = ConcurrentHashMap.newKeySet();

    CompressionBinder(CompressionSettings settings, CodecRegistry registry, BufferPool pool, int maxDeclaredLength) {
        this.registry = registry;
        this.resolver = new MethodPolicyResolver(settings, registry, maxDeclaredLength);
        this.encoder = new ResponseEncodingInterceptor(pool);
        this.decoder = new RequestDecodingInterceptor(registry, settings.maxDecodedSize());
    }

    /**
     * The binder of the application that {@code context} configures: the one already stored under
     * {@link #PROPERTY}, else a new one built from the configuration (logging the start-up line) and
     * stored there.
     */
    static CompressionBinder of(FeatureContext context) {
        if (context.getConfiguration().getProperty(PROPERTY) instanceof CompressionBinder existing) {
            return existing;
        }
        CompressionSettings settings = CompressionSettings.from(context.getConfiguration()::getProperty);
        CodecRegistry registry = settings.createRegistry();
        LOG.log(System.Logger.Level.INFO, "rest-compress server: codings {0} (gzip engine: {1}); {2}",
                String.join(", ", settings.inPreferenceOrder(registry.codings())), registry.gzipEngine(), settings);
        CompressionBinder binder = new CompressionBinder(settings, registry, BufferPool.shared(),
                RuntimeFraming.maxDeclaredLength(context.getConfiguration()));
        context.property(PROPERTY, binder);
        return binder;
    }

    CodecRegistry registry() {
        return registry;
    }

    @Override
    public void configure(ResourceInfo resourceInfo, FeatureContext context) {
        Class<?> type = resourceInfo.getResourceClass();
        Method method = resourceInfo.getResourceMethod();
        MethodPolicy policy = resolver.resolve(type, method);
        if (policy == null || !bound.add(new Target(type, method))) {
            return;
        }
        context.register(new NegotiationFilter(policy), Priorities.HEADER_DECORATOR);
        context.register(encoder, Priorities.ENTITY_CODER);
        context.register(decoder, Priorities.ENTITY_CODER);
    }

    /** A resource method as deployed on one resource class (an inherited method can serve several). */
    private record Target(Class<?> type, Method method) {
    }
}
