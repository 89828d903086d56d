/** The peers suite: this library's gzip against the runtimes' own, in rounds, and against the codec alone. */
package dev.restcompress.bench.peers;
