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
}
