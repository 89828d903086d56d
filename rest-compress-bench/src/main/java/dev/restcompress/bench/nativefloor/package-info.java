/** The native-floor suite: libdeflate called from C against the codec suite's Java gzip-libdeflate paths. */
package dev.restcompress.bench.nativefloor;
