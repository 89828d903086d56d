package dev.restcompress.config;

import java.util.List;
import java.util.function.Function;

/**
 * The settings of shared dictionaries (RFC 9842), read like {@link CompressionSettings} (JAX-RS
 * configuration property, then system property, then default). Immutable.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>key</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@value #PATH}</td><td>_dictionaries</td><td>path under the application base where
 *       static dictionaries are served ({@code <base>/<path>/<name>})</td></tr>
 *   <tr><td>{@value #THRESHOLD}</td><td>256</td><td>bodies below this size (bytes) are sent
 *       unencoded when {@code dcz} or {@code dcb} was negotiated (a dictionary makes compression pay
 *       far earlier than the ordinary threshold)</td></tr>
 *   <tr><td>{@value #MAX_AGE}</td><td>2592000 (30 days)</td><td>{@code Cache-Control: max-age} of a
 *       served dictionary, in seconds; the browser keeps it that long</td></tr>
 *   <tr><td>{@value #DCZ_LEVEL}</td><td>{@value #DEFAULT_DCZ_LEVEL}</td><td>zstd level of {@code dcz} (1-19);
 *       see {@link #DEFAULT_DCZ_LEVEL} for why it is higher than zstd's usual 3</td></tr>
 *   <tr><td>{@value #DCB_LEVEL}</td><td>{@value #DEFAULT_DCB_LEVEL}</td><td>brotli quality of {@code dcb} (0-11)</td></tr>
 *   <tr><td>{@value #PREFERENCE}</td><td>dcz,dcb</td><td>which dictionary coding wins when the client
 *       weighs both the same (browsers send {@code dcb, dcz} with equal weight)</td></tr>
 *   <tr><td>{@value #MAX_SIZE}</td><td>4194304</td><td>largest dictionary kept: a delta version, or
 *       one the client receives</td></tr>
 *   <tr><td>{@value #DELTA_STORE_BYTES}</td><td>33554432</td><td>server: bytes of previous versions
 *       of {@link dev.restcompress.annotation.DeltaDictionary} resources kept (LRU)</td></tr>
 *   <tr><td>{@value #CLIENT_STORE_BYTES}</td><td>16777216</td><td>client: bytes of received
 *       dictionaries kept (LRU)</td></tr>
 *   <tr><td>{@value #CLIENT_ENABLED}</td><td>true</td><td>client: keep dictionaries, advertise them
 *       and accept {@code dcz}/{@code dcb}</td></tr>
 * </table>
 */
public final class DictionarySettings {
    public static final String PATH = CompressionSettings.PREFIX + "dictionary.path";
    public static final String THRESHOLD = CompressionSettings.PREFIX + "dictionary.threshold";
    public static final String MAX_AGE = CompressionSettings.PREFIX + "dictionary.max-age";
    public static final String DCZ_LEVEL = CompressionSettings.PREFIX + "dictionary.dcz-level";
    public static final String DCB_LEVEL = CompressionSettings.PREFIX + "dictionary.dcb-level";
    public static final String PREFERENCE = CompressionSettings.PREFIX + "dictionary.preference";
    public static final String MAX_SIZE = CompressionSettings.PREFIX + "dictionary.max-size";
    public static final String DELTA_STORE_BYTES = CompressionSettings.PREFIX + "dictionary.delta-store-bytes";
    public static final String CLIENT_STORE_BYTES = CompressionSettings.PREFIX + "client.dictionary-store-bytes";
    public static final String CLIENT_ENABLED = CompressionSettings.PREFIX + "client.dictionaries";

    /**
     * Default zstd level of {@code dcz}. Small bodies are what dictionaries are for, and on them
     * level 12 makes 0.490 of gzip-6's bytes where level 3 makes 0.553 (2,074 held-out JSON bodies
     * under 4 KiB, 64 KiB dictionaries of other records of the same API). The price is encode time:
     * about 3x level 3's per small body (JMH: the bench's small-payload suite, break-even rows; still
     * no slower than zstd at level 12 without a dictionary), which on a 1 Gbit/s link costs more than
     * the bytes it saves: lower it (3) where responses go to clients on fast links and bytes matter
     * less than CPU.
     */
    public static final int DEFAULT_DCZ_LEVEL = 12;
    /** Default brotli quality of {@code dcb} (0.48 of gzip-6 on the same bodies with 32 KiB dictionaries). */
    public static final int DEFAULT_DCB_LEVEL = 5;

    /** Every key, for the unknown-key check. */
    public static final List<String> KEYS = List.of(PATH, THRESHOLD, MAX_AGE, DCZ_LEVEL, DCB_LEVEL, PREFERENCE, MAX_SIZE,
            DELTA_STORE_BYTES,
            CLIENT_STORE_BYTES, CLIENT_ENABLED);

    private final String path;
    private final int threshold;
    private final long maxAge;
    private final int dczLevel;
    private final int dcbLevel;
    private final List<String> preference;
    private final int maxSize;
    private final long deltaStoreBytes;
    private final long clientStoreBytes;
    private final boolean clientEnabled;

    private DictionarySettings(Function<String, Object> lookup) {
        Object p = lookup.apply(PATH);
        String s = p == null ? "_dictionaries" : p.toString().trim();
        while (s.startsWith("/")) {
            s = s.substring(1);
        }
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        if (s.isEmpty() || !s.matches("[A-Za-z0-9._~/-]+")) {
            throw new IllegalArgumentException(PATH + " must be a URL path of letters, digits, '.', '_', '~', '-'"
                    + " and '/', was '" + p + "'");
        }
        path = s;
        threshold = (int) CompressionSettings.longValue(lookup, THRESHOLD, 256, 0, Integer.MAX_VALUE);
        maxAge = CompressionSettings.longValue(lookup, MAX_AGE, 30L * 24 * 3600, 1, Integer.MAX_VALUE);
        dczLevel = (int) CompressionSettings.longValue(lookup, DCZ_LEVEL, DEFAULT_DCZ_LEVEL, 1, 19);
        dcbLevel = (int) CompressionSettings.longValue(lookup, DCB_LEVEL, DEFAULT_DCB_LEVEL, 0, 11);
        preference = preference(lookup.apply(PREFERENCE));
        maxSize = (int) CompressionSettings.longValue(lookup, MAX_SIZE, 4L * 1024 * 1024, 1, 1 << 30);
        deltaStoreBytes = CompressionSettings.longValue(lookup, DELTA_STORE_BYTES, 32L * 1024 * 1024, 0, Long.MAX_VALUE);
        clientStoreBytes = CompressionSettings.longValue(lookup, CLIENT_STORE_BYTES, 16L * 1024 * 1024, 0, Long.MAX_VALUE);
        Object e = lookup.apply(CLIENT_ENABLED);
        if (e == null) {
            clientEnabled = true;
        } else if (e.toString().trim().equalsIgnoreCase("true") || e.toString().trim().equalsIgnoreCase("false")) {
            clientEnabled = Boolean.parseBoolean(e.toString().trim());
        } else {
            throw new IllegalArgumentException(CLIENT_ENABLED + " must be true or false, was '" + e + "'");
        }
    }

    /**
     * Settings from a property lookup, falling back to system properties.
     *
     * @throws IllegalArgumentException naming the key, range and value of the first invalid setting
     */
    public static DictionarySettings from(Function<String, Object> properties) {
        return new DictionarySettings(key -> {
            Object v = properties == null ? null : properties.apply(key);
            return v != null ? v : System.getProperty(key);
        });
    }

    /** "dcb,dcz" or "dcz,dcb" (one token alone puts it first); anything else fails naming the key. */
    private static List<String> preference(Object value) {
        if (value == null) {
            return List.of("dcz", "dcb");
        }
        List<String> out = new java.util.ArrayList<>();
        for (String token : value.toString().split(",")) {
            String t = token.trim().toLowerCase(java.util.Locale.ROOT);
            if (!(t.equals("dcz") || t.equals("dcb")) || out.contains(t)) {
                throw new IllegalArgumentException(PREFERENCE + " must list dcz and/or dcb once each, was '" + value
                        + "'");
            }
            out.add(t);
        }
        for (String t : List.of("dcz", "dcb")) {
            if (!out.contains(t)) {
                out.add(t);
            }
        }
        return List.copyOf(out);
    }


    /** Path segment(s) under the application base where dictionaries are served, without slashes at the ends. */
    public String path() {
        return path;
    }

    /** Bodies below this size go out unencoded when a dictionary coding was negotiated. */
    public int threshold() {
        return threshold;
    }

    /** {@code max-age} of a served dictionary, seconds. */
    public long maxAge() {
        return maxAge;
    }

    /** zstd level of {@code dcz} (one-shot and streaming, static and delta dictionaries). */
    public int dczLevel() {
        return dczLevel;
    }

    /** brotli quality of {@code dcb}. */
    public int dcbLevel() {
        return dcbLevel;
    }

    /** The dictionary codings in the order that breaks a tie of the client's weights. */
    public List<String> preference() {
        return preference;
    }

    /** Largest dictionary kept (delta version, client). */
    public int maxSize() {
        return maxSize;
    }

    public long deltaStoreBytes() {
        return deltaStoreBytes;
    }

    public long clientStoreBytes() {
        return clientStoreBytes;
    }

    public boolean clientEnabled() {
        return clientEnabled;
    }

    @Override
    public String toString() {
        return "dictionaries at " + path + ", max-age " + maxAge + " s, dcz level " + dczLevel + ", dcb level "
                + dcbLevel + ", delta store " + deltaStoreBytes + " B";
    }
}
