package dev.restcompress.server.internal;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.config.CompressionSettings;
import java.util.HashMap;
import java.util.Map;

/**
 * The one codec per coding and level of an application: the registry's own at the configured level,
 * one created from the coding's provider for any other (an annotated {@code level}, an adaptive step),
 * shared by every method, so each level has one set of pooled native contexts. Used at deployment;
 * synchronized for safety.
 */
public final class LevelCodecs {
    private final CompressionSettings settings;
    private final CodecRegistry registry;
    private final Map<String, Codec> byCodingAndLevel = new HashMap<>();

    public LevelCodecs(CompressionSettings settings, CodecRegistry registry) {
        this.settings = settings;
        this.registry = registry;
    }

    /** The codec of {@code coding} at one-shot {@code level} (the configured streaming level). */
    public synchronized Codec at(String coding, int level) {
        if (level == settings.level(coding)) {
            return registry.forCoding(coding);
        }
        return byCodingAndLevel.computeIfAbsent(coding + "/" + level,
                k -> CodingProviders.get(coding).create(level, settings.streamingLevel(coding)));
    }

    /** The configured one-shot level of {@code coding}. */
    public int configuredLevel(String coding) {
        return settings.level(coding);
    }
}
