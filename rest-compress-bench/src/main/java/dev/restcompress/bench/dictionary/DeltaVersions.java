package dev.restcompress.bench.dictionary;

import java.util.Random;

/**
 * The next version of a document, for the delta row (RFC 9842: the previous version is the
 * dictionary). Two change models, both deterministic:
 * <ul>
 *   <li>{@link #numbersEdited}: values updated in place (prices, counts, timestamps), scattered over
 *       the whole document: the hard case for a delta, every edit costs a match and a literal;</li>
 *   <li>{@link #blocksReplaced}: a few records rewritten, as three contiguous runs replaced by bytes
 *       of another document (new content the old version has never seen).</li>
 * </ul>
 */
public final class DeltaVersions {
    private DeltaVersions() {
    }

    /** {@code v1} with digits of randomly chosen numbers changed until {@code fraction} of its bytes differ. */
    public static byte[] numbersEdited(byte[] v1, double fraction, long seed) {
        byte[] v2 = v1.clone();
        Random random = new Random(seed);
        long target = Math.round(v1.length * fraction);
        long changed = 0;
        for (int attempt = 0; attempt < 1_000_000 && changed < target; attempt++) {
            int p = random.nextInt(v1.length);
            while (p < v1.length && !isDigit(v2[p])) {
                p++;
            }
            for (; p < v1.length && isDigit(v2[p]) && changed < target; p++) {
                if (v2[p] == v1[p]) {
                    v2[p] = (byte) ('0' + (v1[p] - '0' + 1 + random.nextInt(9)) % 10);
                    changed++;
                }
            }
        }
        return v2;
    }

    /** {@code v1} with three runs, {@code fraction} of its bytes in all, replaced by bytes of {@code other}. */
    public static byte[] blocksReplaced(byte[] v1, byte[] other, double fraction) {
        byte[] v2 = v1.clone();
        int run = (int) Math.round(v1.length * fraction / 3);
        for (int i = 1; i <= 3; i++) {
            int at = v1.length * i / 4;
            int from = Math.floorMod(at * 7, Math.max(1, other.length - run));
            System.arraycopy(other, from, v2, at, Math.min(run, Math.min(other.length - from, v1.length - at)));
        }
        return v2;
    }

    /** Bytes that differ (the versions have the same length). */
    public static int differing(byte[] a, byte[] b) {
        int n = 0;
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            n += a[i] == b[i] ? 0 : 1;
        }
        return n + Math.abs(a.length - b.length);
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }
}
