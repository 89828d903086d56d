/**
 * Public API: {@link dev.restcompress.server.RestCompressFeature}, the server side. Everything else
 * here is its JAX-RS adapter, package-private: the per-method policy resolved at deployment, the
 * filter that decides (negotiation, {@code Vary}, 406, 304), the interceptors that do (response
 * encoding, request decoding), and the one place where decoding failures become 400, 413 and 415.
 */
package dev.restcompress.server;
