/** The codec suite (SPI and raw library calls per coding) and the catalogue of benchmarked codecs. */
package dev.restcompress.bench.codec;
