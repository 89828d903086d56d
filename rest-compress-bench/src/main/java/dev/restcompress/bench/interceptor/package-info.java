/**
 * The interceptor suite: one GET through RESTEasy's in-memory dispatcher with and without
 * {@code RestCompressFeature}, and the codec alone on the same body, so the report can tell the
 * feature's own cost from the codec's.
 */
package dev.restcompress.bench.interceptor;
