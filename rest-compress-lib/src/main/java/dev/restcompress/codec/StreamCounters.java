package dev.restcompress.codec;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the streaming decoders and encoders that hold native or pooled state, per coding: how many
 * were opened, closed by their owner, and reclaimed by the garbage collector because no owner closed
 * them (each of those is a bug: native memory held until a GC happens to run). One instance per
 * server or client feature, so the two sides are counted apart.
 *
 * <p>Tests assert after every request that {@code closed == opened} and nothing was reclaimed;
 * {@link #outstanding()} is what is open right now. Thread-safe and lock-free on the counting path.
 */
public final class StreamCounters {
    /** What was opened. */
    public enum Kind {
        /** A streaming decoder of a request (server) or response (client) body. */
        DECODER,
        /** A streaming encoder of a response (server) or request (client) body. */
        ENCODER;

        String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Per kind, coding to tally: the counting path looks up by the coding token, allocating nothing. */
    private final Map<Kind, ConcurrentHashMap<String, Tally>> tallies = new java.util.EnumMap<>(Map.of(
            Kind.DECODER, new ConcurrentHashMap<>(), Kind.ENCODER, new ConcurrentHashMap<>()));

    /** Counts one {@code kind} of stream of {@code coding} as opened. */
    public void opened(Kind kind, String coding) {
        tally(kind, coding).opened.increment();
    }

    /** Counts one as closed by its owner. */
    public void closed(Kind kind, String coding) {
        tally(kind, coding).closed.increment();
    }

    /** Counts one as freed by the garbage collector's safety net, not by its owner. */
    public void reclaimed(Kind kind, String coding) {
        tally(kind, coding).reclaimed.increment();
    }

    /** Streams of this kind and coding opened so far. */
    public long openedCount(Kind kind, String coding) {
        Tally t = tallies.get(kind).get(coding);
        return t == null ? 0 : t.opened.sum();
    }

    /** Streams of this kind and coding closed by their owner so far. */
    public long closedCount(Kind kind, String coding) {
        Tally t = tallies.get(kind).get(coding);
        return t == null ? 0 : t.closed.sum();
    }

    /** Streams of every kind and coding opened and neither closed nor reclaimed yet. */
    public long outstanding() {
        long n = 0;
        for (Map<String, Tally> byCoding : tallies.values()) {
            for (Tally t : byCoding.values()) {
                n += t.opened.sum() - t.closed.sum() - t.reclaimed.sum();
            }
        }
        return n;
    }

    /** Streams the garbage collector had to free, over every kind and coding. */
    public long reclaimed() {
        long n = 0;
        for (Map<String, Tally> byCoding : tallies.values()) {
            for (Tally t : byCoding.values()) {
                n += t.reclaimed.sum();
            }
        }
        return n;
    }

    /**
     * {@code "decoder zstd" -> "opened=3 closed=3 reclaimed=0"} for every kind and coding seen, sorted:
     * for failure messages and diagnostics.
     */
    public Map<String, String> snapshot() {
        Map<String, String> out = new TreeMap<>();
        tallies.forEach((kind, byCoding) -> byCoding.forEach((coding, t) -> out.put(kind.label() + " " + coding,
                "opened=" + t.opened.sum() + " closed=" + t.closed.sum() + " reclaimed=" + t.reclaimed.sum())));
        return out;
    }

    @Override
    public String toString() {
        return "StreamCounters" + snapshot();
    }

    private Tally tally(Kind kind, String coding) {
        ConcurrentHashMap<String, Tally> byCoding = tallies.get(kind);
        Tally t = byCoding.get(coding);
        return t != null ? t : byCoding.computeIfAbsent(coding, k -> new Tally());
    }

    private static final class Tally {
        final LongAdder opened = new LongAdder();
        final LongAdder closed = new LongAdder();
        final LongAdder reclaimed = new LongAdder();
    }
}
