package dev.restcompress.server.internal.cache;

import dev.restcompress.codec.Codec;
import dev.restcompress.server.internal.EncodedVariants;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One cached body: its identity bytes (the proof of a hit), the encoded variant and the codec that
 * made it. The bytes never change: an upgrade makes a new entry ({@link #upgradedTo}) that replaces
 * this one in the cache, so a request that holds this entry still sends consistent bytes and headers.
 * A hit is this entry itself as the data path's {@link EncodedVariants.Lookup}. Thread-safe.
 */
final class CacheEntry implements EncodedVariants.Lookup {
    /** What an entry costs beyond its two arrays (objects, key, the cache's node), counted in its weight. */
    static final int OVERHEAD = 128;

    final CacheKey key;
    final byte[] identity;
    final Codec codec;
    final byte[] encoded;
    /** Whether this is already the best variant (or an attempt at one was made). */
    final boolean upgraded;
    private final AtomicInteger hits = new AtomicInteger();
    private final AtomicBoolean claimed = new AtomicBoolean();

    CacheEntry(CacheKey key, byte[] identity, Codec codec, byte[] encoded, boolean upgraded) {
        this.key = key;
        this.identity = identity;
        this.codec = codec;
        this.encoded = encoded;
        this.upgraded = upgraded;
    }

    /** Whether this entry holds exactly {@code body[0, length)}. */
    boolean matches(byte[] body, int length) {
        return identity.length == length && Arrays.equals(identity, 0, length, body, 0, length);
    }

    /** Bytes this entry holds, as the cache's bound counts them. */
    int weight() {
        return (int) Math.min(Integer.MAX_VALUE, (long) identity.length + encoded.length + OVERHEAD);
    }

    /**
     * Counts a hit and answers whether this one makes the entry due for its upgrade (after
     * {@code after} hits; once: the caller then owns the upgrade, or gives it back with {@link #unclaim}).
     * Claimed entries are not counted any more, so hot entries cost no shared write per hit.
     */
    boolean hitClaimsUpgrade(int after) {
        if (upgraded || claimed.get()) {
            return false;
        }
        return hits.incrementAndGet() >= after && claimed.compareAndSet(false, true);
    }

    /** The upgrade was not queued: a later hit may claim it again. */
    void unclaim() {
        claimed.set(false);
    }

    /** The same body with a better variant (or the same one, marked as tried). */
    CacheEntry upgradedTo(Codec better, byte[] bytes) {
        return new CacheEntry(key, identity, better, bytes, true);
    }

    @Override
    public Codec codec() {
        return codec;
    }

    @Override
    public byte[] bytes() {
        return encoded;
    }

    /** A hit keeps nothing. */
    @Override
    public void keep(Codec c, byte[] bytes, int length) {
    }
}
