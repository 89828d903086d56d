/**
 * RFC 9842 shared dictionaries for the benchmarks and tools: the dictionary trainer behind
 * {@code scripts/train-dictionary.sh} ({@link TrainDictionary}, {@link RawDictionary}), the sample
 * split that keeps training bytes apart from measured ones ({@link DictionarySamples}), the bench's
 * dictionary and engines over the library's dcz/dcb codecs ({@link BenchDictionary}) and the next
 * versions of a document for the delta row ({@link DeltaVersions}).
 */
package dev.restcompress.bench.dictionary;
