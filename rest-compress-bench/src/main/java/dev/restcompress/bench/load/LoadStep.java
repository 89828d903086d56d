package dev.restcompress.bench.load;

import org.HdrHistogram.Histogram;

/**
 * One step of the {@link LoadGenerator} (counters: {@code StepTable#method}, README "Open model"); latencies in µs
 * from the due time (open model) or the send time (closed) to the checked body, unsent ones at their lower bound.
 * {@code ok}: correct answers to requests due in the window (the latency population); {@code completed}: correct
 * answers completed in it, whenever due (the throughput; the bytes per response are their mean); CPU: the window's,
 * per request completed or failed in it, NaN if unknown. {@code answered}: the ok ones' latencies (ns); read-only.
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

    /** Goodput: ok answers within {@code boundUs} of their due time per second (past a deadline, no answer). */
    public double answeredWithinPerSecond(double boundUs) {
        return answered.getCountBetweenValues(0, (long) (boundUs * 1e3)) / seconds;
    }

    public long errors() {
        return non2xx + timeouts + otherErrors;
    }

    public String describe() {
        return String.format(java.util.Locale.ROOT, "%-34s %-8s c=%-3d offered %,8.0f/s served %,8.0f +- %,5.0f/s p50 %,9.0f "
                + "p99 %,9.0f p99.9 %,9.0f us %,7.0f B/resp srv %,5.0f us/req err %d/%d/%d late %d/%d unsent %d%s", label,
                coding, connections, offeredPerSecond, servedPerSecond(), servedPerSecondError, p50Us, p99Us, p999Us,
                wireBytesPerResponse, serverCpuUsPerRequest, non2xx, timeouts, otherErrors, lateBusy, lateWake, unsent,
                firstError == null ? "" : " first: " + firstError);
    }

    public String describeWarmUp() {
        return String.format(java.util.Locale.ROOT, "%s: %,.0f req/s, %d error(s)%s", label, servedPerSecond(),
                errors(), firstError == null ? "" : " (" + firstError + ")");
    }
}
