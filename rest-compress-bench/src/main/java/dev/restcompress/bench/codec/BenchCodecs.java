package dev.restcompress.bench.codec;

import dev.restcompress.codec.BrotliCodec;
import dev.restcompress.codec.JdkGzipCodec;
import dev.restcompress.codec.LibdeflateGzipCodec;
import dev.restcompress.codec.LzfCodec;
import dev.restcompress.codec.ZstdCodec;
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
            new BenchCodec("lzf", "lzf", LzfCodec::new, RawLzf::new,
                    "compress-lzf LZFEncoder.appendEncoded / safe ChunkDecoder"),
            // The 2014 baseline: java.util.zip at the fastest level and at zlib's default.
            new BenchCodec("gzip-jdk-1", "gzip", () -> new JdkGzipCodec(1, 1), () -> new RawJdkGzip(1),
                    "new GZIPOutputStream(level 1) / GZIPInputStream per body"),
            new BenchCodec("gzip-jdk-6", "gzip", () -> new JdkGzipCodec(6, 1), () -> new RawJdkGzip(6),
                    "new GZIPOutputStream(level 6) / GZIPInputStream per body"),
            // FastGzip's native engine (the SPI path decompresses through the JDK stream, as request
            // bodies of unknown length do).
            new BenchCodec("gzip-libdeflate-1", "gzip", () -> new LibdeflateGzipCodec(1, 1), () -> new RawLibdeflate(1),
                    LIBDEFLATE_RAW),
            new BenchCodec("gzip-libdeflate-6", "gzip", () -> new LibdeflateGzipCodec(6, 1), () -> new RawLibdeflate(6),
                    LIBDEFLATE_RAW),
            new BenchCodec("gzip-libdeflate-9", "gzip", () -> new LibdeflateGzipCodec(9, 1), () -> new RawLibdeflate(9),
                    LIBDEFLATE_RAW),
            // Optional codings: skipped (with the reason) when zstd-jni or brotli4j cannot load.
            new BenchCodec("zstd-1", "zstd", () -> new ZstdCodec(1, 1), () -> new RawZstd(1), ZSTD_RAW),
            new BenchCodec("zstd-3", "zstd", () -> new ZstdCodec(3, 1), () -> new RawZstd(3), ZSTD_RAW),
            new BenchCodec("br-1", "br", () -> new BrotliCodec(1, 1), () -> new RawBrotli(1), BROTLI_RAW),
            new BenchCodec("br-4", "br", () -> new BrotliCodec(4, 1), () -> new RawBrotli(4), BROTLI_RAW),
            new BenchCodec("br-5", "br", () -> new BrotliCodec(5, 1), () -> new RawBrotli(5), BROTLI_RAW)
    );

    private BenchCodecs() {
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
