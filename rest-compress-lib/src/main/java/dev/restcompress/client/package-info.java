/**
 * Public API: {@link dev.restcompress.client.RestCompressClientFeature}, the client side
 * ({@code Accept-Encoding}, transparent bounded response decoding, request encoding on demand). The
 * filters and interceptors it registers are package-private.
 */
package dev.restcompress.client;
