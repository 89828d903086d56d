package dev.restcompress.server.internal;

import dev.restcompress.server.internal.breach.BreachPolicy;
import dev.restcompress.codec.Codec;
import java.util.List;
import java.util.Map;

/**
 * What one resource method offers, resolved once at deployment from its annotations and the global
 * settings ({@link MethodPolicyResolver}): the codings in preference order with their codecs and
 * one-shot levels, the size threshold, the one-shot limit, whether adaptive levels may step it down,
 * and the key its bodies are counted under. Everything later (plans, adaptive ladders, statistics)
 * is built from this value, never from the annotations again. Immutable.
 *
 * @param method the key bodies are counted under: {@code SimpleClassName#method} ({@code ""} when none)
 * @param levels per coding, its one-shot level (the annotated one, else the configured one; 0 for
 *        codings without levels)
 * @param adaptive whether adaptive levels apply ({@code @Compress(adaptive = false)} turns them off)
 * @param caching what {@code @CacheEncoded} or {@code rest-compress.cache=all} asks; {@code null} when the
 *        method does not cache
 * @param variants the method's cache, bound at deployment ({@link #withVariants}); {@link EncodedVariants#NONE}
 *        until then, and for methods that do not cache
 * @param breach the method's BREACH protection ({@code @CarriesSecrets}, {@code rest-compress.breach.*})
 */
public record MethodPolicy(String method, List<String> codings, Map<String, Codec> codecs, Map<String, Integer> levels,
        int threshold, int oneShotLimit, int maxDeclaredLength, boolean adaptive, EncodedVariants.Rules caching,
        EncodedVariants variants, BreachPolicy breach) {

    public MethodPolicy {
        codings = List.copyOf(codings);
        codecs = Map.copyOf(codecs);
        levels = Map.copyOf(levels);
        breach = breach == null ? BreachPolicy.NONE : breach;
        if (threshold < 0) {
            throw new IllegalArgumentException("threshold must be >= 0, was " + threshold);
        }
        if (oneShotLimit < 0) {
            throw new IllegalArgumentException("oneShotLimit must be >= 0, was " + oneShotLimit);
        }
        variants = variants == null ? EncodedVariants.NONE : variants;
    }

    /** A policy whose method does not cache and carries no secrets. */
    public MethodPolicy(String method, List<String> codings, Map<String, Codec> codecs, Map<String, Integer> levels,
            int threshold, int oneShotLimit, int maxDeclaredLength, boolean adaptive) {
        this(method, codings, codecs, levels, threshold, oneShotLimit, maxDeclaredLength, adaptive, BreachPolicy.NONE);
    }

    /** A policy whose method does not cache, protected by {@code breach}. */
    public MethodPolicy(String method, List<String> codings, Map<String, Codec> codecs, Map<String, Integer> levels,
            int threshold, int oneShotLimit, int maxDeclaredLength, boolean adaptive, BreachPolicy breach) {
        this(method, codings, codecs, levels, threshold, oneShotLimit, maxDeclaredLength, adaptive, null,
                EncodedVariants.NONE, breach);
    }

    /** This policy with its plans looking up {@code cache} (the binder's, at deployment). */
    public MethodPolicy withVariants(EncodedVariants cache) {
        return new MethodPolicy(method, codings, codecs, levels, threshold, oneShotLimit, maxDeclaredLength, adaptive,
                caching, cache, breach);
    }

    /** A policy without a method key, levels or adaptation (tests and fixed plans). */
    public MethodPolicy(List<String> codings, Map<String, Codec> codecs, int threshold, int oneShotLimit,
            int maxDeclaredLength) {
        this("", codings, codecs, Map.of(), threshold, oneShotLimit, maxDeclaredLength, false,
                BreachPolicy.NONE);
    }

    public Codec codec(String coding) {
        return codecs.get(coding);
    }

    /** The one-shot level of {@code coding} for this method (0 when unknown or without levels). */
    public int level(String coding) {
        return levels.getOrDefault(coding, 0);
    }

    /**
     * Every plan a response of this method can get, built once: per coding, indexed by
     * {@link #planIndex}, reported to {@code observer}. Plans are immutable, so responses share them.
     */
    public Map<String, EncodingPlan[]> plans(BodyObserver.Encode observer) {
        Map<String, EncodingPlan[]> out = new java.util.HashMap<>();
        for (String coding : codings) {
            out.put(coding, plans(codec(coding), observer));
        }
        return Map.copyOf(out);
    }

    /** The four plans of one codec ({@link #planIndex}), reported to {@code observer}. */
    public EncodingPlan[] plans(Codec codec, BodyObserver.Encode observer) {
        EncodingPlan[] p = new EncodingPlan[4];
        for (int i = 0; i < 4; i++) {
            p[i] = new EncodingPlan(codec, (i & 1) != 0, threshold, oneShotLimit, maxDeclaredLength, (i & 2) != 0,
                    observer, variants);
        }
        return p;
    }

    public static int planIndex(boolean identityAcceptable, boolean honorFlush) {
        return (identityAcceptable ? 1 : 0) | (honorFlush ? 2 : 0);
    }
}
