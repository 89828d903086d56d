/**
 * The native-floor suite: runs the C harness that calls libdeflate directly and compares it with
 * the Java gzip-libdeflate paths measured by the codec suite of the same run (whose summaries it is
 * handed).
 */
package dev.restcompress.bench.nativefloor;
