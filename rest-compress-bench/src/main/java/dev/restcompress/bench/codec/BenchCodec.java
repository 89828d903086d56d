package dev.restcompress.bench.codec;

import dev.restcompress.bench.core.Engine;
import dev.restcompress.bench.core.SpiEngine;
import dev.restcompress.codec.Codec;
import java.util.function.Supplier;

/**
 * One benchmarked codec configuration: an id for tables and JMH parameters (e.g. {@code gzip-jdk-6}),
 * its HTTP coding token, how to build it through the SPI and, when there is one, the equivalent raw
 * library engine. Immutable.
 *
 * @param id unique short name, used as the JMH {@code codec} parameter
 * @param coding the {@code Content-Encoding} token
 * @param spi builds the project's codec
 * @param raw builds the raw-library engine, or {@code null} when there is none to compare with
 * @param rawDescription what the raw path calls, for the report
 */
public record BenchCodec(String id, String coding, Supplier<Codec> spi, Supplier<Engine> raw,
                         String rawDescription) {

    /** Whether a raw engine exists for this codec. */
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
     * Why this codec cannot run in this process (e.g. a native library is missing), or {@code null}
     * when it can. Native codecs fail in their constructor or first call, so both are tried.
     */
    public String unavailableReason() {
        try {
            Codec codec = spi.get();
            byte[] out = new byte[codec.maxCompressedLength(1)];
            codec.compress(new byte[] {'x'}, 0, 1, out, 0);
            return null;
        } catch (RuntimeException | LinkageError e) {
            return e.toString();
        }
    }
}
