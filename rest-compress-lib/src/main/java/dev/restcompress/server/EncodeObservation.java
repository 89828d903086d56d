package dev.restcompress.server;

import java.util.concurrent.atomic.LongAdder;

/**
 * Where one response's encoding is counted: the resource method, coding, level and adaptive step it
 * was planned with, and the counters it adds to. One instance per method, coding and step, built at
 * deployment; handed from {@link NegotiationFilter} to {@link EncodingOutputStream} through a request
 * property. Immutable (the counters are thread-safe).
 */
final class EncodeObservation {
    /** Request property under which the observation travels. */
    static final String PROPERTY = "dev.restcompress.server.EncodeObservation";
    /** Counts nothing (statistics off, or a stream built outside a request); JFR events still fire. */
    static final EncodeObservation NONE = new EncodeObservation("", "", 0, 0, null, null, null);

    final String method;
    final String coding;
    final int level;
    final int step;
    private final CompressionStatistics.Counters byCoding;
    private final CompressionStatistics.Counters byMethod;
    private final LongAdder atLevel;

    EncodeObservation(String method, String coding, int level, int step, CompressionStatistics.Counters byCoding,
            CompressionStatistics.Counters byMethod, LongAdder atLevel) {
        this.method = method;
        this.coding = coding;
        this.level = level;
        this.step = step;
        this.byCoding = byCoding;
        this.byMethod = byMethod;
        this.atLevel = atLevel;
    }

    /** Counts one body: {@code in} entity bytes became {@code out} bytes in {@code nanos} of codec time. */
    void encoded(EncodeEvent event, long in, long out, long nanos, boolean streamed, String actualCoding) {
        if (byCoding != null) {
            byCoding.add(in, out, nanos);
            byMethod.add(in, out, nanos);
            atLevel.increment();
        }
        event.end();
        if (event.shouldCommit()) {
            event.coding = actualCoding;
            event.level = level;
            event.bytesIn = in;
            event.bytesOut = out;
            event.method = method;
            event.step = step;
            event.streamed = streamed;
            event.commit();
        }
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
