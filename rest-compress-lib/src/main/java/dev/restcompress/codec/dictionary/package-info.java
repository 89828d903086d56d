/**
 * Public API: the dictionary codings of RFC 9842, {@code dcz} (zstd) and {@code dcb} (brotli), as
 * {@link dev.restcompress.codec.Codec}s bound to one {@link dev.restcompress.dictionary.CompressionDictionary}
 * ({@link dev.restcompress.codec.dictionary.DictionaryCodecs}), and their 40- and 36-byte headers
 * (magic + SHA-256 of the dictionary). The codecs themselves live beside their libraries
 * ({@code codec.zstd.DczCodec}, {@code codec.brotli.DcbCodec}).
 */
package dev.restcompress.codec.dictionary;
