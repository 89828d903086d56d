package dev.restcompress.codec.brotli;

import dev.restcompress.codec.Availability;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodingProvider;
import dev.restcompress.codec.Levels;

/**
 * The {@code br} coding (Brotli, RFC 7932) when {@code com.aayushatharva.brotli4j:brotli4j} and its
 * native library for the platform ({@code com.aayushatharva.brotli4j:native-<platform>}) are present.
 * Qualities 0 to 11; defaults 4 one-shot, 1 streaming, from the measurements in docs/codings.md.
 *
 * <p>The probe names brotli4j's classes only as strings, and the classes that link against brotli4j
 * are touched only after it was found, so this class loads without the library.
 */
public final class BrotliProvider implements CodingProvider {
    /** Maven coordinates of the library, for messages. */
    static final String ARTIFACT = "com.aayushatharva.brotli4j:brotli4j";
    private static final Levels LEVELS = new Levels(0, 11, 11, 4, 1);

    /** Probed once per process, on first use. */
    private static final class Probe {
        static final Availability RESULT = probe();
    }

    @Override
    public String coding() {
        return "br";
    }

    @Override
    public Availability availability() {
        return Probe.RESULT;
    }

    @Override
    public Levels levels() {
        return LEVELS;
    }

    @Override
    public Codec create(int level, int streamingLevel) {
        if (!availability().available()) {
            throw new IllegalStateException("br is not available: " + availability().reason());
        }
        return new BrotliCodec(LEVELS.checkLevel("br level", level),
                LEVELS.checkStreamingLevel("br streaming level", streamingLevel));
    }

    private static Availability probe() {
        try {
            Class.forName("com.aayushatharva.brotli4j.Brotli4jLoader", false, BrotliProvider.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return Availability.missing(ARTIFACT + " is not on the class path", e);
        }
        Throwable cause;
        try {
            cause = BrotliProbe.unavailabilityCause();
        } catch (LinkageError e) {
            cause = e;
        }
        if (cause != null) {
            return Availability.missing("brotli4j's native library did not load"
                    + " (add com.aayushatharva.brotli4j:native-<platform>): " + cause, cause);
        }
        return Availability.ok();
    }
}
