/**
 * The load engine: {@link dev.restcompress.bench.load.LoadGenerator}, one generator for the open model
 * (a constant arrival rate) and the closed model (rate 0), on raw sockets, checking every body; its
 * step result {@link dev.restcompress.bench.load.LoadStep}; the payloads it sends. The suites that
 * drive it are {@code bench.sweep} (load and bandwidth), {@code bench.overload} and {@code bench.peers};
 * its CSV and markdown table are {@code bench.report.StepTable}.
 */
package dev.restcompress.bench.load;
