package dev.restcompress.server.internal.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.restcompress.server.internal.EncodedVariants;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * Why the cache's hash is keyed: for the CRC-32C it had, anyone who controls four bytes of a response
 * computes a second body with the same CRC and length (the CRC of equal-length messages is affine over
 * GF(2), so the four bytes that force it are the solution of 32 linear equations). Such a pair, asserted
 * to collide under CRC-32C, does not collide under the cache's hash, and in the cache the crafted body no
 * longer takes the other's entry.
 */
class CrcCollisionTest extends CacheFixture {
    /** The cache's previous key hash: CRC-32C and the length (one to one, so it collided exactly when the CRC did). */
    static final BodyHash CRC_32C = (b, n) -> crc32c(b, n) | (long) n << 32;

    static long crc32c(byte[] b, int n) {
        CRC32C crc = new CRC32C();
        crc.update(b, 0, n);
        return crc.getValue();
    }

    /**
     * {@code wanted} with bytes {@code [at, at + 4)} replaced so that its CRC-32C is {@code target}'s (the two
     * have the same length). Linear algebra over GF(2): with the four bytes zeroed, each of their 32 bits flips
     * a fixed set of the CRC's bits (a column); the bits to set are the columns that sum to the difference.
     */
    static byte[] forgeCrc(byte[] target, byte[] wanted, int at) {
        byte[] forged = wanted.clone();
        Arrays.fill(forged, at, at + 4, (byte) 0);
        long difference = crc32c(target, target.length) ^ crc32c(forged, forged.length);
        // Elimination: basis[bit] is a sum of columns whose highest set bit is bit; combo[bit] names the columns.
        long[] basis = new long[32];
        long[] combo = new long[32];
        byte[] zero = new byte[forged.length];
        long zeroCrc = crc32c(zero, zero.length);
        for (int i = 0; i < 32; i++) {
            zero[at + i / 8] = (byte) (1 << (i % 8));
            long column = crc32c(zero, zero.length) ^ zeroCrc; // what bit i flips (affine: the constant cancels)
            zero[at + i / 8] = 0;
            long names = 1L << i;
            for (int bit = 31; bit >= 0 && column != 0; bit--) {
                if ((column >>> bit & 1) == 0) {
                    continue;
                }
                if (basis[bit] == 0) {
                    basis[bit] = column;
                    combo[bit] = names;
                    break;
                }
                column ^= basis[bit];
                names ^= combo[bit];
            }
        }
        long bits = 0;
        for (int bit = 31; bit >= 0; bit--) {
            if ((difference >>> bit & 1) != 0) {
                if (basis[bit] == 0) {
                    throw new AssertionError("the 32 bits at " + at + " do not span the CRC");
                }
                difference ^= basis[bit];
                bits ^= combo[bit];
            }
        }
        for (int i = 0; i < 4; i++) {
            forged[at + i] = (byte) (bits >>> (8 * i));
        }
        return forged;
    }

    /** A JSON page and the attacker's page of the same length: another name, four forced bytes in a string. */
    static byte[][] crcCollidingPair() {
        byte[] page = VariantCacheTest.body(30_000, 1);
        byte[] attacker = page.clone();
        byte[] name = "{\"id\":0,\"name\":\"evil ????\"".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(name, 0, attacker, 1, name.length);
        return new byte[][] {page, forgeCrc(page, attacker, 1 + name.length - 5)};
    }

    @Test
    void aPairCraftedForCrc32cCollidesThereAndNotUnderTheCacheHash() {
        byte[][] pair = crcCollidingPair();
        byte[] a = pair[0];
        byte[] b = pair[1];
        assertEquals(a.length, b.length);
        assertFalse(Arrays.equals(a, b));
        // The premise: the old hash collides on this pair.
        assertEquals(crc32c(a, a.length), crc32c(b, b.length));
        assertEquals(CRC_32C.hash(a, a.length), CRC_32C.hash(b, b.length));
        // The cache's hash does not, under this process's key and under a thousand others.
        assertNotEquals(BodyHash.DEFAULT.hash(a, a.length), BodyHash.DEFAULT.hash(b, b.length));
        for (int i = 0; i < 1000; i++) {
            BodyHash keyed = TwoLaneSipHash.withRandomKeys();
            assertNotEquals(keyed.hash(a, a.length), keyed.hash(b, b.length), "key " + i);
        }
    }

    @Test
    void theCraftedBodyNoLongerTakesTheOthersEntry() {
        byte[][] pair = crcCollidingPair();
        // Under CRC-32C: the crafted body lands on the page's entry (a collision), and once kept replaces it.
        EncodedVariants crcMethod = cache(CRC_32C).forMethod("R#crc", VariantCacheTest.RULES);
        VariantCacheTest.missAndKeep(crcMethod, VariantCacheTest.GZIP1, pair[0], headers);
        VariantCacheTest.missAndKeep(crcMethod, VariantCacheTest.GZIP1, pair[1], headers);
        assertEquals(1, cache.totals().collisions());
        assertNull(crcMethod.lookup(VariantCacheTest.GZIP1, pair[0], pair[0].length, headers).codec(), "evicted");
        cache.close();
        // Under the keyed hash: two entries, both hit.
        EncodedVariants method = cache(BodyHash.DEFAULT).forMethod("R#sip", VariantCacheTest.RULES);
        byte[] encoded = VariantCacheTest.missAndKeep(method, VariantCacheTest.GZIP1, pair[0], headers);
        VariantCacheTest.missAndKeep(method, VariantCacheTest.GZIP1, pair[1], headers);
        assertEquals(0, cache.totals().collisions());
        EncodedVariants.Lookup hit = method.lookup(VariantCacheTest.GZIP1, pair[0], pair[0].length, headers);
        assertSame(VariantCacheTest.GZIP1, hit.codec());
        assertArrayEquals(encoded, hit.bytes());
        assertSame(VariantCacheTest.GZIP1, method.lookup(VariantCacheTest.GZIP1, pair[1], pair[1].length, headers).codec());
    }

    VariantCache cache(BodyHash hash) {
        cache = new VariantCache(VariantCacheTest.settings(), coding -> null, () -> 0, hash, 10);
        return cache;
    }
}
