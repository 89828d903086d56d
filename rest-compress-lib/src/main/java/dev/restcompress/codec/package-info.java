/**
 * The codec SPI: {@link dev.restcompress.codec.Codec} (one-shot compress, streaming compress with a
 * real flush, bounded one-shot and streaming decompress), {@link dev.restcompress.codec.CodingProvider}
 * (one per coding: token, availability, levels, factory; found through {@link java.util.ServiceLoader}
 * by {@link dev.restcompress.codec.CodingProviders}), the registry of the codecs a feature uses, and
 * the two decoding errors the HTTP layer maps to 400 and 413. Nothing here knows JAX-RS. The codings
 * live in one subpackage each.
 */
package dev.restcompress.codec;
