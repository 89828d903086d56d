package dev.restcompress.breach;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A seeded random source that records every bounded int it hands out, so a test knows the padding length
 * each response got ({@code rest-compress.breach.random}). Thread-safe.
 */
final class RecordingRandom extends Random {
    private final List<Integer> drawn = new ArrayList<>();

    RecordingRandom(long seed) {
        super(seed);
    }

    @Override
    public synchronized int nextInt(int bound) {
        int n = super.nextInt(bound);
        drawn.add(n);
        return n;
    }

    /** Runs {@code requests} and returns what was drawn meanwhile, in order. */
    List<Integer> drawnSince(ThrowingRunnable requests) throws Exception {
        int from;
        synchronized (this) {
            from = drawn.size();
        }
        requests.run();
        synchronized (this) {
            return List.copyOf(drawn.subList(from, drawn.size()));
        }
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }
}
