package dev.restcompress.server;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.config.CompressionSettings;
import java.util.HashMap;
import java.util.Map;

/**
 * The codecs adaptive compression steps through: one per coding and level, shared by every method of
 * the application (so each level has one set of pooled contexts), the registry's own codec at the
 * configured level. Built at deployment; synchronized for safety.
 */
final class LadderCodecs {
    private final CompressionSettings settings;
    private final CodecRegistry registry;
    private final Map<String, Codec> byCodingAndLevel = new HashMap<>();

    LadderCodecs(CompressionSettings settings, CodecRegistry registry) {
        this.settings = settings;
        this.registry = registry;
    }

    /** The codec of {@code coding} at one-shot {@code level} (the configured streaming level). */
    synchronized Codec at(String coding, int level) {
        if (level == settings.level(coding)) {
            return registry.forCoding(coding);
        }
        return byCodingAndLevel.computeIfAbsent(coding + "/" + level,
                k -> CodingProviders.get(coding).create(level, settings.streamingLevel(coding)));
    }
}
