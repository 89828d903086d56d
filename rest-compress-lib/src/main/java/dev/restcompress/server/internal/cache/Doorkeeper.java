package dev.restcompress.server.internal.cache;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The bodies one method saw lately, by {@link BodyHash}: the cache's admission filter
 * ({@code rest-compress.cache.admit=second}). A body's first sighting only marks its hash here; the
 * cache keeps its encoded variant at the next one. A method whose bodies never repeat (a timestamp, a
 * request id, per-user data) so costs a hash and one slot write per response, instead of two copies
 * of the body into the cache and the eviction of a body that could have been hit (TinyLFU's
 * "doorkeeper", without its Bloom filter: one direct-mapped table of marks).
 *
 * <p>Bounded: a fixed table of marks, a few times the method's entries, allocated once; a new body
 * overwrites whichever mark shares its slot, so the filter remembers recent bodies and forgets old ones
 * by itself (no reset, no lock, no allocation per request). A mark is a hash, never the proof of
 * anything: a collision only admits a body one sighting early, and a forgotten mark admits it one
 * sighting late. Thread-safe: racing writes to a slot leave one of the marks, which is all a filter needs.
 */
final class Doorkeeper {
    /** Fewest and most slots of a table (8 bytes each). */
    static final int MIN_SLOTS = 64;
    static final int MAX_SLOTS = 1 << 16;
    /** Slots per entry the method may hold: room for bodies seen once between two sightings of a recurring one. */
    static final int SLOTS_PER_ENTRY = 4;

    /** The marks; 0 is an empty slot, so every mark has its lowest bit set. */
    private final AtomicLongArray marks;
    private final int mask;

    /** A table for a method that holds at most {@code maxEntries} entries. */
    static Doorkeeper forEntries(int maxEntries) {
        return new Doorkeeper(slotsFor(maxEntries));
    }

    /** The slots of the table of a method that holds at most {@code maxEntries} entries: a power of two. */
    static int slotsFor(int maxEntries) {
        long wanted = Math.max(MIN_SLOTS, Math.min(MAX_SLOTS, (long) maxEntries * SLOTS_PER_ENTRY));
        return Integer.highestOneBit((int) wanted * 2 - 1); // the next power of two
    }

    /** @param slots a power of two */
    Doorkeeper(int slots) {
        if (Integer.bitCount(slots) != 1) {
            throw new IllegalArgumentException("slots must be a power of two, was " + slots);
        }
        this.marks = new AtomicLongArray(slots);
        this.mask = slots - 1;
    }

    /**
     * Records a sighting of the body whose hash is {@code hash} and answers whether its mark was already
     * there (seen before, and not forgotten since): then it may enter the cache.
     */
    boolean seenBefore(long hash) {
        long mark = hash | 1L;
        int slot = (int) (hash ^ (hash >>> 32)) & mask;
        if (marks.getOpaque(slot) == mark) {
            return true;
        }
        marks.setOpaque(slot, mark);
        return false;
    }

    /** Slots of the table (tests). */
    int slots() {
        return mask + 1;
    }
}
