package dev.restcompress.bench.codec;

import dev.restcompress.bench.core.Engine;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.codec.gzip.GzipProvider;
import java.util.List;
import java.util.function.IntFunction;

/** The catalogue of benchmarked codecs: adding one to every benchmark and report is one line here. */
public final class BenchCodecs {
    private static final String JDK_RAW = "new GZIPOutputStream(level %d) / GZIPInputStream per body";
    private static final String LIBDEFLATE_RAW =
            "LibdeflateCompressor.gzipCompress / LibdeflateDecompressor (one-shot native)";
    private static final String ZSTD_RAW =
            "ZstdCompressCtx.compressByteArray / ZstdDecompressCtx.decompressByteArray (reused contexts)";
    private static final String BROTLI_RAW =
            "brotli4j Encoder.compress / Decoder.decompress (new native state and result array per call)";

    private static final List<BenchCodec> ALL = List.of(
            new BenchCodec("lzf", "lzf", () -> CodingProviders.get("lzf").create(0, 0), RawEngines::lzf,
                    "compress-lzf LZFEncoder.appendEncoded / safe ChunkDecoder"),
            // The 2014 baseline: java.util.zip at the fastest level and at zlib's default.
            gzip("jdk", 1, RawEngines::jdkGzip, JDK_RAW.formatted(1)),
            gzip("jdk", 6, RawEngines::jdkGzip, JDK_RAW.formatted(6)),
            // FastGzip's native engine (the SPI decodes in one native call, as sized bodies are).
            gzip("libdeflate", 1, RawEngines::libdeflate, LIBDEFLATE_RAW),
            gzip("libdeflate", 6, RawEngines::libdeflate, LIBDEFLATE_RAW),
            gzip("libdeflate", 9, RawEngines::libdeflate, LIBDEFLATE_RAW),
            provided("zstd", 1, RawEngines::zstd, ZSTD_RAW),
            provided("zstd", 3, RawEngines::zstd, ZSTD_RAW),
            provided("br", 1, RawEngines::brotli, BROTLI_RAW),
            provided("br", 4, RawEngines::brotli, BROTLI_RAW),
            provided("br", 5, RawEngines::brotli, BROTLI_RAW));

    private BenchCodecs() {}

    /** gzip through one of the gzip provider's engines at a one-shot level (streaming level 1, as below). */
    private static BenchCodec gzip(String engine, int level, IntFunction<Engine> raw, String rawDescription) {
        return new BenchCodec("gzip-" + engine + "-" + level, "gzip",
                () -> GzipProvider.forEngine(engine).create(level, 1), () -> raw.apply(level), rawDescription);
    }

    private static BenchCodec provided(String coding, int level, IntFunction<Engine> raw, String rawDescription) {
        return new BenchCodec(coding + "-" + level, coding, () -> CodingProviders.get(coding).create(level, 1),
                () -> raw.apply(level), rawDescription);
    }

    /** Every codec, available here or not. */
    public static List<BenchCodec> all() {
        return ALL;
    }

    public static BenchCodec byId(String id) {
        return ALL.stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "unknown codec '" + id + "', known: " + String.join(", ", ALL.stream().map(BenchCodec::id).toList())));
    }
}
