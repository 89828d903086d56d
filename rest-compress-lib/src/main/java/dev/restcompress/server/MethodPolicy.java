package dev.restcompress.server;

import dev.restcompress.codec.Codec;
import java.util.List;
import java.util.Map;

/**
 * What one resource method offers, resolved once at deployment from its annotations and the global
 * settings: the codings in preference order with their codecs, the size threshold and the one-shot
 * limit. Immutable.
 */
record MethodPolicy(List<String> codings, Map<String, Codec> codecs, int threshold, int oneShotLimit,
        int maxDeclaredLength) {

    MethodPolicy {
        codings = List.copyOf(codings);
        codecs = Map.copyOf(codecs);
        if (threshold < 0) {
            throw new IllegalArgumentException("threshold must be >= 0, was " + threshold);
        }
        if (oneShotLimit < 0) {
            throw new IllegalArgumentException("oneShotLimit must be >= 0, was " + oneShotLimit);
        }
    }

    Codec codec(String coding) {
        return codecs.get(coding);
    }

    /**
     * Every plan a response of this method can get, built once: per coding, indexed by
     * {@link #planIndex}. Plans are immutable, so responses share them.
     */
    Map<String, EncodingPlan[]> plans() {
        Map<String, EncodingPlan[]> out = new java.util.HashMap<>();
        for (String coding : codings) {
            EncodingPlan[] p = new EncodingPlan[4];
            for (int i = 0; i < 4; i++) {
                p[i] = new EncodingPlan(codec(coding), (i & 1) != 0, threshold, oneShotLimit, maxDeclaredLength,
                        (i & 2) != 0);
            }
            out.put(coding, p);
        }
        return Map.copyOf(out);
    }

    static int planIndex(boolean identityAcceptable, boolean honorFlush) {
        return (identityAcceptable ? 1 : 0) | (honorFlush ? 2 : 0);
    }
}
