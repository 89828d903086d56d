package dev.restcompress.server;

import dev.restcompress.annotation.Brotli;
import dev.restcompress.annotation.FastGzip;
import dev.restcompress.annotation.Zstd;
import dev.restcompress.codec.BrotliCodec;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.GzipEngine;
import dev.restcompress.codec.JdkGzipCodec;
import dev.restcompress.codec.ZstdCodec;
import dev.restcompress.config.CompressionSettings;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;

/**
 * Applies the per-method levels of {@link FastGzip @FastGzip(level)}, {@link Zstd @Zstd(level)} and
 * {@link Brotli @Brotli(level)} at deployment: replaces the registry's codec in a method's codec map with one at the annotated level
 * (0 keeps the global level). Codecs of equal level are shared between methods, so each level has
 * one set of pooled native contexts. Only used while resolving policies; synchronized for safety.
 *
 * <p>Codec classes are touched only when their coding is in the map, i.e. when the library is
 * present.
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
     * @throws IllegalArgumentException naming the method when a level is out of range
     */
    synchronized void apply(Map<String, Codec> codecs, AnnotatedElement source, Method method) {
        FastGzip gzip = source.getAnnotation(FastGzip.class);
        if (gzip != null && gzip.level() != 0 && codecs.containsKey(JdkGzipCodec.CODING)) {
            codecs.put(JdkGzipCodec.CODING, gzipAtLevel(codecs.get(JdkGzipCodec.CODING), gzip.level(), method));
        }
        Zstd zstd = source.getAnnotation(Zstd.class);
        if (zstd != null && zstd.level() != 0 && codecs.containsKey(ZstdCodec.CODING)) {
            int level = check("@Zstd(level)", zstd.level(), ZstdCodec.MIN_LEVEL, ZstdCodec.MAX_LEVEL, method);
            if (level != settings.zstdLevel()) {
                codecs.put(ZstdCodec.CODING, byCodingAndLevel.computeIfAbsent(ZstdCodec.CODING + level,
                        k -> new ZstdCodec(level, settings.zstdStreamingLevel())));
            }
        }
        Brotli br = source.getAnnotation(Brotli.class);
        if (br != null && br.level() != 0 && codecs.containsKey(BrotliCodec.CODING)) {
            int level = check("@Brotli(level)", br.level(), 1, BrotliCodec.MAX_LEVEL, method);
            if (level != settings.brLevel()) {
                codecs.put(BrotliCodec.CODING, byCodingAndLevel.computeIfAbsent(BrotliCodec.CODING + level,
                        k -> new BrotliCodec(level, settings.brStreamingLevel())));
            }
        }
    }

    /** The server's gzip codec at another one-shot level, on the same engine (libdeflate or JDK). */
    private Codec gzipAtLevel(Codec base, int level, Method method) {
        GzipEngine found = GzipEngine.of(base);
        GzipEngine engine = found == null ? GzipEngine.JDK : found; // a custom gzip codec: ours decide levels
        if (level < 1 || level > engine.maxLevel()) {
            throw new IllegalArgumentException("@FastGzip(level) on " + method + " must be 1 to " + engine.maxLevel()
                    + " with the " + engine + " gzip engine (libdeflate allows 1 to 12, JDK 1 to 9), was " + level);
        }
        if (level == GzipEngine.levelOf(base)) {
            return base;
        }
        return byCodingAndLevel.computeIfAbsent(JdkGzipCodec.CODING + level,
                k -> engine.create(level, settings.gzipStreamingLevel()));
    }

    private static int check(String what, int level, int min, int max, Method method) {
        if (level < min || level > max) {
            throw new IllegalArgumentException(what + " on " + method + " must be " + min + " to " + max
                    + " (or 0 for the global level), was " + level);
        }
        return level;
    }
}
