package dev.restcompress.testing;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.codec.Levels;

/** Codecs for tests, made the way the library makes them: through their coding's provider. */
public final class Codecs {
    private Codecs() {
    }

    /** {@code coding} at its default levels. */
    public static Codec of(String coding) {
        Levels l = CodingProviders.get(coding).levels();
        return of(coding, l.defaultLevel(), l.defaultStreamingLevel());
    }

    /** {@code coding} at the given levels. */
    public static Codec of(String coding, int level, int streamingLevel) {
        return CodingProviders.get(coding).create(level, streamingLevel);
    }
}
