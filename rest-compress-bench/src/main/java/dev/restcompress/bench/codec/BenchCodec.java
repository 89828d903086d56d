package dev.restcompress.bench.codec;

import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.core.SpiEngine;
import dev.restcompress.codec.Codec;
import java.util.function.Supplier;

/**
 * One benchmarked codec configuration: its id (the JMH {@code codec} parameter, e.g. {@code gzip-jdk-6}), its
 * {@code Content-Encoding} token, its SPI codec and, when there is one, the raw library engine ({@code null}
 * otherwise) with what that calls, for the report.
 */
public record BenchCodec(String id, String coding, Supplier<Codec> spi, Supplier<Engine> raw,
                         String rawDescription) {

    public boolean hasRaw() {
        return raw != null;
    }

    /** An engine for the path {@code "spi"} or {@code "raw"}. */
    public Engine engine(String path) {
        if (path.equals("spi")) {
            return new SpiEngine(spi.get());
        } else if (!path.equals("raw") || raw == null) {
            throw new IllegalArgumentException(id + " has no engine for the path " + path + " (spi or raw)");
        }
        return raw.get();
    }

    /**
     * Why this codec cannot run in this process (e.g. a native library is missing), or {@code null} when it can.
     * Native codecs fail in their constructor or first call, so both are tried.
     */
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
