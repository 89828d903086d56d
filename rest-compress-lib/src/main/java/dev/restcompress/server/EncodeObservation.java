package dev.restcompress.server;

/**
 * Where one response's encoding is counted: the resource method, coding, level and adaptive step it
 * was planned with, and the counters it adds to. One instance per method, coding and step, built at
 * deployment and carried by the {@link EncodingPlan}s of that method, coding and step. Immutable (the
 * counters are thread-safe).
 */
final class EncodeObservation {
    /** Counts nothing (statistics off, or a stream built outside a request); JFR events still fire. */
    static final EncodeObservation NONE = new EncodeObservation("", "", 0, 0, null, null, null, null);

    final String method;
    final String coding;
    final int level;
    final int step;
    private final CompressionStatistics.Counters byCoding;
    private final CompressionStatistics.Counters byMethod;
    private final CompressionStatistics.Counters atLevel;
    private final CompressionStatistics.Counters streamed;

    EncodeObservation(String method, String coding, int level, int step, CompressionStatistics.Counters byCoding,
            CompressionStatistics.Counters byMethod, CompressionStatistics.Counters atLevel,
            CompressionStatistics.Counters streamed) {
        this.method = method;
        this.coding = coding;
        this.level = level;
        this.step = step;
        this.byCoding = byCoding;
        this.byMethod = byMethod;
        this.atLevel = atLevel;
        this.streamed = streamed;
    }

    /**
     * Counts one body in the statistics: {@code in} entity bytes went out as {@code out} bytes after
     * {@code nanos} in the codec. Streamed bodies count under {@code coding/stream}.
     */
    void encoded(long in, long out, long nanos, boolean streamedBody) {
        if (byCoding != null) {
            byCoding.add(in, out, nanos);
            byMethod.add(in, out, nanos);
            (streamedBody ? streamed : atLevel).add(in, out, nanos);
        }
    }

    /**
     * Fills and commits a recorded event ({@code actualCoding}: the coding sent, {@code "identity"}
     * when the body did not shrink). Streamed bodies report the plan's one-shot level.
     */
    void commit(EncodeEvent event, long in, long out, boolean streamedBody, String actualCoding) {
        event.coding = actualCoding;
        event.level = level;
        event.bytesIn = in;
        event.bytesOut = out;
        event.method = method;
        event.step = step;
        event.streamed = streamedBody;
        event.commit();
    }

    /** Counts the bytes a streaming encoder writes to the response; everything else passes through. */
    static final class CountingSink extends java.io.OutputStream {
        private final java.io.OutputStream sink;
        private long count;

        CountingSink(java.io.OutputStream sink) {
            this.sink = sink;
        }

        long count() {
            return count;
        }

        @Override
        public void write(int b) throws java.io.IOException {
            sink.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws java.io.IOException {
            sink.write(b, off, len);
            count += len;
        }

        @Override
        public void flush() throws java.io.IOException {
            sink.flush();
        }

        /** The encoder never closes its sink (the container owns it); neither does this. */
        @Override
        public void close() {
        }
    }
}
