package dev.restcompress.server;

import dev.restcompress.annotation.Coding;
import dev.restcompress.annotation.Compress;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.CodingProvider;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.negotiation.CodingTokens;
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
final class MethodPolicyResolver {
    private final AnnotatedLevels annotatedLevels;
    private final CompressionSettings settings;
    private final CodecRegistry registry;
    private final int maxDeclaredLength;

    MethodPolicyResolver(CompressionSettings settings, CodecRegistry registry, int maxDeclaredLength) {
        this.settings = settings;
        this.registry = registry;
        this.maxDeclaredLength = maxDeclaredLength;
        this.annotatedLevels = new AnnotatedLevels(settings);
    }

    /** The policy of {@code method} on {@code resourceClass}, or {@code null} when it offers no coding. */
    MethodPolicy resolve(Class<?> resourceClass, Method method) {
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
        for (String c : codings) {
            codecs.put(c, registry.forCoding(c));
        }
        annotatedLevels.apply(codecs, source, method);
        int threshold = compress == null || compress.threshold() == -1
                ? settings.threshold() : nonNegative("threshold", compress.threshold(), method);
        int oneShotLimit = compress == null || compress.oneShotLimit() == -1
                ? settings.oneShotLimit() : nonNegative("oneShotLimit", compress.oneShotLimit(), method);
        return new MethodPolicy(codings, codecs, threshold, oneShotLimit, maxDeclaredLength);
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
     * replace class annotations); {@code null} when neither has any. Also read by {@link AdaptivePlans}.
     */
    static AnnotatedElement annotationSource(Class<?> resourceClass, Method method) {
        return hasOurAnnotations(method) ? method
                : resourceClass != null && hasOurAnnotations(resourceClass) ? resourceClass : null;
    }

    private static boolean hasOurAnnotations(AnnotatedElement e) {
        if (e.isAnnotationPresent(Compress.class) || DictionarySupport.annotated(e)) {
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
