package dev.restcompress.server.internal.dictionary;

import dev.restcompress.server.internal.BodyObserver;
import dev.restcompress.annotation.DeltaDictionary;
import dev.restcompress.annotation.Dictionary;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.dictionary.DictionaryCodecs;
import dev.restcompress.config.DictionarySettings;
import dev.restcompress.dictionary.CompressionDictionary;
import dev.restcompress.dictionary.DictionaryHeaders;
import dev.restcompress.dictionary.DictionaryStore;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The dictionaries of one application (RFC 9842): the static ones named by {@link Dictionary}
 * annotations, loaded once at deployment and served by {@link DictionaryEndpointFilter}; the store of
 * previous versions of {@link DeltaDictionary} resources; and the {@code dcz}/{@code dcb} codecs of
 * each, created once per dictionary (they hold prepared native dictionaries). Thread-safe.
 */
public final class DictionarySupport {
    private static final System.Logger LOG = System.getLogger(DictionarySupport.class.getName());
    /** Prepared codecs of delta versions kept at once: each holds native tables of its version's size. */
    private static final int DELTA_CODEC_CACHE = 16;

    private final DictionarySettings settings;
    private final List<String> codings;
    private final Map<String, Served> byName = new ConcurrentHashMap<>();
    private final DictionaryStore deltaVersions;
    private final Map<String, DictionaryCodecSet> deltaCodecs = new LinkedHashMap<>(16, 0.75f, true);

    /** A static dictionary with its codecs. */
    record Served(CompressionDictionary dictionary, DictionaryCodecSet codecs) {
    }

    public DictionarySupport(DictionarySettings settings) {
        this.settings = settings;
        List<String> c = new ArrayList<>();
        for (String coding : settings.preference()) { // the first wins a tie of the client's weights
            if (DictionaryCodecs.available(coding)) {
                c.add(coding);
            }
        }
        this.codings = List.copyOf(c);
        this.deltaVersions = new DictionaryStore(settings.deltaStoreBytes());
    }

    DictionarySettings settings() {
        return settings;
    }

    /** The dictionary codings this process has ({@code dcz} needs zstd-jni, {@code dcb} brotli4j). */
    List<String> codings() {
        return codings;
    }

    /** Whether {@code element} carries a dictionary annotation (they imply {@code @Compress}). */
    static boolean annotated(AnnotatedElement element) {
        return element.isAnnotationPresent(Dictionary.class) || element.isAnnotationPresent(DeltaDictionary.class);
    }

    /**
     * The dictionaries of one resource method (method annotations replace class ones), loading a
     * static dictionary the first time its name is seen; {@code null} when it has none.
     *
     * @throws IllegalStateException naming the method when a dictionary is missing or invalid, or one
     *         name is given two different files
     */
    public MethodDictionaries forMethod(Class<?> resourceClass, Method method,
            Function<String, BodyObserver.Encode> observers) {
        AnnotatedElement source = annotated(method) ? method
                : resourceClass != null && annotated(resourceClass) ? resourceClass : null;
        if (source == null) {
            return null;
        }
        if (codings.isEmpty()) {
            LOG.log(System.Logger.Level.WARNING, "rest-compress: " + method + " asks for a shared dictionary, but"
                    + " neither zstd-jni (dcz) nor brotli4j (dcb) is present: it gets ordinary codings only");
            return null;
        }
        Served served = null;
        Dictionary d = source.getAnnotation(Dictionary.class);
        if (d != null) {
            served = load(d, method);
        }
        DeltaDictionary delta = source.getAnnotation(DeltaDictionary.class);
        return new MethodDictionaries(this, served, delta, method.getDeclaringClass().getName() + "#" + method.getName(),
                observers);
    }

    private Served load(Dictionary d, Method method) {
        if (!d.name().matches("[A-Za-z0-9._-]+")) {
            throw new IllegalStateException("rest-compress: @Dictionary(name=\"" + d.name() + "\") on " + method
                    + ": a name takes letters, digits, '.', '_' and '-' only");
        }
        CompressionDictionary dictionary;
        try {
            ClassLoader loader = method.getDeclaringClass().getClassLoader();
            dictionary = CompressionDictionary.fromResource(d.name(), loader, d.resource(), d.match(), d.id());
        } catch (RuntimeException e) {
            throw new IllegalStateException("rest-compress: @Dictionary on " + method + ": " + e.getMessage(), e);
        }
        Served fresh = byName.computeIfAbsent(d.name(), n -> {
            LOG.log(System.Logger.Level.INFO, "rest-compress: serving " + dictionary + " at " + settings.path() + "/"
                    + n + " with " + String.join(", ", codings));
            return new Served(dictionary, new DictionaryCodecSet(dictionary, codings, settings, true).prepared());
        });
        if (!fresh.dictionary().hasHash(dictionary.sha256()) || !fresh.dictionary().match().equals(d.match())) {
            throw new IllegalStateException("rest-compress: @Dictionary(name=\"" + d.name() + "\") on " + method
                    + " differs from another dictionary of that name (" + fresh.dictionary() + ")");
        }
        return fresh;
    }

    /** The static dictionary served under {@code name}, or {@code null}. */
    Served byName(String name) {
        return byName.get(name);
    }

    /** Keeps a new version of a delta resource (owner: the method's key). */
    void keepVersion(CompressionDictionary version) {
        deltaVersions.put(version);
    }

    /** The codecs of the kept delta version with this hash, owned by {@code owner}; {@code null} when not held. */
    DictionaryCodecSet deltaCodecs(byte[] hash, String owner) {
        CompressionDictionary version = deltaVersions.get(hash);
        if (version == null || !version.name().equals(owner)) {
            return null;
        }
        String key = version.hashHex();
        synchronized (deltaCodecs) {
            DictionaryCodecSet set = deltaCodecs.get(key);
            if (set == null) {
                set = new DictionaryCodecSet(version, codings, settings, false);
                deltaCodecs.put(key, set);
                if (deltaCodecs.size() > DELTA_CODEC_CACHE) {
                    deltaCodecs.remove(deltaCodecs.keySet().iterator().next());
                }
            }
            return set;
        }
    }

    /** The dcz and dcb codecs of one dictionary, each created on first use. Thread-safe. */
    static final class DictionaryCodecSet {
        final CompressionDictionary dictionary;
        private final DictionarySettings settings;
        private final List<String> codings;
        private final Map<String, Codec> codecs = new ConcurrentHashMap<>();
        private final boolean pooled;

        DictionaryCodecSet(CompressionDictionary dictionary, List<String> codings, DictionarySettings settings,
                boolean pooled) {
            this.dictionary = dictionary;
            this.pooled = pooled;
            this.settings = settings;
            this.codings = codings;
        }

        /** The codec of {@code coding}, or {@code null} when this process does not have that coding. */
        Codec codec(String coding) {
            if (!codings.contains(coding)) {
                return null;
            }
            return codecs.computeIfAbsent(coding, c -> {
                int level = c.equals(DictionaryHeaders.DCZ) ? settings.dczLevel() : settings.dcbLevel();
                // Static dictionaries live as long as the application: pooled. Delta versions come and go.
                return pooled ? DictionaryCodecs.create(c, dictionary, level)
                        : DictionaryCodecs.createUnpooled(c, dictionary, level);
            });
        }

        /** Creates every codec now: static dictionaries fail at deployment, not on the first request. */
        DictionaryCodecSet prepared() {
            codings.forEach(this::codec);
            return this;
        }
    }
}
