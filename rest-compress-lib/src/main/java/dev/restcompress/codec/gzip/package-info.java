/**
 * The {@code gzip} coding: {@link dev.restcompress.codec.gzip.GzipProvider} is the only public
 * type. A sealed codec with two engines: native libdeflate (JNI shim in {@code nativelib}) for
 * one-shot compression and decompression, {@code java.util.zip} for streaming and as the fallback
 * when the native library cannot load.
 */
package dev.restcompress.codec.gzip;
