/**
 * Public API: the annotations a resource method (or class) carries to offer content codings:
 * {@link dev.restcompress.annotation.Compress} for several codings and the options, one annotation
 * per coding ({@link dev.restcompress.annotation.LZF}, {@link dev.restcompress.annotation.FastGzip},
 * {@link dev.restcompress.annotation.Zstd}, {@link dev.restcompress.annotation.Brotli}), each marked
 * with the meta-annotation {@link dev.restcompress.annotation.Coding}, and
 * {@link dev.restcompress.annotation.EncodeRequest} for the client.
 */
package dev.restcompress.annotation;
