package dev.restcompress.server;

import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.adaptive.PressureMonitor;
import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.io.BufferPool;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;

/**
 * Binds the filters and interceptors to each annotated resource method, with that method's policy
 * resolved once, here, at deployment. Methods without rest-compress annotations get nothing.
 *
 * <p>One binder serves one application: it lives in the application's configuration under
 * {@link #PROPERTY}, where both {@link RestCompressFeature} and {@link RestCompressDynamicFeature}
 * find it ({@link #of}). A runtime may apply both to one method (RESTEasy when it discovers both
 * classes); the second finds the method's filter registered and does nothing. (Keying on the method
 * instead would be wrong: Quarkus REST runs its dynamic features more than once per method, each time
 * into a fresh context.) Thread-safe.
 */
final class CompressionBinder implements DynamicFeature {
    /** The configuration property that holds the application's binder. */
    static final String PROPERTY = "dev.restcompress.server.CompressionBinder";
    private static final System.Logger LOG = System.getLogger(RestCompressFeature.class.getName());

    private final CodecRegistry registry;
    private final MethodPolicyResolver resolver;
    private final ResponseEncodingInterceptor encoder;
    private final RequestDecodingInterceptor decoder;
    private final RequestBodies requestBodies = new RequestBodies();
    private final boolean quarkusRest = QuarkusRestSupport.detected();
    private final CompressionSettings settings;
    private final AdaptiveSettings adaptiveSettings;
    private final PressureMonitor monitor;
    private final CompressionStatistics statistics;
    private final LadderCodecs ladderCodecs;
    private volatile boolean applied;

    CompressionBinder(CompressionSettings settings, CodecRegistry registry, BufferPool pool, int maxDeclaredLength) {
        this(settings, AdaptiveSettings.from(null), registry, pool, maxDeclaredLength);
    }

    CompressionBinder(CompressionSettings settings, AdaptiveSettings adaptive, CodecRegistry registry, BufferPool pool,
            int maxDeclaredLength) {
        this.registry = registry;
        this.settings = settings;
        this.adaptiveSettings = adaptive;
        this.monitor = adaptive.enabled() ? new PressureMonitor(adaptive, PressureMonitor.sourceFor(adaptive)) : null;
        this.statistics = new CompressionStatistics(adaptive.statistics(), monitor);
        this.ladderCodecs = new LadderCodecs(settings, registry);
        this.resolver = new MethodPolicyResolver(settings, registry, maxDeclaredLength);
        this.encoder = new ResponseEncodingInterceptor(pool, registry.streams());
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
        AdaptiveSettings adaptive = AdaptiveSettings.from(context.getConfiguration()::getProperty);
        CodecRegistry registry = settings.createRegistry();
        CompressionSettings.warnAboutUnknownKeys(context.getConfiguration().getPropertyNames());
        LOG.log(System.Logger.Level.INFO, "rest-compress server: codings {0}; {1}; {2}",
                CodingDescriptions.of(settings.inPreferenceOrder(registry.codings())), settings, adaptive);
        CompressionBinder binder = new CompressionBinder(settings, adaptive, registry, BufferPool.shared(),
                RuntimeFraming.maxDeclaredLength(context.getConfiguration()));
        context.property(PROPERTY, binder);
        context.property(CompressionStatistics.PROPERTY, binder.statistics);
        return binder;
    }

    CodecRegistry registry() {
        return registry;
    }

    CompressionStatistics statistics() {
        return statistics;
    }

    /** Whether the runtime has applied this binder to any resource method (annotated or not). */
    boolean applied() {
        return applied;
    }

    /** Whether this is Quarkus REST, where only a discovered dynamic feature applies the binder. */
    boolean quarkusRest() {
        return quarkusRest;
    }

    @Override
    public void configure(ResourceInfo resourceInfo, FeatureContext context) {
        applied = true;
        if (context.getConfiguration().isRegistered(NegotiationFilter.class)) {
            return;
        }
        MethodPolicy policy = resolver.resolve(resourceInfo.getResourceClass(), resourceInfo.getResourceMethod());
        if (policy == null) {
            return;
        }
        AdaptivePlans plans = new AdaptivePlans(resourceInfo.getResourceClass(), resourceInfo.getResourceMethod(), policy,
                settings, ladderCodecs, monitor, adaptiveSettings.identity(),
                adaptiveSettings.statistics() ? statistics : null);
        statistics.register(plans.method(), plans);
        DecodeObservation decoding = new DecodeObservation(plans.method(),
                adaptiveSettings.statistics() ? statistics : null, monitor);
        context.register(new NegotiationFilter(policy, plans, decoding), Priorities.HEADER_DECORATOR);
        if (quarkusRest) {
            // Response filters run in descending priority: the hop runs after NegotiationFilter planned.
            context.register(new QuarkusRestSupport.WorkerHop(), Priorities.HEADER_DECORATOR - 100);
            context.register(new QuarkusRestSupport.HeaderBridge(), Priorities.ENTITY_CODER - 1);
        }
        context.register(encoder, Priorities.ENTITY_CODER);
        context.register(decoder, Priorities.ENTITY_CODER);
        if (RequestBodies.takesEntity(resourceInfo.getResourceMethod())) {
            // Outermost writer interceptor, so it closes the request body after every other one is done.
            context.register(requestBodies, Priorities.AUTHENTICATION);
        }
    }
}
