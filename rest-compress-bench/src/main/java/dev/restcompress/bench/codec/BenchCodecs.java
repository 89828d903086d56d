package dev.restcompress.bench.codec;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.codec.gzip.GzipProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * The catalogue of benchmarked codecs. Adding a codec to every benchmark (codec, small payload,
 * report) is one line here; its id becomes a JMH {@code codec} parameter value.
 */
public final class BenchCodecs {
    private static final String LIBDEFLATE_RAW =
            "LibdeflateCompressor.gzipCompress / LibdeflateDecompressor (one-shot native)";
    private static final String ZSTD_RAW =
            "ZstdCompressCtx.compressByteArray / ZstdDecompressCtx.decompressByteArray (reused contexts)";
    private static final String BROTLI_RAW =
            "brotli4j Encoder.compress / Decoder.decompress (new native state and result array per call)";

    private static final List<BenchCodec> ALL = List.of(
            new BenchCodec("lzf", "lzf", () -> codec("lzf", 0), RawLzf::new,
                    "compress-lzf LZFEncoder.appendEncoded / safe ChunkDecoder"),
            // The 2014 baseline: java.util.zip at the fastest level and at zlib's default.
            new BenchCodec("gzip-jdk-1", "gzip", () -> GzipProvider.forEngine("jdk").create(1, 1), () -> new RawJdkGzip(1),
                    "new GZIPOutputStream(level 1) / GZIPInputStream per body"),
            new BenchCodec("gzip-jdk-6", "gzip", () -> GzipProvider.forEngine("jdk").create(6, 1), () -> new RawJdkGzip(6),
                    "new GZIPOutputStream(level 6) / GZIPInputStream per body"),
            // FastGzip's native engine (the SPI path decodes natively in one call, as sized request
            // bodies and client responses are).
            new BenchCodec("gzip-libdeflate-1", "gzip", () -> GzipProvider.forEngine("libdeflate").create(1, 1), () -> new RawLibdeflate(1),
                    LIBDEFLATE_RAW),
            new BenchCodec("gzip-libdeflate-6", "gzip", () -> GzipProvider.forEngine("libdeflate").create(6, 1), () -> new RawLibdeflate(6),
                    LIBDEFLATE_RAW),
            new BenchCodec("gzip-libdeflate-9", "gzip", () -> GzipProvider.forEngine("libdeflate").create(9, 1), () -> new RawLibdeflate(9),
                    LIBDEFLATE_RAW),
            // Optional codings: skipped (with the reason) when zstd-jni or brotli4j cannot load.
            new BenchCodec("zstd-1", "zstd", () -> codec("zstd", 1), () -> new RawZstd(1), ZSTD_RAW),
            new BenchCodec("zstd-3", "zstd", () -> codec("zstd", 3), () -> new RawZstd(3), ZSTD_RAW),
            new BenchCodec("br-1", "br", () -> codec("br", 1), () -> new RawBrotli(1), BROTLI_RAW),
            new BenchCodec("br-4", "br", () -> codec("br", 4), () -> new RawBrotli(4), BROTLI_RAW),
            new BenchCodec("br-5", "br", () -> codec("br", 5), () -> new RawBrotli(5), BROTLI_RAW)
    );

    private BenchCodecs() {
    }

    /** A coding's codec at a one-shot level (streaming level 1; LZF has none), made by its provider. */
    private static Codec codec(String coding, int level) {
        return CodingProviders.get(coding).create(level, level == 0 ? 0 : 1);
    }

    /** Every codec in the catalogue, available here or not. */
    public static List<BenchCodec> all() {
        return ALL;
    }

    /** The codec with this id. */
    public static BenchCodec byId(String id) {
        for (BenchCodec c : ALL) {
            if (c.id().equals(id)) {
                return c;
            }
        }
        List<String> ids = new ArrayList<>();
        ALL.forEach(c -> ids.add(c.id()));
        throw new IllegalArgumentException("unknown codec '" + id + "', known: " + String.join(", ", ids));
    }
}
