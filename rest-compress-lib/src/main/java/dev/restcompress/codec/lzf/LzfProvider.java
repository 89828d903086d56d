package dev.restcompress.codec.lzf;

import dev.restcompress.codec.Availability;
import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodingProvider;
import dev.restcompress.codec.Levels;

/**
 * The {@code lzf} coding: compress-lzf is a required dependency, so it is always available; LZF has
 * no levels, so every instance is the same codec.
 */
public final class LzfProvider implements CodingProvider {
    private static final LzfCodec CODEC = new LzfCodec();

    @Override
    public String coding() {
        return LzfCodec.CODING;
    }

    @Override
    public Availability availability() {
        return Availability.ok();
    }

    @Override
    public Levels levels() {
        return Levels.NONE;
    }

    @Override
    public Codec create(int level, int streamingLevel) {
        Levels.NONE.checkLevel("lzf level", level);
        Levels.NONE.checkStreamingLevel("lzf streaming level", streamingLevel);
        return CODEC;
    }
}
