package dev.restcompress.it.app;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Deterministic test bodies, shared by the deployed resources and the tests that check them, so a
 * test knows the exact bytes the server meant to send. Stateless.
 */
public final class Payloads {
    private Payloads() {
    }

    /** Compressible JSON-like ASCII text of exactly {@code size} bytes; {@code seed} varies the content. */
    public static byte[] text(int size, int seed) {
        StringBuilder sb = new StringBuilder(size + 128);
        for (int i = 0; sb.length() < size; i++) {
            int id = seed * 100_000 + i;
            sb.append("{\"id\":").append(id)
                    .append(",\"name\":\"order-").append(id)
                    .append("\",\"status\":\"").append(i % 3 == 0 ? "SHIPPED" : "PENDING")
                    .append("\",\"amount\":").append((id * 7919L) % 100_000)
                    .append("}\n");
        }
        sb.setLength(size);
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** {@link #text(int, int)} with seed 0, as a string. */
    public static String textString(int size) {
        return new String(text(size, 0), StandardCharsets.US_ASCII);
    }

    /** Incompressible bytes (seeded pseudo-random), exactly {@code size} of them. */
    public static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }
}
