/**
 * The codec suite: compress, decompress and round trip of every corpus file, through the project's
 * codec SPI and through each library's own calls (the raw engines), so the report can show what the
 * SPI costs per coding. Also holds the catalogue of benchmarked codecs
 * ({@link dev.restcompress.bench.codec.BenchCodecs}), which the small-payload suite reuses, and the
 * per-codec summaries the native-floor suite compares with C.
 */
package dev.restcompress.bench.codec;
