package dev.restcompress.codec.gzip;

import dev.restcompress.codec.Availability;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodingProvider;
import dev.restcompress.codec.Levels;
import dev.restcompress.nativelib.LibdeflateLoader;

/**
 * The {@code gzip} coding, always available: on native libdeflate (one-shot levels 1 to 12) when it
 * loads and the system property {@code rest-compress.gzip.engine} is not {@code jdk}, otherwise on
 * {@code java.util.zip} (levels 1 to 9). The engine is chosen once, when the provider is loaded;
 * streaming levels are 1 to 9 on both (both stream through the JDK).
 */
public final class GzipProvider implements CodingProvider {
    private final GzipEngine engine;
    private final Levels levels;
    /** An invalid engine setting: reported when the coding is used, i.e. at start-up, not swallowed here. */
    private final IllegalArgumentException engineSetting;

    /** The provider the library uses: the engine chosen by {@code rest-compress.gzip.engine}. */
    public GzipProvider() {
        this(null);
    }

    private GzipProvider(String engineSetting) {
        GzipEngine chosen = null;
        IllegalArgumentException error = null;
        try {
            boolean wantsNative = "libdeflate".equalsIgnoreCase(engineSetting);
            chosen = engineSetting == null ? GzipEngine.active()
                    : GzipEngine.select(wantsNative ? "auto" : engineSetting, LibdeflateLoader::system);
            if ("libdeflate".equalsIgnoreCase(engineSetting) && chosen != GzipEngine.LIBDEFLATE) {
                throw new IllegalArgumentException("native libdeflate is not available: "
                        + LibdeflateLoader.system());
            }
        } catch (IllegalArgumentException e) {
            error = e;
        }
        this.engine = chosen;
        this.engineSetting = error;
        this.levels = chosen == null ? Levels.NONE : new Levels(1, chosen.maxLevel(), JdkGzipCodec.MAX_LEVEL, 6, 1);
    }

    /**
     * A provider on a named engine, for tools that compare the two side by side (the bench):
     * {@code "jdk"}, {@code "libdeflate"} (fails on use when it cannot load) or {@code "auto"}.
     */
    public static GzipProvider forEngine(String engine) {
        return new GzipProvider(java.util.Objects.requireNonNull(engine, "engine"));
    }

    @Override
    public String coding() {
        return GzipCodec.CODING;
    }

    @Override
    public Availability availability() {
        return Availability.ok();
    }

    /** @throws IllegalArgumentException if {@code rest-compress.gzip.engine} is invalid */
    @Override
    public Levels levels() {
        if (engineSetting != null) {
            throw engineSetting;
        }
        return levels;
    }

    @Override
    public Codec create(int level, int streamingLevel) {
        Levels levels = levels();
        if (level > JdkGzipCodec.MAX_LEVEL && engine == GzipEngine.JDK) {
            throw new IllegalArgumentException("gzip level " + level + " needs native libdeflate (levels 10 to 12);"
                    + " the JDK gzip engine allows 1 to 9");
        }
        return engine.create(levels.checkLevel("gzip level", level),
                levels.checkStreamingLevel("gzip streaming level", streamingLevel));
    }

    /**
     * The engine for the start-up line, with the libdeflate actually in use:
     * {@code "gzip (libdeflate 1.23 bundled)"}, {@code "gzip (libdeflate system /usr/lib/...)"} or
     * {@code "gzip (JDK)"}.
     */
    @Override
    public String description() {
        if (engine == null) {
            return "gzip";
        }
        return engine == GzipEngine.LIBDEFLATE ? "gzip (" + engine + " " + LibdeflateLoader.system().library() + ")"
                : "gzip (" + engine + ")";
    }
}
