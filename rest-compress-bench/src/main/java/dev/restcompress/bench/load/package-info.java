/**
 * The HTTP load and bandwidth suites: the demo server in its own JVM, a closed-loop load generator
 * on raw sockets that checks every body, concurrency sweeps on loopback and through a tc-limited
 * link between network namespaces, and their reports. {@link dev.restcompress.bench.load.LoadServerMain}
 * is the server process's entry point.
 */
package dev.restcompress.bench.load;
