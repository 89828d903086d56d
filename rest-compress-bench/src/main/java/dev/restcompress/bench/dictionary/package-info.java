/**
 * RFC 9842 shared dictionaries for the benchmarks and tools: {@code dcz} and {@code dcb} framing over
 * zstd-jni and brotli4j with a raw dictionary ({@link DczEngine}, {@link DcbEngine}), the dictionary
 * trainer behind {@code scripts/train-dictionary.sh} ({@link TrainDictionary}) and the corpus split
 * that keeps training bytes apart from measured payloads ({@link DictionarySamples}).
 */
package dev.restcompress.bench.dictionary;
