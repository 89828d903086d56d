package dev.restcompress.config;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The settings of the cache of encoded variants ({@link dev.restcompress.annotation.CacheEncoded}),
 * read like {@link CompressionSettings} (JAX-RS configuration property, then system property, then
 * default). Immutable.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>key</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@value #MODE}</td><td>annotated</td><td>{@code annotated}: methods with
 *       {@code @CacheEncoded} cache their encoded responses; {@code all}: every compressing method does,
 *       as if annotated with the defaults; {@code off}: none does, annotated or not</td></tr>
 *   <tr><td>{@value #MAX_BYTES}</td><td>33554432 (32 MiB)</td><td>bound of the whole application's cache:
 *       identity and encoded bytes of every entry</td></tr>
 *   <tr><td>{@value #MAX_ENTRIES_PER_METHOD}</td><td>64</td><td>entries one method may hold; the oldest
 *       of its entries leaves when a new one comes</td></tr>
 *   <tr><td>{@value #ADMIT}</td><td>second</td><td>when a missed body enters the cache: {@code second}, at
 *       its second sighting (the first only marks its hash in a small table per method, so bodies that never
 *       repeat are not copied in; the first hit is then the third request for the same bytes);
 *       {@code first}, at its first miss</td></tr>
 *   <tr><td>{@value #PASS}</td><td>on</td><td>{@code on}: a method whose lookups keep finding nothing worth
 *       keeping (about a thousand first sightings in a row at the defaults) looks up only one response in 17
 *       until one pays off again, so bodies that never repeat cost what they cost with the cache off;
 *       {@code off}: every response is looked up</td></tr>
 *   <tr><td>{@value #UPGRADE_AFTER}</td><td>2</td><td>hits of a kept entry after which it is re-encoded off
 *       the request path at its coding's highest useful level</td></tr>
 *   <tr><td>{@value #UPGRADE_QUEUE}</td><td>16</td><td>upgrades waiting for the one upgrade thread; more are
 *       dropped (and retried at a later hit); 0 turns upgrades off</td></tr>
 * </table>
 */
public final class CacheSettings {
    public static final String MODE = CompressionSettings.PREFIX + "cache";
    public static final String MAX_BYTES = CompressionSettings.PREFIX + "cache.max-bytes";
    public static final String MAX_ENTRIES_PER_METHOD = CompressionSettings.PREFIX + "cache.max-entries-per-method";
    public static final String ADMIT = CompressionSettings.PREFIX + "cache.admit";
    public static final String PASS = CompressionSettings.PREFIX + "cache.pass";
    public static final String UPGRADE_AFTER = CompressionSettings.PREFIX + "cache.upgrade-after";
    public static final String UPGRADE_QUEUE = CompressionSettings.PREFIX + "cache.upgrade-queue";

    /** Every key, for the unknown-key check. */
    public static final List<String> KEYS = List.of(MODE, MAX_BYTES, MAX_ENTRIES_PER_METHOD, ADMIT, PASS,
            UPGRADE_AFTER, UPGRADE_QUEUE);

    /** Which methods cache. */
    public enum Mode {
        /** Methods annotated {@code @CacheEncoded} (the default). */
        ANNOTATED,
        /** Every compressing method. */
        ALL,
        /** None. */
        OFF;

        /** The value as written in the settings. */
        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** When a missed body enters the cache. */
    public enum Admit {
        /** At its first miss. */
        FIRST,
        /** At its second sighting (the default): bodies seen once are never copied into the cache. */
        SECOND;

        /** The value as written in the settings. */
        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Mode mode;
    private final Admit admit;
    private final boolean pass;
    private final long maxBytes;
    private final int maxEntriesPerMethod;
    private final int upgradeAfter;
    private final int upgradeQueue;

    private CacheSettings(Function<String, Object> lookup) {
        Object m = lookup.apply(MODE);
        String value = m == null ? "annotated" : m.toString().trim().toLowerCase(Locale.ROOT);
        mode = switch (value) {
            case "annotated" -> Mode.ANNOTATED;
            case "all" -> Mode.ALL;
            case "off" -> Mode.OFF;
            default -> throw new IllegalArgumentException(MODE + " must be 'annotated', 'all' or 'off', was '" + m + "'");
        };
        maxBytes = CompressionSettings.longValue(lookup, MAX_BYTES, 32L * 1024 * 1024, 0, Long.MAX_VALUE);
        maxEntriesPerMethod = CompressionSettings.intValue(lookup, MAX_ENTRIES_PER_METHOD, 64, 1, 1_000_000);
        Object a = lookup.apply(ADMIT);
        String admitted = a == null ? "second" : a.toString().trim().toLowerCase(Locale.ROOT);
        admit = switch (admitted) {
            case "second" -> Admit.SECOND;
            case "first" -> Admit.FIRST;
            default -> throw new IllegalArgumentException(ADMIT + " must be 'second' or 'first', was '" + a + "'");
        };
        pass = CompressionSettings.onOff(lookup, PASS, true);
        upgradeAfter = CompressionSettings.intValue(lookup, UPGRADE_AFTER, 2, 1, 1_000_000);
        upgradeQueue = CompressionSettings.intValue(lookup, UPGRADE_QUEUE, 16, 0, 10_000);
    }

    /**
     * Settings from a property lookup, falling back to system properties.
     *
     * @throws IllegalArgumentException naming the key, range and value of the first invalid setting
     */
    public static CacheSettings from(Function<String, Object> properties) {
        return new CacheSettings(key -> {
            Object v = properties == null ? null : properties.apply(key);
            return v != null ? v : System.getProperty(key);
        });
    }

    public Mode mode() {
        return mode;
    }

    public long maxBytes() {
        return maxBytes;
    }

    public int maxEntriesPerMethod() {
        return maxEntriesPerMethod;
    }

    /** When a missed body enters the cache ({@value #ADMIT}). */
    public Admit admit() {
        return admit;
    }

    /** Whether methods whose lookups keep finding nothing look up only some responses ({@value #PASS}). */
    public boolean pass() {
        return pass;
    }

    public int upgradeAfter() {
        return upgradeAfter;
    }

    public int upgradeQueue() {
        return upgradeQueue;
    }

    @Override
    public String toString() {
        return "cache " + mode.value() + (mode == Mode.OFF ? "" : " (max " + maxBytes + " B, " + maxEntriesPerMethod
                + " entries per method, kept at a body's " + admit.value() + " sighting, pass " + (pass ? "on" : "off")
                + ", upgrade after " + upgradeAfter + " hits, queue " + upgradeQueue + ")");
    }
}
