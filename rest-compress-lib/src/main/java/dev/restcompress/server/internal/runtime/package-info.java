/**
 * Internal: the composition root ({@link dev.restcompress.server.internal.runtime.CompressionBinder},
 * {@link dev.restcompress.server.internal.runtime.ServerSetup}), which alone names the data path and what
 * stands behind its seams, and the glue for each JAX-RS runtime: the only classes compiled against
 * Jersey, Quarkus REST or MicroProfile Config, and the auto-registrations named in
 * {@code META-INF/services}. Never depends on the public API package, which depends on it.
 */
package dev.restcompress.server.internal.runtime;
