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

    private static final String[] TITLES = {"Stainless steel water bottle 750 ml", "Merino wool hiking socks, pair",
        "Lightweight rain jacket, size M", "Insulated coffee mug 350 ml", "Trail running shoes, size 42",
        "Compact first aid kit", "Folding camping chair", "LED head torch, 300 lumen"};
    private static final String[] STATES = {"SHIPPED", "PROCESSING", "DELIVERED", "CANCELLED"};
    private static final String[] CITIES = {"Lisbon", "Porto", "Coimbra", "Braga", "Faro"};

    /**
     * Order {@code n} as JSON (about 1.5 KB), of the shape of the contract's shared dictionary
     * ({@code contract.dict}) but with other values, as an API's responses are to its dictionary.
     */
    public static String order(int n) {
        StringBuilder lines = new StringBuilder();
        for (int k = 0; k < 5; k++) {
            int item = (n * 7 + k * 3) % TITLES.length;
            lines.append(k == 0 ? "" : ",").append("{\"sku\":\"SKU-").append(10_000 + (n * 131 + k * 977) % 90_000)
                    .append("\",\"title\":\"").append(TITLES[item]).append("\",\"quantity\":").append(1 + (n + k) % 4)
                    .append(",\"unitPrice\":{\"amount\":\"").append(10 + (n * 13 + k * 29) % 240).append('.')
                    .append(10 + (n + k * 17) % 89).append("\",\"currency\":\"EUR\"}}");
        }
        String id = String.format("%06d", 1000 + n);
        int customer = 41_000 + n * 37 % 9000;
        return "{\"orderId\":\"ORD-2026-" + id + "\",\"status\":\"" + STATES[n % STATES.length]
                + "\",\"customer\":{\"id\":" + customer + ",\"name\":\"Customer " + customer % 1000
                + "\",\"email\":\"customer." + customer % 1000 + "@example.org\",\"tier\":\"" + (n % 3 == 0 ? "GOLD" : "SILVER")
                + "\",\"address\":{\"street\":\"" + (n % 150 + 1) + " Harbour Road\",\"city\":\"" + CITIES[n % CITIES.length]
                + "\",\"postalCode\":\"1100-" + String.format("%03d", n % 1000) + "\",\"country\":\"PT\"}},\"lines\":[" + lines
                + "],\"payment\":{\"method\":\"CARD\",\"status\":\"CAPTURED\",\"reference\":\"PAY-" + (8000 + n) + "-"
                + String.format("%04d", n * 61 % 10_000) + "\"},\"shipping\":{\"carrier\":\"Parcel Express\",\"service\":\""
                + (n % 2 == 0 ? "NEXT_DAY" : "STANDARD") + "\",\"tracking\":\"PX" + String.format("%010d", customer * 100L + n)
                + "PT\"},\"createdAt\":\"2026-11-2" + n % 10 + "T10:" + String.format("%02d", n % 60)
                + ":00Z\",\"updatedAt\":\"2026-11-2" + n % 10 + "T12:00:00Z\"}";
    }

    /**
     * Version {@code version} of a catalog (about 40 KB of JSON lines): successive versions differ
     * in a few prices, as a delta-compressed resource does.
     */
    public static String catalog(int version) {
        StringBuilder sb = new StringBuilder("{\"version\":").append(version).append(",\"products\":[\n");
        for (int i = 0; i < 600; i++) {
            int price = 500 + (i * 7919) % 20_000 + (i % 61 == 0 ? version * 5 : 0);
            sb.append(i == 0 ? "" : ",\n").append("{\"id\":").append(i).append(",\"title\":\"").append(TITLES[i % TITLES.length])
                    .append("\",\"price\":").append(price).append(",\"stock\":").append((i * 31) % 97).append('}');
        }
        return sb.append("\n]}").toString();
    }
}
