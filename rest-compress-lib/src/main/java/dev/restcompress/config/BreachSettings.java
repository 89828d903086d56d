package dev.restcompress.config;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The BREACH settings ({@code rest-compress.breach.*}), read once with the other settings. Immutable.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>key</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@value #PROTECT}</td><td>marked</td><td>which methods are protected: {@code off} (none),
 *       {@code marked} (those annotated {@code @CarriesSecrets}) or {@code all}</td></tr>
 *   <tr><td>{@value #PADDING}</td><td>256</td><td>protected methods, requests without
 *       {@code Sec-Fetch-Site}: most bytes of random padding added to a one-shot gzip, zstd or br body (other codings: sent unencoded)
 *       (a fresh length from 0 to this per response); 0 turns padding off</td></tr>
 * </table>
 */
public final class BreachSettings {
    public static final String PROTECT = CompressionSettings.PREFIX + "breach.protect";
    public static final String PADDING = CompressionSettings.PREFIX + "breach.padding";
    /** The largest padding every supported coding can carry in one field (gzip's FEXTRA: 65535 - 4). */
    public static final int MAX_PADDING = 65_531;
    /** Every key, for the unknown-key check. */
    public static final List<String> KEYS = List.of(PROTECT, PADDING);

    /** What {@link #PROTECT} says is protected. */
    public enum Protect {
        /** Nothing: every response is compressed as negotiated. */
        OFF,
        /** Methods annotated {@code @CarriesSecrets}. */
        MARKED,
        /** Every compressed method. */
        ALL
    }

    private final Protect protect;
    private final int padding;

    private BreachSettings(Function<String, Object> lookup) {
        Object p = lookup.apply(PROTECT);
        String value = p == null ? "marked" : p.toString().trim().toLowerCase(Locale.ROOT);
        protect = switch (value) {
            case "off" -> Protect.OFF;
            case "marked" -> Protect.MARKED;
            case "all" -> Protect.ALL;
            default -> throw new IllegalArgumentException(PROTECT + " must be 'off', 'marked' or 'all', was '" + p + "'");
        };
        padding = CompressionSettings.intValue(lookup, PADDING, 256, 0, MAX_PADDING);
    }

    /**
     * Settings from a property lookup, falling back to system properties.
     *
     * @throws IllegalArgumentException naming the key, range and value of the first invalid setting
     */
    public static BreachSettings from(Function<String, Object> properties) {
        return new BreachSettings(key -> {
            Object v = properties == null ? null : properties.apply(key);
            return v != null ? v : System.getProperty(key);
        });
    }

    public Protect protect() {
        return protect;
    }

    /** Whether a method is protected, given whether it is marked {@code @CarriesSecrets}. */
    public boolean protects(boolean marked) {
        return protect == Protect.ALL || protect == Protect.MARKED && marked;
    }

    /** Most bytes of random padding per protected response to a request without fetch metadata; 0: none. */
    public int padding() {
        return padding;
    }

    @Override
    public String toString() {
        return "breach protect " + protect.name().toLowerCase(Locale.ROOT) + ", padding " + padding + " B";
    }
}
