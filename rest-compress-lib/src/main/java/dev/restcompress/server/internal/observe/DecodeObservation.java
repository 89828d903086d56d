package dev.restcompress.server.internal.observe;

import dev.restcompress.io.FlightRecorder;
import dev.restcompress.adaptive.PressureMonitor;
import dev.restcompress.codec.Codec;
import dev.restcompress.server.internal.BodyObserver;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * Where one resource method's decoded request bodies are reported (every coding, dictionary codings
 * and bodies decoded on unannotated methods included): the decoders wrap the body in {@link #observe},
 * the compressed bytes read and the decoded bytes delivered are counted, and at close the body is added
 * to the statistics and a {@link DecodeEvent} is committed when recording: the two listeners. Immutable.
 */
final class DecodeObservation implements BodyObserver.Decode {
    private final String method;
    private final Statistics statistics;
    private final Statistics.Counters byMethod;
    private final PressureMonitor monitor;

    /** @param statistics {@code null} when statistics are off (JFR events still fire) */
    DecodeObservation(String method, Statistics statistics, PressureMonitor monitor) {
        this.method = method;
        this.statistics = statistics;
        this.byMethod = statistics == null ? null : statistics.decodedMethod(method);
        this.monitor = monitor;
    }

    /** Counts the compressed bytes read from a request body. */
    static final class CountingBody extends FilterInputStream {
        private long count;

        CountingBody(InputStream in) {
            super(in);
        }

        /** The compressed bytes read so far. */
        long count() {
            return count;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long s = super.skip(n);
            count += s;
            return s;
        }
    }

    /**
     * The decoded body {@code decoded} (read from {@code raw}), counting what passes; at close, counted
     * once. {@code setupNanos} is the time decoding took before the first read (a body decoded in
     * memory is decoded before it is returned).
     */
    @Override
    public InputStream observe(List<Codec> applied, InputStream coded, BodyObserver.Decoding decoding)
            throws IOException {
        CountingBody raw = new CountingBody(coded);
        long start = System.nanoTime();
        InputStream decoded = decoding.decode(raw);
        return new Observed(decoded, applied, raw, System.nanoTime() - start);
    }

    private final class Observed extends FilterInputStream {
        private final List<Codec> applied;
        private final CountingBody raw;
        /** Absent where jdk.jfr is hidden from the application ({@link FlightRecorder}). */
        private final DecodeEvent event = FlightRecorder.AVAILABLE ? new DecodeEvent() : null;
        private long out;
        private long nanos;
        private boolean counted;

        Observed(InputStream decoded, List<Codec> applied, CountingBody raw, long setupNanos) {
            super(decoded);
            this.applied = applied;
            this.raw = raw;
            this.nanos = setupNanos;
            if (event != null) {
                event.begin();
            }
        }

        @Override
        public int read() throws IOException {
            long start = System.nanoTime();
            int b = super.read();
            nanos += System.nanoTime() - start;
            if (b >= 0) {
                out++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            long start = System.nanoTime();
            int n = super.read(b, off, len);
            nanos += System.nanoTime() - start;
            if (n > 0) {
                out += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long s = super.skip(n);
            out += s;
            return s;
        }

        @Override
        public void close() throws IOException {
            try {
                super.close();
            } finally {
                if (!counted) {
                    counted = true;
                    record();
                }
            }
        }

        private void record() {
            long in = raw.count;
            if (statistics != null) {
                byMethod.add(in, out, nanos);
                for (Codec c : applied) {
                    statistics.decodedCoding(c.coding()).add(in, out, nanos);
                }
            }
            if (event == null) {
                return;
            }
            event.end();
            if (event.shouldCommit()) {
                event.coding = applied.size() == 1 ? applied.get(0).coding() : codingsOf(applied);
                event.bytesIn = in;
                event.bytesOut = out;
                event.method = method;
                event.step = monitor == null ? 0 : monitor.currentStep();
                event.commit();
            }
        }
    }

    private static String codingsOf(List<Codec> applied) {
        StringBuilder sb = new StringBuilder();
        for (Codec c : applied) {
            sb.append(sb.length() == 0 ? "" : ", ").append(c.coding());
        }
        return sb.toString();
    }
}
