package dev.restcompress.server.internal;

import dev.restcompress.server.internal.breach.BreachPolicy;
import dev.restcompress.annotation.CacheEncoded;
import dev.restcompress.annotation.Coding;
import dev.restcompress.annotation.Compress;
import dev.restcompress.annotation.DeltaDictionary;
import dev.restcompress.annotation.Dictionary;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.CodingProvider;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.negotiation.CodingTokens;
import dev.restcompress.config.CacheSettings;
import dev.restcompress.config.CompressionSettings;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a resource method's annotations ({@link Compress}, and annotations meta-annotated with
 * {@link Coding}) plus the global settings into a {@link MethodPolicy}, once per method at
 * deployment. Method annotations replace class annotations. Fails fast, naming the method, on codings
 * the server does not know and on named codings whose library is missing (with the artifact to add).
 * Codecs with the same settings are shared between methods.
 */
public final class MethodPolicyResolver {
    private final LevelCodecs levelCodecs;
    private final CompressionSettings settings;
    private final CodecRegistry registry;
    private final int maxDeclaredLength;

    /** A resolver with codecs of its own (tests). */
    public MethodPolicyResolver(CompressionSettings settings, CodecRegistry registry, int maxDeclaredLength) {
        this(settings, registry, maxDeclaredLength, new LevelCodecs(settings, registry));
    }

    /** @param levelCodecs the application's one codec per coding and level, shared with adaptive levels */
    public MethodPolicyResolver(CompressionSettings settings, CodecRegistry registry, int maxDeclaredLength,
            LevelCodecs levelCodecs) {
        this.settings = settings;
        this.registry = registry;
        this.maxDeclaredLength = maxDeclaredLength;
        this.levelCodecs = levelCodecs;
    }

    /** The policy of {@code method} on {@code resourceClass}, or {@code null} when it offers no coding. */
    public MethodPolicy resolve(Class<?> resourceClass, Method method) {
        AnnotatedElement source = annotationSource(resourceClass, method);
        if (source == null) {
            return null;
        }
        Compress compress = source.getAnnotation(Compress.class);
        List<String> named = new ArrayList<>();
        if (compress != null) {
            for (String c : compress.value()) {
                addCoding(named, CodingTokens.canonical(c), method);
            }
        }
        List<String> stacked = new ArrayList<>();
        for (Annotation a : source.getAnnotations()) {
            Coding coding = a.annotationType().getAnnotation(Coding.class);
            if (coding != null) {
                addCoding(stacked, CodingTokens.canonical(coding.value()), method);
            }
        }
        List<String> codings = new ArrayList<>(named);
        if (named.isEmpty() && stacked.isEmpty()) {
            codings.addAll(settings.inPreferenceOrder(registry.codings()));
        } else {
            for (String c : settings.inPreferenceOrder(stacked)) {
                if (!codings.contains(c)) {
                    codings.add(c);
                }
            }
        }
        Map<String, Codec> codecs = new LinkedHashMap<>();
        Map<String, Integer> levels = new LinkedHashMap<>();
        for (String c : codings) {
            int level = annotatedLevel(source, c, method);
            boolean hasLevels = CodingProviders.get(c).levels().any();
            codecs.put(c, level == 0 ? registry.forCoding(c) : levelCodecs.at(c, level));
            levels.put(c, !hasLevels ? 0 : level != 0 ? level : settings.level(c));
        }
        int threshold = compress == null || compress.threshold() == -1
                ? settings.threshold() : nonNegative("threshold", compress.threshold(), method);
        int oneShotLimit = compress == null || compress.oneShotLimit() == -1
                ? settings.oneShotLimit() : nonNegative("oneShotLimit", compress.oneShotLimit(), method);
        return new MethodPolicy(methodKey(resourceClass, method), codings, codecs, levels, threshold, oneShotLimit,
                maxDeclaredLength, compress == null || compress.adaptive(), caching(resourceClass, method),
                EncodedVariants.NONE, BreachPolicy.of(settings.breach(), BreachPolicy.marked(resourceClass, method)));
    }

    /**
     * What the method asks of the cache of encoded variants: its {@link CacheEncoded} (the method's, else
     * its class's), or the defaults under {@code rest-compress.cache=all}; {@code null} when it does not
     * cache (no annotation under {@code annotated}, or {@code rest-compress.cache=off}).
     */
    EncodedVariants.Rules caching(Class<?> resourceClass, Method method) {
        CacheSettings.Mode mode = settings.cache().mode();
        if (mode == CacheSettings.Mode.OFF) {
            return null;
        }
        CacheEncoded annotation = method.getAnnotation(CacheEncoded.class);
        if (annotation == null) {
            Class<?> c = resourceClass != null ? resourceClass : method.getDeclaringClass();
            annotation = c.getAnnotation(CacheEncoded.class);
        }
        if (annotation != null) {
            return new EncodedVariants.Rules(annotation.upgrade(), annotation.privateResponses());
        }
        return mode == CacheSettings.Mode.ALL ? new EncodedVariants.Rules(true, false) : null;
    }

    /** The key statistics use for a resource method: {@code SimpleClassName#method}. */
    public static String methodKey(Class<?> resourceClass, Method resourceMethod) {
        Class<?> c = resourceClass != null ? resourceClass : resourceMethod.getDeclaringClass();
        return c.getSimpleName() + "#" + resourceMethod.getName();
    }

    /**
     * The level a coding annotation on {@code source} asks for {@code coding} (its {@code int level()}
     * element, as in {@code @FastGzip(level = 9)}), or 0 for the global level.
     *
     * @throws IllegalArgumentException naming the annotation, method, range and value when out of range
     */
    private static int annotatedLevel(AnnotatedElement source, String coding, Method method) {
        int level = 0;
        for (Annotation a : source.getAnnotations()) {
            Coding c = a.annotationType().getAnnotation(Coding.class);
            int l = c == null ? 0 : levelOf(a);
            if (l != 0 && CodingTokens.canonical(c.value()).equals(coding)) {
                String what = "@" + a.annotationType().getSimpleName() + "(level) on " + method;
                CodingProviders.get(coding).levels().checkLevel(what + " (0 means the global level)", l);
                level = l;
            }
        }
        return level;
    }

    /** The annotation's {@code int level()} element, or 0 when it has none. */
    static int levelOf(Annotation a) {
        try {
            Method m = a.annotationType().getMethod("level");
            return m.getReturnType() == int.class ? (int) m.invoke(a) : 0;
        } catch (NoSuchMethodException e) {
            return 0;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + a + ".level()", e);
        }
    }

    private static int nonNegative(String attribute, int value, Method method) {
        if (value < 0) {
            throw new IllegalArgumentException("@Compress(" + attribute + ") on " + method
                    + " must be >= 0 (or -1 for the global setting), was " + value);
        }
        return value;
    }

    /**
     * Where the method's rest-compress annotations are: the method, else its class (method annotations
     * replace class annotations); {@code null} when neither has any.
     */
    public static AnnotatedElement annotationSource(Class<?> resourceClass, Method method) {
        return hasOurAnnotations(method) ? method
                : resourceClass != null && hasOurAnnotations(resourceClass) ? resourceClass : null;
    }

    private static boolean hasOurAnnotations(AnnotatedElement e) {
        if (e.isAnnotationPresent(Compress.class) || e.isAnnotationPresent(Dictionary.class)
                || e.isAnnotationPresent(DeltaDictionary.class)) {
            return true;
        }
        for (Annotation a : e.getAnnotations()) {
            if (a.annotationType().isAnnotationPresent(Coding.class)) {
                return true;
            }
        }
        return false;
    }

    private void addCoding(List<String> list, String coding, Method method) {
        if (registry.forCoding(coding) == null) {
            CodingProvider provider = CodingProviders.find(coding);
            if (provider == null) {
                throw new IllegalStateException("rest-compress: " + method + " asks for coding '" + coding
                        + "', which this server does not have; available: " + registry.codings());
            }
            // Named explicitly but its library is absent: serving without it would silently not compress.
            throw new IllegalStateException("rest-compress: " + method + " asks for coding '" + coding
                    + "', whose library is missing: " + provider.availability().reason()
                    + ". Add it to the application, or drop '" + coding + "' from the annotation"
                    + " (@Compress without names offers whatever is available); available: " + registry.codings());
        }
        if (!list.contains(coding)) {
            list.add(coding);
        }
    }
}
