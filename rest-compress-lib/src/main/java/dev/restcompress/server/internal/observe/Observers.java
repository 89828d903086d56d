package dev.restcompress.server.internal.observe;

import dev.restcompress.adaptive.PressureMonitor;
import dev.restcompress.server.internal.BodyObserver;
import java.util.concurrent.atomic.LongAdder;

/**
 * Builds the observers the data path reports to, at deployment, for one application: each reports
 * to the statistics (when {@code rest-compress.statistics} is on) and to JDK Flight Recorder. Thread-safe.
 */
public final class Observers {
    private final Statistics statistics;
    private final boolean counting;
    private final PressureMonitor monitor;

    /**
     * @param counting whether bodies are counted in {@code statistics} ({@code rest-compress.statistics})
     * @param monitor the pressure monitor, for the step decode events carry; {@code null} when off
     */
    public Observers(Statistics statistics, boolean counting, PressureMonitor monitor) {
        this.statistics = statistics;
        this.counting = counting;
        this.monitor = monitor;
    }

    /** Where the responses of {@code method} in {@code coding} at {@code level} and adaptive {@code step} are reported. */
    public BodyObserver.Encode encode(String method, String coding, int level, int step) {
        if (counting) {
            statistics.decodedCoding(coding); // every series exists from deployment on (metrics bind once)
        }
        return new EncodeObservation(method, coding, level, step, counting ? statistics : null);
    }

    /** Where the decoded request bodies of {@code method} are reported. */
    public BodyObserver.Decode decode(String method) {
        return new DecodeObservation(method, counting ? statistics : null, monitor);
    }

    /** The level costs a method's adaptive ladder reports its transitions to; {@code null} when not counting. */
    public LevelCostsSink costs() {
        return counting ? new LevelCostsSink() : null;
    }

    /** Ties a ladder's levels to the codec cost per level, which predicts the adaptive step above. */
    public final class LevelCostsSink {
        private LevelCostsSink() {
        }

        public void transition(String coding, int step, int level, int levelBelow) {
            statistics.levelCosts().transition(step, statistics.bodiesAt(coding, level),
                    statistics.bodiesAt(coding, levelBelow));
        }

        public LongAdder switched() {
            return statistics.levelCosts().switched();
        }
    }
}
