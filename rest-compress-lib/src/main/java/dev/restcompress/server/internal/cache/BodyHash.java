package dev.restcompress.server.internal.cache;

/**
 * The hash of an identity body that, with the coding and the length, keys the cache and marks the body in
 * the {@link Doorkeeper}. Never the proof of a hit (the bytes are compared), but it must be one nobody can
 * aim: a body crafted to share another's hash takes that body's entry (a counted miss, then the crafted body
 * kept in its place) and, in the doorkeeper, is admitted one sighting early, so bodies made to collide could
 * thrash a method's entries. So the hash is keyed with a key drawn at random when the process starts
 * ({@link TwoLaneSipHash}), and it is paid by every lookup, misses included. A seam for tests, which force
 * collisions with a constant hash. Thread-safe.
 */
@FunctionalInterface
interface BodyHash {
    /** The hash of {@code body[0, length)}. */
    long hash(byte[] body, int length);

    /** The cache's hash: two lanes of SipHash-1-3 under this process's random keys. */
    BodyHash DEFAULT = TwoLaneSipHash.withRandomKeys();
}
