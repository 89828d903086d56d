/** The HTTP load suite (concurrency sweep on loopback) and the bandwidth suite (through a tc-limited link). */
package dev.restcompress.bench.sweep;
