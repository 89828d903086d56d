package dev.restcompress.server.internal.cache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * SipHash-c-d (Aumasson and Bernstein, 2012), one lane, written straight from the paper's description: the
 * tests' reference for {@link TwoLaneSipHash}, itself checked against the reference implementation's vectors
 * ({@link SipHashTest}). {@code c} compression rounds per 8-byte little-endian word, {@code d} finalization rounds.
 * Immutable, thread-safe.
 */
final class SipHash implements BodyHash {
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final int compressionRounds;
    private final int finalizationRounds;
    private final long k0;
    private final long k1;

    /** @param k0 the key's first 8 bytes, little-endian; {@code k1} its last 8 */
    SipHash(int compressionRounds, int finalizationRounds, long k0, long k1) {
        if (compressionRounds < 1 || finalizationRounds < 1) {
            throw new IllegalArgumentException("rounds must be at least 1, were " + compressionRounds + "-"
                    + finalizationRounds);
        }
        this.compressionRounds = compressionRounds;
        this.finalizationRounds = finalizationRounds;
        this.k0 = k0;
        this.k1 = k1;
    }

    @Override
    public long hash(byte[] b, int n) {
        long v0 = k0 ^ 0x736f6d6570736575L;
        long v1 = k1 ^ 0x646f72616e646f6dL;
        long v2 = k0 ^ 0x6c7967656e657261L;
        long v3 = k1 ^ 0x7465646279746573L;
        int words = n & ~7;
        for (int i = 0; i < words; i += 8) {
            long m = (long) WORDS.get(b, i);
            v3 ^= m;
            for (int r = 0; r < compressionRounds; r++) {
                // One SipRound, written out in place: the four state words stay in registers.
                v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
                v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
                v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
                v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
            }
            v0 ^= m;
        }
        // The last word: the 0-7 bytes left, and the length's lowest byte on top.
        long last = (long) n << 56;
        for (int i = words; i < n; i++) {
            last |= (b[i] & 0xFFL) << ((i - words) << 3);
        }
        v3 ^= last;
        for (int r = 0; r < compressionRounds; r++) {
            v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
            v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
            v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
            v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
        }
        v0 ^= last;
        v2 ^= 0xFF;
        for (int r = 0; r < finalizationRounds; r++) {
            v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
            v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
            v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
            v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
        }
        return v0 ^ v1 ^ v2 ^ v3;
    }
}
