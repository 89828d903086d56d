package dev.restcompress.server.internal.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The cache's hash, {@link TwoLaneSipHash}, is exactly SipHash-1-3 of its even words under one key xor SipHash-1-3
 * of its odd words and tail under the other, for every length class; the one-lane {@link SipHash} it is compared
 * with matches the reference implementation's published outputs: SipHash-2-4's 64 vectors (key 00 01 .. 0f,
 * messages 00 01 .. of length 0 to 63; length 15 is the example in the paper's appendix) and SipHash-1-3's (key
 * 0, messages 00 01 .. of length 0 to 16), the same code with other round counts. Then the keys: random per
 * instance.
 */
class SipHashTest {
    /** SipHash-2-4, key 00 01 .. 0f, message 00 01 .. of length i (the reference's vectors_sip64). */
    static final long[] SIP24 = {
        0x726fdb47dd0e0e31L, 0x74f839c593dc67fdL, 0x0d6c8009d9a94f5aL, 0x85676696d7fb7e2dL,
        0xcf2794e0277187b7L, 0x18765564cd99a68dL, 0xcbc9466e58fee3ceL, 0xab0200f58b01d137L,
        0x93f5f5799a932462L, 0x9e0082df0ba9e4b0L, 0x7a5dbbc594ddb9f3L, 0xf4b32f46226bada7L,
        0x751e8fbc860ee5fbL, 0x14ea5627c0843d90L, 0xf723ca908e7af2eeL, 0xa129ca6149be45e5L,
        0x3f2acc7f57c29bdbL, 0x699ae9f52cbe4794L, 0x4bc1b3f0968dd39cL, 0xbb6dc91da77961bdL,
        0xbed65cf21aa2ee98L, 0xd0f2cbb02e3b67c7L, 0x93536795e3a33e88L, 0xa80c038ccd5ccec8L,
        0xb8ad50c6f649af94L, 0xbce192de8a85b8eaL, 0x17d835b85bbb15f3L, 0x2f2e6163076bcfadL,
        0xde4daaaca71dc9a5L, 0xa6a2506687956571L, 0xad87a3535c49ef28L, 0x32d892fad841c342L,
        0x7127512f72f27cceL, 0xa7f32346f95978e3L, 0x12e0b01abb051238L, 0x15e034d40fa197aeL,
        0x314dffbe0815a3b4L, 0x027990f029623981L, 0xcadcd4e59ef40c4dL, 0x9abfd8766a33735cL,
        0x0e3ea96b5304a7d0L, 0xad0c42d6fc585992L, 0x187306c89bc215a9L, 0xd4a60abcf3792b95L,
        0xf935451de4f21df2L, 0xa9538f0419755787L, 0xdb9acddff56ca510L, 0xd06c98cd5c0975ebL,
        0xe612a3cb9ecba951L, 0xc766e62cfcadaf96L, 0xee64435a9752fe72L, 0xa192d576b245165aL,
        0x0a8787bf8ecb74b2L, 0x81b3e73d20b49b6fL, 0x7fa8220ba3b2eceaL, 0x245731c13ca42499L,
        0xb78dbfaf3a8d83bdL, 0xea1ad565322a1a0bL, 0x60e61c23a3795013L, 0x6606d7e446282b93L,
        0x6ca4ecb15c5f91e1L, 0x9f626da15c9625f3L, 0xe51b38608ef25f57L, 0x958a324ceb064572L,
    };

    /** SipHash-1-3, key 0, message 00 01 .. of length i (the reference implementation's outputs). */
    static final long[] SIP13 = {
        0xd1fba762150c532cL, 0x68a914128e01e473L, 0x010bac45c41e3669L, 0x4d4c9a4a8ef6e0adL,
        0x7cc43f98813e4dbdL, 0x5abe2169dff36275L, 0xe3c25f87624f1cdbL, 0x2f098ab0c751325aL,
        0xead411e67ebe2eeaL, 0x75927f9d95124362L, 0xaf9f77a65ab51a1dL, 0xfe64ce8b6617fcffL,
        0xa6baf4fb0f9fe1c2L, 0xa0cf3211850f8e0dL, 0x7f86049379fbfe67L, 0xf30eb725bb91c9eaL,
        0x8972188433a5c5b7L,
    };

    static byte[] counting(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) i;
        }
        return b;
    }

    @Test
    void sipHash24MatchesTheReferenceVectors() {
        SipHash sip = new SipHash(2, 4, 0x0706050403020100L, 0x0f0e0d0c0b0a0908L);
        byte[] message = counting(SIP24.length);
        for (int n = 0; n < SIP24.length; n++) {
            assertEquals(SIP24[n], sip.hash(message, n), "length " + n);
        }
    }

    @Test
    void sipHash13MatchesTheReferenceImplementation() {
        SipHash sip = new SipHash(1, 3, 0, 0);
        byte[] message = counting(SIP13.length);
        for (int n = 0; n < SIP13.length; n++) {
            assertEquals(SIP13[n], sip.hash(message, n), "length " + n);
        }
        byte[] text = "digest-sip_hash".getBytes(StandardCharsets.US_ASCII); // another value from the same reference
        assertEquals(0xce31007e34130c0aL, sip.hash(text, text.length));
    }

    @Test
    void onlyTheFirstLengthBytesCountAndTheArrayIsNotChanged() {
        SipHash sip = new SipHash(2, 4, 0x0706050403020100L, 0x0f0e0d0c0b0a0908L);
        byte[] longer = Arrays.copyOf(counting(40), 100);
        Arrays.fill(longer, 40, 100, (byte) 0x5A);
        byte[] before = longer.clone();
        assertEquals(SIP24[40], sip.hash(longer, 40));
        assertEquals(SIP24[33], sip.hash(longer, 33));
        assertEquals(Arrays.toString(before), Arrays.toString(longer));
    }

    /** What {@link TwoLaneSipHash} must compute, from its definition, with the one-lane reference. */
    static long twoLanes(long a0, long a1, long b0, long b1, byte[] body, int n) {
        int words = n / 8;
        byte[] even = new byte[(words + 1) / 2 * 8];
        byte[] oddAndTail = new byte[words / 2 * 8 + n % 8];
        for (int w = 0; w < words; w++) {
            System.arraycopy(body, w * 8, w % 2 == 0 ? even : oddAndTail, w / 2 * 8, 8);
        }
        System.arraycopy(body, words * 8, oddAndTail, words / 2 * 8, n % 8);
        return new SipHash(1, 3, a0, a1).hash(even, even.length) ^ new SipHash(1, 3, b0, b1).hash(oddAndTail,
                oddAndTail.length);
    }

    @Test
    void theCacheHashIsTwoSipHash13LanesXored() {
        Random seeded = new Random(2026);
        byte[] body = new byte[70_000];
        seeded.nextBytes(body);
        for (int round = 0; round < 4; round++) {
            long a0 = seeded.nextLong();
            long a1 = seeded.nextLong();
            long b0 = seeded.nextLong();
            long b1 = seeded.nextLong();
            TwoLaneSipHash hash = new TwoLaneSipHash(a0, a1, b0, b1);
            // Every length up to five pairs of words (each parity of words, each tail), then large ones.
            for (int n = 0; n <= 80; n++) {
                assertEquals(twoLanes(a0, a1, b0, b1, body, n), hash.hash(body, n), "length " + n);
            }
            for (int n : new int[] {1024, 30_720, 48_513, 48_520, 69_999, 70_000}) {
                assertEquals(twoLanes(a0, a1, b0, b1, body, n), hash.hash(body, n), "length " + n);
            }
        }
    }

    @Test
    void theCacheHashIsKeyedAtRandomPerInstance() {
        byte[] body = VariantCacheTest.body(30_000, 1);
        Set<Long> hashes = new HashSet<>();
        for (int i = 0; i < 8; i++) {
            hashes.add(TwoLaneSipHash.withRandomKeys().hash(body, body.length));
        }
        // Eight keys from the system's generator give eight hashes (a repeat has odds of about 2^-59).
        assertEquals(8, hashes.size(), hashes.toString());
        // The same keys give the same hash (so equal bodies meet in the cache), other keys another hash.
        Random seeded = new Random(31);
        long[] k = {seeded.nextLong(), seeded.nextLong(), seeded.nextLong(), seeded.nextLong()};
        assertEquals(new TwoLaneSipHash(k[0], k[1], k[2], k[3]).hash(body, body.length),
                new TwoLaneSipHash(k[0], k[1], k[2], k[3]).hash(body, body.length));
        for (int i = 0; i < 4; i++) {
            long[] other = k.clone();
            other[i] ^= 1;
            assertNotEquals(new TwoLaneSipHash(k[0], k[1], k[2], k[3]).hash(body, body.length),
                    new TwoLaneSipHash(other[0], other[1], other[2], other[3]).hash(body, body.length), "key word " + i);
        }
        assertEquals(BodyHash.DEFAULT.hash(body, body.length), BodyHash.DEFAULT.hash(body.clone(), body.length));
    }

    @Test
    void roundsAreAtLeastOne() {
        assertThrows(IllegalArgumentException.class, () -> new SipHash(0, 3, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new SipHash(1, 0, 0, 0));
    }
}
