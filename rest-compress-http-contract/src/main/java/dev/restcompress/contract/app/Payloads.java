package dev.restcompress.contract.app;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Deterministic bodies shared by the deployed resources and the contract that checks them, so the
 * contract knows the exact bytes the server meant to send. Stateless.
 */
public final class Payloads {
    private Payloads() {
    }

    /** Compressible JSON-lines ASCII text of exactly {@code size} bytes; {@code seed} varies it. */
    public static byte[] text(int size, int seed) {
        StringBuilder sb = new StringBuilder(size + 128);
        for (int i = 0; sb.length() < size; i++) {
            long id = seed * 1_000_003L + i;
            sb.append("{\"id\":").append(id).append(",\"sku\":\"item-").append(id % 977)
                    .append("\",\"state\":\"").append(i % 4 == 0 ? "OPEN" : "CLOSED")
                    .append("\",\"total\":").append((id * 31L) % 50_000).append("}\n");
        }
        sb.setLength(size);
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** {@link #text(int, int)} with seed 0, as a string. */
    public static String textString(int size) {
        return new String(text(size, 0), StandardCharsets.US_ASCII);
    }

    /** Incompressible seeded pseudo-random bytes, exactly {@code size} of them. */
    public static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }
}
