/** RFC 9842 shared dictionaries for the benchmarks and {@code scripts/train-dictionary.sh}. */
package dev.restcompress.bench.dictionary;
