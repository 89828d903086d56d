package dev.restcompress.server.internal.cache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The hash of an identity body that, with the coding and the length, keys the cache. Never the proof
 * of a hit (the bytes are compared), so it only has to spread well and be cheap: 64 bits, eight bytes
 * at a time in four independent lanes (a 48 KB body costs a few microseconds, far below its
 * compression). A seam for tests, which force collisions with a constant hash. Thread-safe.
 */
@FunctionalInterface
interface BodyHash {
    /** The hash of {@code body[0, length)}. */
    long hash(byte[] body, int length);

    /** The cache's hash. */
    BodyHash DEFAULT = Lanes::hash;

    /** Four multiply-rotate lanes over little-endian longs, a tail, and a final avalanche. */
    final class Lanes {
        private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
                ByteOrder.LITTLE_ENDIAN);
        private static final long K1 = 0x9E3779B185EBCA87L;
        private static final long K2 = 0xC2B2AE3D27D4EB4FL;
        private static final long K3 = 0x165667B19E3779F9L;

        private Lanes() {
        }

        static long hash(byte[] b, int n) {
            long a = K1;
            long c = K2;
            long d = K3;
            long e = n;
            int i = 0;
            for (; i + 32 <= n; i += 32) {
                a = Long.rotateLeft(a + (long) LONGS.get(b, i) * K2, 31) * K1;
                c = Long.rotateLeft(c + (long) LONGS.get(b, i + 8) * K2, 31) * K1;
                d = Long.rotateLeft(d + (long) LONGS.get(b, i + 16) * K2, 31) * K1;
                e = Long.rotateLeft(e + (long) LONGS.get(b, i + 24) * K2, 31) * K1;
            }
            long h = Long.rotateLeft(a, 1) + Long.rotateLeft(c, 7) + Long.rotateLeft(d, 12) + Long.rotateLeft(e, 18)
                    + n;
            for (; i + 8 <= n; i += 8) {
                h = Long.rotateLeft(h ^ ((long) LONGS.get(b, i) * K2), 27) * K1 + K3;
            }
            for (; i < n; i++) {
                h = Long.rotateLeft(h ^ ((b[i] & 0xFFL) * K3), 11) * K1;
            }
            h ^= h >>> 33;
            h *= K2;
            h ^= h >>> 29;
            h *= K3;
            return h ^ (h >>> 32);
        }
    }
}
