package dev.restcompress.codec.gzip;

import dev.restcompress.nativelib.LibdeflateLoader;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Which implementation serves the {@code gzip} coding: native libdeflate when it loads, else
 * {@code java.util.zip}.
 *
 * <p>The system property {@value #PROPERTY} chooses: {@code auto} (default) uses libdeflate when
 * {@link LibdeflateLoader#system()} is available; {@code jdk} forces the JDK engine and never loads
 * native code (a kill switch). Any other value fails fast. Which libdeflate runs (the one built into
 * the shim, or the system's) is {@value LibdeflateLoader#SOURCE_PROPERTY}.
 */
enum GzipEngine {
    /** Native libdeflate for one-shot work, levels 1 to 12. */
    LIBDEFLATE("libdeflate", "ld", LibdeflateGzipCodec.MAX_LEVEL),
    /** {@code java.util.zip}, levels 1 to 9. */
    JDK("JDK", "", JdkGzipCodec.MAX_LEVEL);

    /** System property choosing the engine: {@code auto} or {@code jdk}. */
    static final String PROPERTY = "rest-compress.gzip.engine";

    private final String displayName;
    private final String variantPrefix;
    private final int maxLevel;

    GzipEngine(String displayName, String variantPrefix, int maxLevel) {
        this.displayName = displayName;
        this.variantPrefix = variantPrefix;
        this.maxLevel = maxLevel;
    }

    /**
     * What goes before the level in a one-shot variant name ({@code "ld"} or nothing): the engines
     * give different bytes at the same level, so their variants need different names.
     */
    String variantPrefix() {
        return variantPrefix;
    }

    /**
     * The engine this process uses, from {@value #PROPERTY} and native availability.
     *
     * @throws IllegalArgumentException if the property has a value other than auto or jdk
     */
    static GzipEngine active() {
        return select(System.getProperty(PROPERTY), LibdeflateLoader::system);
    }

    /** The decision of {@link #active()}, with the inputs given (the loader is asked only for auto). */
    static GzipEngine select(String setting, Supplier<LibdeflateLoader> loader) {
        String v = setting == null ? "auto" : setting.trim().toLowerCase(Locale.ROOT);
        return switch (v) {
            case "", "auto" -> loader.get().isAvailable() ? LIBDEFLATE : JDK;
            case "jdk" -> JDK;
            default -> throw new IllegalArgumentException(PROPERTY + " must be auto or jdk, was '" + setting + "'");
        };
    }

    /** The highest one-shot level: 12 for libdeflate, 9 for the JDK. */
    int maxLevel() {
        return maxLevel;
    }

    /**
     * A gzip codec of this engine.
     *
     * @param level one-shot level, 1 to {@link #maxLevel()}
     * @param streamingLevel streaming level, 1 to 9 (both engines stream through the JDK)
     * @throws IllegalArgumentException if a level is out of range
     * @throws IllegalStateException for {@link #LIBDEFLATE} when the native library is not available
     */
    GzipCodec create(int level, int streamingLevel) {
        return this == LIBDEFLATE ? new LibdeflateGzipCodec(level, streamingLevel)
                : new JdkGzipCodec(level, streamingLevel);
    }

    /** {@code "libdeflate"} or {@code "JDK"}, as logged at start-up. */
    @Override
    public String toString() {
        return displayName;
    }
}
