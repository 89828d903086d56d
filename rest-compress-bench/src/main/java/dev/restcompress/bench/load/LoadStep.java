package dev.restcompress.bench.load;

import org.HdrHistogram.Histogram;

/**
 * One step of the {@link LoadGenerator}: one server, setting or link at one offered rate (0: the
 * closed model). Latencies in microseconds, from the due time (open model) or the send time (closed
 * model) to having the body checked; they include the unsent requests' lower bounds.
 *
 * @param label the server and setting, or the link, measured
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
 * @param wireBytesPerResponse mean bytes received per correct response completed in the window
 *        (status line, headers, framing, body)
 * @param bodyBytesPerResponse mean body bytes (as sent, encoded) of the same responses
 * @param serverCpuUsPerRequest server process CPU time in the window per request completed (or failed)
 *        in it (NaN if unknown)
 * @param serverIoCpuUsPerRequest the part of it spent by the server's I/O threads (0 for a server without
 *        XNIO I/O threads; see {@code ServerProcess#ioThreadCpuNanos})
 * @param clientCpuUsPerRequest generator process CPU time in the window, per the same requests (NaN if unknown)
 * @param answered the latencies (ns) of the {@code ok} responses alone, for {@link #answeredWithinPerSecond}; not
 *        to be modified
 */
public record LoadStep(String label, String coding, double offeredPerSecond, int connections, double seconds, long ok,
        long completed, double servedPerSecondError, long non2xx, long timeouts, long otherErrors, String firstError,
        long lateBusy, long lateWake, long unsent, double p50Us, double p90Us, double p99Us, double p999Us,
        double maxUs, double wireBytesPerResponse, double bodyBytesPerResponse, double serverCpuUsPerRequest,
        double serverIoCpuUsPerRequest, double clientCpuUsPerRequest, Histogram answered) {

    public double servedPerSecond() {
        return completed / seconds;
    }

    /** Received bytes in Mbit/s (what the link has to carry). */
    public double wireMbps() {
        return servedPerSecond() * wireBytesPerResponse * 8 / 1e6;
    }

    /**
     * Goodput: correct responses to requests due in the window that came within {@code boundUs} of their
     * due time, per second of the window. A server that queues answers late, and a late answer is, for
     * a client with a deadline, no answer.
     */
    public double answeredWithinPerSecond(double boundUs) {
        return answered.getCountBetweenValues(0, (long) (boundUs * 1e3)) / seconds;
    }

    public long errors() {
        return non2xx + timeouts + otherErrors;
    }

    /** One line for the progress log. */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "%-34s %-8s c=%-3d offered %,8.0f/s served %,8.0f +- %,5.0f/s p50 %,9.0f "
                + "p99 %,9.0f p99.9 %,9.0f us %,7.0f B/resp srv %,5.0f us/req err %d/%d/%d late %d/%d unsent %d%s", label,
                coding, connections, offeredPerSecond, servedPerSecond(), servedPerSecondError, p50Us, p99Us, p999Us,
                wireBytesPerResponse, serverCpuUsPerRequest, non2xx, timeouts, otherErrors, lateBusy, lateWake, unsent,
                firstError == null ? "" : " first: " + firstError);
    }

    /** The progress line of a warm-up. */
    public String describeWarmUp() {
        return String.format(java.util.Locale.ROOT, "%s: %,.0f req/s, %d error(s)%s", label, servedPerSecond(),
                errors(), firstError == null ? "" : " (" + firstError + ")");
    }
}
