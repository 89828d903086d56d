package dev.restcompress.bench.load;

import org.HdrHistogram.Histogram;

/**
 * One step of the open-model generator ({@link ArrivalRun}): one server and setting at one offered
 * rate (0: closed model at saturation). Latencies in microseconds, from the due time (open model) or
 * the send time (closed model) to having the body checked; they include the unsent requests' lower
 * bounds.
 *
 * @param label the server and setting measured
 * @param coding the requested coding
 * @param offeredPerSecond the arrival rate, 0 for the closed model
 * @param connections connections of the generator
 * @param seconds measured window
 * @param ok checked, correct responses to requests due in the window (the latency population)
 * @param completed correct responses completed in the window, whenever due (the throughput)
 * @param servedPerSecondError 95% half-width of served req/s from the window's slices (by completion)
 * @param non2xx responses with a status outside 2xx
 * @param timeouts requests with no response within the socket timeout
 * @param otherErrors wrong coding or body, broken connections
 * @param firstError a sample error message, or null
 * @param lateBusy requests sent late because every connection was busy (queued in the generator)
 * @param lateWake requests sent late with a connection free: the generator itself fell behind
 * @param unsent requests due in the window that no connection took before its end
 * @param p50Us median latency
 * @param p99Us 99th percentile
 * @param p999Us 99.9th percentile
 * @param maxUs largest latency
 * @param wireBytesPerResponse mean bytes received per correct response completed in the window
 * @param serverCpuUsPerRequest server process CPU time in the window per request completed (or failed) in it
 * @param serverIoCpuUsPerRequest the part of it spent by the server's I/O threads (0 for a server without
 *        XNIO I/O threads; see {@code ServerProcess#ioThreadCpuNanos})
 *        (NaN if unknown)
 * @param clientCpuUsPerRequest generator process CPU time in the window, per the same requests (NaN if unknown)
 * @param answered the latencies (ns) of the {@code ok} responses alone, for {@link #answeredWithinPerSecond}; not
 *        to be modified
 */
record ArrivalResult(String label, String coding, double offeredPerSecond, int connections, double seconds, long ok,
                     long completed, double servedPerSecondError, long non2xx, long timeouts, long otherErrors, String firstError,
                     long lateBusy, long lateWake, long unsent, double p50Us, double p99Us, double p999Us,
                     double maxUs, double wireBytesPerResponse, double serverCpuUsPerRequest,
                     double serverIoCpuUsPerRequest, double clientCpuUsPerRequest, Histogram answered) {

    double servedPerSecond() {
        return completed / seconds;
    }

    /**
     * Goodput: correct responses to requests due in the window that came within {@code boundUs} of their
     * due time, per second of the window. A server that queues answers late, and a late answer is, for
     * a client with a deadline, no answer.
     */
    double answeredWithinPerSecond(double boundUs) {
        return answered.getCountBetweenValues(0, (long) (boundUs * 1e3)) / seconds;
    }

    long errors() {
        return non2xx + timeouts + otherErrors;
    }
}
