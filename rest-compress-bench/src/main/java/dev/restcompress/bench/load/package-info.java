/**
 * The HTTP load and bandwidth suites: the demo server in its own JVM, a closed-loop load generator
 * on raw sockets that checks every body, concurrency sweeps on loopback and through a tc-limited
 * link between network namespaces, and their reports; the open-model (constant arrival rate) generator with its overload and
 * peers suites. The server processes are in {@code dev.restcompress.bench.server}.
 */
package dev.restcompress.bench.load;
