/**
 * Public API: shared compression dictionaries (RFC 9842, Compression Dictionary Transport). A
 * {@link dev.restcompress.dictionary.CompressionDictionary} is the bytes with their SHA-256 and the
 * URL pattern they apply to; {@link dev.restcompress.dictionary.DictionaryStore} keeps a bounded
 * number of them by hash; {@link dev.restcompress.dictionary.DictionaryHeaders} reads and writes the
 * structured-field headers {@code Available-Dictionary}, {@code Dictionary-ID} and
 * {@code Use-As-Dictionary}. Nothing here knows JAX-RS; the codings {@code dcz} and {@code dcb} are
 * in {@link dev.restcompress.codec.dictionary}.
 */
package dev.restcompress.dictionary;
