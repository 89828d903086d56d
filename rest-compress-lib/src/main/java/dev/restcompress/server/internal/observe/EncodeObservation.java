package dev.restcompress.server.internal.observe;

import dev.restcompress.io.FlightRecorder;
import dev.restcompress.server.internal.BodyObserver;

/**
 * Where one response body is reported, for one resource method, coding, level and adaptive step: its
 * two listeners are the statistics (the counters it adds to, found at deployment; none when statistics
 * are off) and JDK Flight Recorder (an {@link EncodeEvent} per body while recording). Immutable (the
 * counters are thread-safe).
 */
final class EncodeObservation implements BodyObserver.Encode {
    private final String method;
    private final int level;
    private final int step;
    private final Statistics.Counters byCoding;
    private final Statistics.Counters byMethod;
    private final Statistics.Counters atLevel;
    private final Statistics.Counters streamed;

    /** @param statistics {@code null} when statistics are off (JFR events still fire) */
    EncodeObservation(String method, String coding, int level, int step, Statistics statistics) {
        this.method = method;
        this.level = level;
        this.step = step;
        this.byCoding = statistics == null ? null : statistics.encodedCoding(coding);
        this.byMethod = statistics == null ? null : statistics.encodedMethod(method);
        this.atLevel = statistics == null ? null : statistics.bodiesAt(coding, level);
        this.streamed = statistics == null ? null : statistics.bodiesAt(coding, "stream");
    }

    @Override
    public Object begin() {
        // Not allocated once compiled, unless recording (JFR idiom); absent where jdk.jfr is hidden.
        if (!FlightRecorder.AVAILABLE) {
            return null;
        }
        EncodeEvent event = new EncodeEvent();
        event.begin();
        return event;
    }

    /**
     * Counts one body in the statistics ({@code in} entity bytes went out as {@code out} bytes after
     * {@code nanos} in the codec; streamed bodies count under {@code coding/stream}) and commits its
     * event when recording. Streamed bodies report the plan's one-shot level.
     */
    @Override
    public void encoded(Object begun, long in, long out, long nanos, boolean streamedBody, String sentCoding) {
        if (byCoding != null) {
            byCoding.add(in, out, nanos);
            byMethod.add(in, out, nanos);
            (streamedBody ? streamed : atLevel).add(in, out, nanos);
        }
        if (begun instanceof EncodeEvent event) {
            event.end();
            if (event.shouldCommit()) {
                event.coding = sentCoding;
                event.level = level;
                event.bytesIn = in;
                event.bytesOut = out;
                event.method = method;
                event.step = step;
                event.streamed = streamedBody;
                event.commit();
            }
        }
    }
}
