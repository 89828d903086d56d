/**
 * RFC 9842 shared dictionaries for the benchmarks and tools: the trainer behind
 * {@code scripts/train-dictionary.sh} ({@link TrainDictionary}), the sample split that keeps training
 * bytes apart from measured ones ({@link DictionarySamples}, {@link JsonRecordSets}), the dictionary size
 * goal ({@link DictionarySizes}), and how raw dictionaries are made and used ({@link BenchDictionary}).
 */
package dev.restcompress.bench.dictionary;
