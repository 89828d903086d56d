package dev.restcompress.server.internal.cache;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.codec.Levels;
import dev.restcompress.config.CacheSettings;
import dev.restcompress.server.internal.LevelCodecs;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import java.util.function.IntSupplier;

/**
 * Makes the application's {@link VariantCache} when Caffeine is on the class path; says once, at
 * start-up, when a method asks for the cache and Caffeine is not there. The only class of this package
 * the binder calls before Caffeine is known to be present, so it names no Caffeine type. Thread-safe.
 */
public final class VariantCaches {
    private static final System.Logger LOG = System.getLogger(VariantCaches.class.getName());
    static final String CAFFEINE = "com.github.benmanes.caffeine.cache.Caffeine";
    /** The highest level worth an upgrade: zstd's levels above 19 need far more memory for little gain. */
    static final int HIGHEST_USEFUL_LEVEL = 19;

    private VariantCaches() {
    }

    /** Whether Caffeine can be loaded by this library's class loader. */
    public static boolean caffeinePresent() {
        try {
            Class.forName(CAFFEINE, false, VariantCaches.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * The application's cache, or {@code null} (logged once, naming the artifact to add) when Caffeine is
     * absent.
     *
     * @param askedBy what asks for the cache, for the log line (a method, or the global setting)
     * @param pressure the adaptive step; above 0, upgrades wait
     */
    public static VariantCache create(CacheSettings settings, LevelCodecs codecs, IntSupplier pressure, String askedBy) {
        if (!caffeinePresent()) {
            LOG.log(System.Logger.Level.WARNING, "rest-compress: " + askedBy + " asks for the cache of encoded variants ("
                    + CacheSettings.MODE + " " + settings.mode().value() + "), but Caffeine is not on the class path:"
                    + " responses are compressed on every request. Add " + caffeineArtifact() + " to use it");
            return null;
        }
        return new VariantCache(settings, coding -> bestCodec(codecs, coding), pressure, BodyHash.DEFAULT, 50);
    }

    /** The best useful level of {@code coding}: its highest, at most {@link #HIGHEST_USEFUL_LEVEL}; 0 without levels. */
    static int bestLevel(String coding) {
        Levels levels = CodingProviders.get(coding).levels();
        return levels.any() ? Math.min(levels.max(), HIGHEST_USEFUL_LEVEL) : 0;
    }

    /** The codec an upgrade of {@code coding} uses; {@code null} for codings without levels. */
    static Codec bestCodec(LevelCodecs codecs, String coding) {
        int level = bestLevel(coding);
        return level == 0 ? null : codecs.at(coding, level);
    }

    /** {@code groupId:artifactId:version} of the Caffeine this build was tested with. */
    static String caffeineArtifact() {
        Properties p = new Properties();
        try (InputStream in = Codec.class.getResourceAsStream("tested-versions.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException ignored) {
            // the message goes without the version
        }
        String v = p.getProperty("com.github.ben-manes.caffeine");
        return "com.github.ben-manes.caffeine:caffeine" + (v == null || v.startsWith("${") ? "" : ":" + v);
    }
}
