/**
 * Public API, the server side: {@link dev.restcompress.server.RestCompressFeature} (register it, or let
 * the runtime discover it), {@link dev.restcompress.server.RestCompressDynamicFeature} (the per-method
 * half, for runtimes that only apply discovered dynamic features) and
 * {@link dev.restcompress.server.CompressionStatistics} (what compression did). Everything else lives in
 * {@code dev.restcompress.server.internal} and its sub-packages, which are not API: the data path of one
 * response and one request body there, and dictionaries, adaptive levels, observation and runtime glue
 * beside it, behind seams (see {@code docs/architecture.md}).
 */
package dev.restcompress.server;
