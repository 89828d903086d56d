/**
 * Internal: the listeners of the data path's {@link dev.restcompress.server.internal.BodyObserver}
 * seam: the statistics store (read through {@link dev.restcompress.server.CompressionStatistics}) and
 * the JDK Flight Recorder events ({@code dev.restcompress.Encode}, {@code dev.restcompress.Decode}).
 * Every body, response or request, of every coding, is reported once.
 */
package dev.restcompress.server.internal.observe;
