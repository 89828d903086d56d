package dev.restcompress.codec.zstd;

import dev.restcompress.codec.Availability;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodingProvider;
import dev.restcompress.codec.Levels;

/**
 * The {@code zstd} coding (RFC 8878, HTTP use per RFC 9659) when {@code com.github.luben:zstd-jni}
 * is on the class path and its native library loads. Levels 1 to 22 (zstd's "fast" negative levels
 * are not offered); defaults 3 one-shot, 1 streaming, from the measurements in docs/codings.md.
 *
 * <p>The probe names zstd-jni's classes only as strings, and {@link ZstdCodec} (which links against
 * them) is touched only after the probe succeeded, so this class loads without the library.
 */
public final class ZstdProvider implements CodingProvider {
    /** Maven coordinates of the library, for messages. */
    static final String ARTIFACT = "com.github.luben:zstd-jni";
    private static final Levels LEVELS = new Levels(1, 22, 22, 3, 1);

    /** Probed once per process, on first use. */
    private static final class Probe {
        static final Availability RESULT = probe();
    }

    @Override
    public String coding() {
        return "zstd";
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
            throw new IllegalStateException("zstd is not available: " + availability().reason());
        }
        return new ZstdCodec(LEVELS.checkLevel("zstd level", level),
                LEVELS.checkStreamingLevel("zstd streaming level", streamingLevel));
    }

    private static Availability probe() {
        try {
            // Initializing Zstd loads its native library (zstd-jni's own loader).
            Class.forName("com.github.luben.zstd.Zstd", true, ZstdProvider.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return Availability.missing(ARTIFACT + " is not on the class path", e);
        } catch (LinkageError e) {
            return Availability.missing("zstd-jni's native library did not load: " + e, e);
        }
        return Availability.ok();
    }
}
