package dev.restcompress.bench.codec;

import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.core.SpiEngine;
import dev.restcompress.codec.Codec;
import java.util.function.Supplier;

/**
 * One benchmarked codec: its id (the JMH {@code codec} parameter), its coding token, its SPI codec and the raw
 * library engine with what that calls, for the report (both {@code null} when there is none).
 */
public record BenchCodec(String id, String coding, Supplier<Codec> spi, Supplier<Engine> raw, String rawDescription) {

    public boolean hasRaw() {
        return raw != null;
    }

    public Engine engine(String path) {
        if (path.equals("spi")) {
            return new SpiEngine(spi.get());
        } else if (!path.equals("raw") || raw == null) {
            throw new IllegalArgumentException(id + " has no engine for the path " + path + " (spi or raw)");
        }
        return raw.get();
    }

    /** Why this codec cannot run here, or {@code null}: native codecs fail in their constructor or first call. */
    public String unavailableReason() {
        try {
            Codec codec = spi.get();
            codec.compress(new byte[] {'x'}, 0, 1, new byte[codec.maxCompressedLength(1)], 0);
            return null;
        } catch (RuntimeException | LinkageError e) {
            return e.toString();
        }
    }
}
