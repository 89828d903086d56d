/**
 * The load engine: {@link dev.restcompress.bench.load.LoadGenerator}, one generator for the open and the
 * closed model, on raw sockets, checking every body; its step result {@code LoadStep}; the payloads it
 * sends. Driven by {@code bench.sweep}, {@code bench.overload}, {@code bench.peers} and the soak.
 */
package dev.restcompress.bench.load;
