package dev.restcompress.bench.small;

import dev.restcompress.bench.codec.BenchCodecs;
import dev.restcompress.bench.core.Engine;
import org.openjdk.jmh.annotations.Param;

/** Small bodies through the codec SPI, per coding and level. */
public class SmallPayloadBench extends PrefixPayloadBench {
    @Param({"lzf", "gzip-jdk-1", "gzip-jdk-6", "gzip-libdeflate-1", "gzip-libdeflate-6", "gzip-libdeflate-9",
        "zstd-1", "zstd-3", "br-1", "br-4", "br-5"})
    public String codec;

    @Override
    Engine engine() {
        return BenchCodecs.byId(codec).engine("spi");
    }
}
