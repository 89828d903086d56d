package dev.restcompress.server.internal.runtime;

import dev.restcompress.adaptive.PressureMonitor;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.decoding.ContainerInflation;
import dev.restcompress.io.BufferPool;
import dev.restcompress.server.internal.BodyObserver;
import dev.restcompress.server.internal.LevelCodecs;
import dev.restcompress.server.internal.MethodPolicy;
import dev.restcompress.server.internal.MethodPolicyResolver;
import dev.restcompress.server.internal.NegotiationFilter;
import dev.restcompress.server.internal.RequestBodies;
import dev.restcompress.server.internal.RequestDecodingInterceptor;
import dev.restcompress.decoding.DecoderSlots;
import dev.restcompress.server.internal.ResponseEncodingInterceptor;
import dev.restcompress.server.internal.adaptive.AdaptivePlans;
import dev.restcompress.server.internal.cache.VariantCache;
import dev.restcompress.server.internal.cache.VariantCaches;
import dev.restcompress.server.internal.dictionary.DeltaCapture;
import dev.restcompress.server.internal.dictionary.DictionaryRequestDecoder;
import dev.restcompress.server.internal.dictionary.DictionarySupport;
import dev.restcompress.server.internal.dictionary.MethodDictionaries;
import dev.restcompress.server.internal.observe.Observers;
import dev.restcompress.server.internal.observe.Statistics;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import java.util.concurrent.atomic.LongAdder;

/**
 * Binds the filters and interceptors to each annotated resource method, with that method's policy
 * resolved once, here, at deployment: the composition root, which alone names the data path
 * ({@code server.internal}) and what stands behind its seams (dictionaries, adaptive plans, observers). Methods without rest-compress annotations get nothing, or, with
 * {@code rest-compress.request-decoding=all}, only the request decoding (same limit, errors and stream
 * lifecycle as on annotated methods).
 *
 * <p>One binder serves one application: it lives in the application's configuration under
 * {@link #PROPERTY}, where both {@code RestCompressFeature} and {@code RestCompressDynamicFeature}
 * find it ({@link #of}). A runtime may apply both to one method (RESTEasy when it discovers both
 * classes); the second finds the method's filter registered and does nothing. (Keying on the method
 * instead would be wrong: Quarkus REST runs its dynamic features more than once per method, each time
 * into a fresh context.) Thread-safe.
 */
public final class CompressionBinder implements DynamicFeature {
    /** The configuration property that holds the application's binder. */
    public static final String PROPERTY = "dev.restcompress.server.CompressionBinder";
    private static final System.Logger LOG = System.getLogger(ServerSetup.FEATURE);

    private final CodecRegistry registry;
    private final MethodPolicyResolver resolver;
    private final ResponseEncodingInterceptor encoder;
    private final RequestBodies requestBodies = new RequestBodies();
    private final DictionarySupport dictionaries;
    private final DeltaCapture deltaCapture = new DeltaCapture();
    private final long maxDecodedSize;
    /** The one bound on live streaming request decoders, shared by every method of the application. */
    private final DecoderSlots decoderSlots;
    /**
     * What the container does to request bodies before the library sees them (Open Liberty's gzip, Vert.x's
     * unmarked inflation); set once by {@link #create} before any binding.
     */
    private volatile ContainerInflation inflation = ContainerInflation.NONE;
    private final boolean quarkusRest = QuarkusRestSupport.detected();
    private final boolean decodeAllRequests;
    private final CompressionSettings settings;
    private final AdaptiveSettings adaptiveSettings;
    private final PressureMonitor monitor;
    private final Statistics statistics;
    private final Observers observers;
    private final LevelCodecs levelCodecs;
    private volatile boolean applied;
    /** The container's own compression found at start-up; set once by {@link #create} before any binding. */
    private volatile ContainerCompression container = ContainerCompression.NONE;
    /** The cache of encoded variants, made for the first method that caches; see {@link #cache}. */
    private VariantCache cache; // guarded by this
    private boolean cacheTried; // guarded by this
    private volatile boolean dictionaryEndpoint;
    private volatile boolean dictionaryEndpointWarned;

    public CompressionBinder(CompressionSettings settings, CodecRegistry registry, BufferPool pool, int maxDeclaredLength) {
        this(settings, AdaptiveSettings.from(null), registry, pool, maxDeclaredLength);
    }

    public CompressionBinder(CompressionSettings settings, AdaptiveSettings adaptive, CodecRegistry registry, BufferPool pool,
            int maxDeclaredLength) {
        this.registry = registry;
        this.settings = settings;
        this.adaptiveSettings = adaptive;
        this.monitor = adaptive.enabled() ? new PressureMonitor(adaptive, PressureMonitor.sourceFor(adaptive)) : null;
        this.statistics = new Statistics(adaptive.statistics(), monitor);
        this.observers = new Observers(statistics, adaptive.statistics(), monitor);
        this.levelCodecs = new LevelCodecs(settings, registry);
        this.resolver = new MethodPolicyResolver(settings, registry, maxDeclaredLength, levelCodecs);
        this.encoder = new ResponseEncodingInterceptor(pool, registry.streams());
        this.decodeAllRequests = settings.decodeAllRequests();
        this.dictionaries = new DictionarySupport(settings.dictionaries());
        this.maxDecodedSize = settings.maxDecodedSize();
        this.decoderSlots = new DecoderSlots(settings.maxLiveDecoders());
    }

    /** The application's shared dictionaries (RFC 9842). */
    public DictionarySupport dictionaries() {
        return dictionaries;
    }

    /** Called by {@link ServerSetup} once it registered the endpoint that serves static dictionaries. */
    public void dictionaryEndpointRegistered() {
        dictionaryEndpoint = true;
    }

    /**
     * The binder of the application that {@code context} configures: the one already stored under
     * {@link #PROPERTY}, else the one of the application's {@link BinderSlot} (built there the first
     * time), else a new one built from the configuration (logging the start-up line) and stored there.
     */
    public static CompressionBinder of(FeatureContext context) {
        CompressionBinder shared = shared(context);
        return shared != null ? shared : create(context);
    }

    /**
     * The binder the configuration of {@code context} holds ({@link #PROPERTY}, or its
     * {@link BinderSlot}, built there the first time); {@code null} when it holds neither.
     */
    public static CompressionBinder shared(FeatureContext context) {
        if (context.getConfiguration().getProperty(PROPERTY) instanceof CompressionBinder existing) {
            return existing;
        }
        if (context.getConfiguration().getProperty(BinderSlot.PROPERTY) instanceof BinderSlot slot) {
            return slot.binder(() -> create(context));
        }
        return null;
    }

    /** A new binder built from the configuration of {@code context} (logging the start-up line), stored there. */
    private static CompressionBinder create(FeatureContext context) {
        // The application's properties first, then MicroProfile Config (Quarkus' application.properties),
        // then system properties.
        java.util.function.Function<String, Object> lookup = key -> {
            Object v = context.getConfiguration().getProperty(key);
            return v != null ? v : MicroProfileConfigSource.value(key);
        };
        CompressionSettings settings = CompressionSettings.from(lookup);
        AdaptiveSettings adaptive = AdaptiveSettings.from(lookup);
        CodecRegistry registry = settings.createRegistry();
        java.util.List<String> names = new java.util.ArrayList<>(context.getConfiguration().getPropertyNames());
        names.addAll(MicroProfileConfigSource.names());
        CompressionSettings.warnAboutUnknownKeys(names);
        HelidonCodedBodies.check(lookup);
        LOG.log(System.Logger.Level.INFO, "rest-compress server: codings {0}; {1}; {2}",
                CodingDescriptions.of(settings.inPreferenceOrder(registry.codings())), settings, adaptive);
        CompressionBinder binder = new CompressionBinder(settings, adaptive, registry, BufferPool.shared(),
                RuntimeFraming.maxDeclaredLength(context.getConfiguration()));
        binder.container = ContainerCompression.detect(binder.quarkusRest, lookup);
        binder.inflation = ContainerInflation.detect().alsoUnmarked(binder.container.inflatesUnmarked());
        if (binder.container.describe() != null) {
            LOG.log(System.Logger.Level.INFO, binder.container.describe());
        }
        if (binder.inflation.detected()) {
            LOG.log(System.Logger.Level.INFO, "rest-compress server: {0}", binder.inflation.describe(binder.maxDecodedSize));
        }
        context.property(PROPERTY, binder);
        context.property(Statistics.PROPERTY, binder.statistics);
        return binder;
    }

    public CodecRegistry registry() {
        return registry;
    }

    /** The application's bound on live streaming request decoders ({@code rest-compress.max-live-decoders}). */
    public DecoderSlots decoderSlots() {
        return decoderSlots;
    }

    /** The application's statistics (the store {@code CompressionStatistics} shows). */
    public Statistics statistics() {
        return statistics;
    }

    /** Whether the runtime has applied this binder to any resource method (annotated or not). */
    public boolean applied() {
        return applied;
    }

    /** Whether this is Quarkus REST, where only a discovered dynamic feature applies the binder. */
    public boolean quarkusRest() {
        return quarkusRest;
    }

    @Override
    public void configure(ResourceInfo resourceInfo, FeatureContext context) {
        applied = true;
        if (context.getConfiguration().isRegistered(NegotiationFilter.class)
                || context.getConfiguration().isRegistered(RequestDecodingInterceptor.class)) {
            return; // bound already, by the other of the two features
        }
        MethodPolicy policy = resolver.resolve(resourceInfo.getResourceClass(), resourceInfo.getResourceMethod());
        if (policy != null && policy.caching() != null) {
            VariantCache c = cache(resourceInfo.getResourceMethod().toString());
            if (c != null) {
                policy = policy.withVariants(c.forMethod(policy.method(), policy.caching()));
            }
        }
        // Only a method with an entity parameter can be handed a decoded body: the others get no observer.
        BodyObserver.Decode decoding = RequestBodies.takesEntity(resourceInfo.getResourceMethod())
                ? observers.decode(MethodPolicyResolver.methodKey(resourceInfo.getResourceClass(),
                        resourceInfo.getResourceMethod()))
                : null;
        if (policy == null) {
            if (decodeAllRequests) {
                bindRequestDecoding(resourceInfo, context, decoding);
            }
            return;
        }
        String method = policy.method();
        MethodDictionaries methodDictionaries = dictionaries.forMethod(resourceInfo.getResourceClass(),
                resourceInfo.getResourceMethod(), coding -> observers.encode(method, coding, 0, 0));
        AdaptivePlans plans = new AdaptivePlans(policy, levelCodecs, monitor, adaptiveSettings.identity(),
                (coding, level, step) -> observers.encode(method, coding, level, step), costs(observers.costs()));
        statistics.register(method, plans::levelsAt);
        context.register(new NegotiationFilter(policy, plans, methodDictionaries, container.marksIdentity()),
                Priorities.HEADER_DECORATOR);
        if (methodDictionaries != null && methodDictionaries.staticDictionary() != null && !dictionaryEndpoint
                && !dictionaryEndpointWarned) {
            // Only RestCompressDynamicFeature ran (it was listed alone in Application.getClasses(), or
            // the runtime's auto-registration was switched off): a dynamic feature cannot register the
            // pre-matching filter that serves the dictionaries. Delta methods need no endpoint.
            dictionaryEndpointWarned = true;
            LOG.log(System.Logger.Level.WARNING, "rest-compress: {0} has a @Dictionary, but the endpoint that "
                    + "serves it is not registered, so clients cannot fetch it: register "
                    + ServerSetup.FEATURE + " in the application as well", resourceInfo.getResourceMethod());
        }
        if (methodDictionaries != null) {
            // Reader interceptors run in ascending priority: the dictionary decoder before the ordinary one.
            context.register(new DictionaryRequestDecoder(methodDictionaries, registry, maxDecodedSize, decoding,
                    decoderSlots),
                    Priorities.ENTITY_CODER - 10);
            if (methodDictionaries.delta()) {
                // Writer interceptors too: inside the encoder, so it sees the unencoded body.
                context.register(deltaCapture, Priorities.ENTITY_CODER + 10);
            }
        }
        if (quarkusRest) {
            // Response filters run in descending priority: the hop runs after NegotiationFilter planned.
            context.register(new QuarkusRestSupport.WorkerHop(), Priorities.HEADER_DECORATOR - 100);
            context.register(new QuarkusRestSupport.HeaderBridge(), Priorities.ENTITY_CODER - 1);
        }
        context.register(encoder, Priorities.ENTITY_CODER);
        bindRequestDecoding(resourceInfo, context, decoding);
    }

    /**
     * The application's cache of encoded variants, made the first time a method asks for it; {@code null}
     * when Caffeine is absent (said once, naming the first method that asked).
     */
    private synchronized VariantCache cache(String askedBy) {
        if (!cacheTried) {
            cacheTried = true;
            cache = VariantCaches.create(settings.cache(), levelCodecs,
                    monitor == null ? () -> 0 : monitor::currentStep, askedBy);
            if (cache != null) {
                statistics.cacheFrom(cache::totals);
            }
        }
        return cache;
    }

    /** The application's cache of encoded variants, or {@code null} when no method caches (tests). */
    public synchronized VariantCache cache() {
        return cache;
    }

    /** Request decoding for one method, reporting its bodies to {@code decoding} ({@code null}: nowhere). */
    private void bindRequestDecoding(ResourceInfo resourceInfo, FeatureContext context, BodyObserver.Decode decoding) {
        context.register(new RequestDecodingInterceptor(registry, maxDecodedSize, decoding, decoderSlots,
                inflation), Priorities.ENTITY_CODER);
        if (RequestBodies.takesEntity(resourceInfo.getResourceMethod())) {
            // Outermost writer interceptor, so it closes the request body after every other one is done.
            context.register(requestBodies, Priorities.AUTHENTICATION);
        }
    }

    /** The level costs an adaptive ladder reports to, {@code null} when statistics are off. */
    private static AdaptivePlans.Costs costs(Observers.LevelCostsSink sink) {
        return sink == null ? null : new AdaptivePlans.Costs() {
            @Override
            public void transition(String coding, int step, int level, int levelBelow) {
                sink.transition(coding, step, level, levelBelow);
            }

            @Override
            public LongAdder switched() {
                return sink.switched();
            }
        };
    }
}
