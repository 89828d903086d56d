package dev.restcompress.server;

import dev.restcompress.annotation.Coding;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodingProvider;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.negotiation.CodingTokens;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;

/**
 * Applies per-method levels at deployment: a coding annotation (one meta-annotated with
 * {@link Coding}) with an {@code int level()} element other than 0, such as
 * {@code @FastGzip(level = 9)} or {@code @Zstd(level = 6)}, replaces the registry's codec in the
 * method's codec map by one at that level from the coding's provider. Codecs of equal level are
 * shared between methods, so each level has one set of pooled native contexts. Only used while
 * resolving policies; synchronized for safety.
 */
final class AnnotatedLevels {
    private final CompressionSettings settings;
    private final Map<String, Codec> byCodingAndLevel = new HashMap<>();

    AnnotatedLevels(CompressionSettings settings) {
        this.settings = settings;
    }

    /**
     * Replaces codecs in {@code codecs} (coding to codec, as resolved for {@code method}) by the
     * annotated level of {@code source}.
     *
     * @throws IllegalArgumentException naming the annotation, method, range and value when a level
     *         is out of range
     */
    synchronized void apply(Map<String, Codec> codecs, AnnotatedElement source, Method method) {
        for (Annotation a : source.getAnnotations()) {
            Coding coding = a.annotationType().getAnnotation(Coding.class);
            int level = coding == null ? 0 : levelOf(a);
            String token = coding == null ? null : CodingTokens.canonical(coding.value());
            if (level == 0 || !codecs.containsKey(token)) {
                continue; // no level asked, or the coding is not offered here (library absent)
            }
            CodingProvider provider = CodingProviders.get(token);
            String what = "@" + a.annotationType().getSimpleName() + "(level) on " + method;
            provider.levels().checkLevel(what + " (0 means the global level)", level);
            if (level != settings.level(token)) {
                codecs.put(token, byCodingAndLevel.computeIfAbsent(token + level,
                        k -> provider.create(level, settings.streamingLevel(token))));
            }
        }
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
}
