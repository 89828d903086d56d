package dev.restcompress.bench.load;

/**
 * One step of the load bench: one coding at one concurrency (and link, in the bandwidth suite).
 * Latencies are from sending the request to having the body decoded and checked, in microseconds.
 *
 * @param link the link label ({@code loopback}, or a rate such as {@code 100mbit})
 * @param coding the requested coding
 * @param concurrency closed-loop connections
 * @param seconds measured wall time
 * @param requests successful responses started in the measured window
 * @param requestsPerSecondError 95% confidence half-width of requests/s, from the spread of the
 *        rate over {@value LoadRun#SLICES} equal slices of the window (NaN if unknown)
 * @param errors failed requests of every kind in the measured window
 * @param firstError a sample error message, or {@code null}
 * @param p50Us median latency
 * @param p90Us 90th percentile
 * @param p99Us 99th percentile
 * @param maxUs largest latency
 * @param wireBytesPerResponse mean bytes received per response (status line, headers, framing, body)
 * @param bodyBytesPerResponse mean encoded body bytes per response
 * @param serverCpuUsPerRequest server process CPU time per response (NaN if unknown)
 * @param clientCpuUsPerRequest load-generator process CPU time per response (NaN if unknown)
 */
record LoadResult(String link, String coding, int concurrency, double seconds, long requests,
                  double requestsPerSecondError, long errors,
                  String firstError, double p50Us, double p90Us, double p99Us, double maxUs,
                  double wireBytesPerResponse, double bodyBytesPerResponse,
                  double serverCpuUsPerRequest, double clientCpuUsPerRequest) {

    double requestsPerSecond() {
        return requests / seconds;
    }

    /** Received payload rate in Mbit/s (what the link has to carry). */
    double wireMbps() {
        return requestsPerSecond() * wireBytesPerResponse * 8 / 1e6;
    }
}
