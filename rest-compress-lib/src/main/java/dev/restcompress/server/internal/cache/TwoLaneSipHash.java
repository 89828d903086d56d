package dev.restcompress.server.internal.cache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.SecureRandom;

/**
 * The cache's body hash: two SipHash-1-3 lanes under independent keys, the even 8-byte words in one, the odd
 * words and the last 0-7 bytes in the other, their results xored:
 * {@code SipHash-1-3(key A, even words) ^ SipHash-1-3(key B, odd words + tail)}. One SipHash is a chain of
 * dependent rounds that leaves most of a core's arithmetic units idle; two independent chains take about
 * 0.65 of the time per byte (thread CPU on the bench machine: 7.2-8.3 us for 48.6 KB against 11.0 us for one
 * lane; the CRC-32C the cache had took 0.8 us, so a miss pays about 7 us more: docs/caching.md).
 *
 * <p>Why it is still a hash nobody can aim: the two words lists and the tail give back the body (the lane
 * lengths fix the number of words and the tail's length), so two different bodies differ in at least one
 * lane; under keys the attacker does not know, each lane's SipHash is a pseudo-random function, so the two
 * xors agree with odds of about 2^-64 whichever lanes differ. Immutable, thread-safe.
 */
final class TwoLaneSipHash implements BodyHash {
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final long a0;
    private final long a1;
    private final long b0;
    private final long b1;

    /** Lane A's key is {@code (a0, a1)}, lane B's {@code (b0, b1)}, as {@link SipHash}'s k0 and k1. */
    TwoLaneSipHash(long a0, long a1, long b0, long b1) {
        this.a0 = a0;
        this.a1 = a1;
        this.b0 = b0;
        this.b1 = b1;
    }

    /** Both keys from {@link SecureRandom} (the operating system's generator; never blocks). */
    static TwoLaneSipHash withRandomKeys() {
        SecureRandom random = new SecureRandom();
        return new TwoLaneSipHash(random.nextLong(), random.nextLong(), random.nextLong(), random.nextLong());
    }

    @Override
    public long hash(byte[] b, int n) {
        long va0 = a0 ^ 0x736f6d6570736575L;
        long va1 = a1 ^ 0x646f72616e646f6dL;
        long va2 = a0 ^ 0x6c7967656e657261L;
        long va3 = a1 ^ 0x7465646279746573L;
        long vb0 = b0 ^ 0x736f6d6570736575L;
        long vb1 = b1 ^ 0x646f72616e646f6dL;
        long vb2 = b0 ^ 0x6c7967656e657261L;
        long vb3 = b1 ^ 0x7465646279746573L;
        int pairs = n & ~15;
        for (int i = 0; i < pairs; i += 16) {
            long ma = (long) WORDS.get(b, i);
            long mb = (long) WORDS.get(b, i + 8);
            // One SipRound per lane, the lanes' steps interleaved so that the core runs both chains at once.
            va3 ^= ma;
            vb3 ^= mb;
            va0 += va1; va1 = Long.rotateLeft(va1, 13); va1 ^= va0; va0 = Long.rotateLeft(va0, 32);
            vb0 += vb1; vb1 = Long.rotateLeft(vb1, 13); vb1 ^= vb0; vb0 = Long.rotateLeft(vb0, 32);
            va2 += va3; va3 = Long.rotateLeft(va3, 16); va3 ^= va2;
            vb2 += vb3; vb3 = Long.rotateLeft(vb3, 16); vb3 ^= vb2;
            va0 += va3; va3 = Long.rotateLeft(va3, 21); va3 ^= va0;
            vb0 += vb3; vb3 = Long.rotateLeft(vb3, 21); vb3 ^= vb0;
            va2 += va1; va1 = Long.rotateLeft(va1, 17); va1 ^= va2; va2 = Long.rotateLeft(va2, 32);
            vb2 += vb1; vb1 = Long.rotateLeft(vb1, 17); vb1 ^= vb2; vb2 = Long.rotateLeft(vb2, 32);
            va0 ^= ma;
            vb0 ^= mb;
        }
        int words = n >>> 3;
        int aLength = ((words + 1) >>> 1) << 3; // bytes lane A hashed: the even words
        int bLength = ((words >>> 1) << 3) + (n & 7); // lane B: the odd words and the tail
        int tail = pairs;
        if ((words & 1) != 0) { // an even word left over: lane A's last whole word
            long ma = (long) WORDS.get(b, pairs);
            va3 ^= ma;
            va0 += va1; va1 = Long.rotateLeft(va1, 13); va1 ^= va0; va0 = Long.rotateLeft(va0, 32);
            va2 += va3; va3 = Long.rotateLeft(va3, 16); va3 ^= va2;
            va0 += va3; va3 = Long.rotateLeft(va3, 21); va3 ^= va0;
            va2 += va1; va1 = Long.rotateLeft(va1, 17); va1 ^= va2; va2 = Long.rotateLeft(va2, 32);
            va0 ^= ma;
            tail += 8;
        }
        long lastB = (long) bLength << 56;
        for (int i = tail; i < n; i++) {
            lastB |= (b[i] & 0xFFL) << ((i - tail) << 3);
        }
        return finish(va0, va1, va2, va3, (long) aLength << 56) ^ finish(vb0, vb1, vb2, vb3, lastB);
    }

    /** SipHash-1-3's last word (the length's lowest byte on top of the 0-7 bytes left) and finalization. */
    private static long finish(long v0, long v1, long v2, long v3, long last) {
        v3 ^= last;
        v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
        v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
        v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
        v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
        v0 ^= last;
        v2 ^= 0xFF;
        for (int r = 0; r < 3; r++) {
            v0 += v1; v1 = Long.rotateLeft(v1, 13); v1 ^= v0; v0 = Long.rotateLeft(v0, 32);
            v2 += v3; v3 = Long.rotateLeft(v3, 16); v3 ^= v2;
            v0 += v3; v3 = Long.rotateLeft(v3, 21); v3 ^= v0;
            v2 += v1; v1 = Long.rotateLeft(v1, 17); v1 ^= v2; v2 = Long.rotateLeft(v2, 32);
        }
        return v0 ^ v1 ^ v2 ^ v3;
    }
}
