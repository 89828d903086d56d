/** The load engine: one generator for the open and the closed model, its step result, and the payloads it sends. */
package dev.restcompress.bench.load;
