package dev.restcompress.config;

import java.security.SecureRandom;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * The BREACH settings ({@code rest-compress.breach.*}), read once with the other settings. Immutable.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>key</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@value #PROTECT}</td><td>credentialed</td><td>which responses are protected: {@code credentialed}
 *       (every method's responses to requests carrying ambient credentials, {@code Cookie} or a browser's
 *       HTTP authentication, and every response of a method annotated {@code @CarriesSecrets}),
 *       {@code marked} (only methods annotated {@code @CarriesSecrets}), {@code all} (every response of
 *       every method) or {@code off} (none)</td></tr>
 *   <tr><td>{@value #PADDING}</td><td>256</td><td>protected responses to requests without
 *       {@code Sec-Fetch-Site}: most bytes of random padding added to a one-shot gzip, zstd or br body (other codings: sent unencoded)
 *       (a fresh length from 0 to this per response); 0 turns padding off</td></tr>
 *   <tr><td>{@value #RANDOM}</td><td>a {@link SecureRandom}</td><td>the source of padding lengths, only as a
 *       {@link RandomGenerator} object in the application's properties: for reproducible tests, never for
 *       production (predictable padding hides nothing)</td></tr>
 * </table>
 */
public final class BreachSettings {
    public static final String PROTECT = CompressionSettings.PREFIX + "breach.protect";
    public static final String PADDING = CompressionSettings.PREFIX + "breach.padding";
    public static final String RANDOM = CompressionSettings.PREFIX + "breach.random";
    /** The largest padding every supported coding can carry in one field (gzip's FEXTRA: 65535 - 4). */
    public static final int MAX_PADDING = 65_531;
    /** Every key, for the unknown-key check. */
    public static final List<String> KEYS = List.of(PROTECT, PADDING, RANDOM);

    /** What {@link #PROTECT} says is protected. */
    public enum Protect {
        /** Nothing: every response is compressed as negotiated. */
        OFF,
        /** Methods annotated {@code @CarriesSecrets}. */
        MARKED,
        /**
         * Methods annotated {@code @CarriesSecrets}, and on every other method the responses to requests
         * that carry ambient credentials (the default).
         */
        CREDENTIALED,
        /** Every compressed method. */
        ALL
    }

    /** Shared: SecureRandom is thread-safe, and a fresh length per response is what hides. */
    private static final RandomGenerator SECURE = new SecureRandom();

    private final Protect protect;
    private final int padding;
    private final RandomGenerator random;

    private BreachSettings(Function<String, Object> lookup) {
        Object p = lookup.apply(PROTECT);
        String value = p == null ? "credentialed" : p.toString().trim().toLowerCase(Locale.ROOT);
        protect = switch (value) {
            case "off" -> Protect.OFF;
            case "marked" -> Protect.MARKED;
            case "credentialed" -> Protect.CREDENTIALED;
            case "all" -> Protect.ALL;
            default -> throw new IllegalArgumentException(PROTECT
                    + " must be 'credentialed', 'marked', 'all' or 'off', was '" + p + "'");
        };
        padding = CompressionSettings.intValue(lookup, PADDING, 256, 0, MAX_PADDING);
        Object r = lookup.apply(RANDOM);
        if (r != null && !(r instanceof RandomGenerator)) {
            throw new IllegalArgumentException(RANDOM + " must be a java.util.random.RandomGenerator object, was '"
                    + r + "'");
        }
        random = r == null ? SECURE : (RandomGenerator) r;
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

    /**
     * Whether any response of a method may be guarded, given whether it is marked {@code @CarriesSecrets}:
     * under {@code credentialed} every method (its responses to requests carrying ambient credentials).
     */
    public boolean protects(boolean marked) {
        return protect == Protect.ALL || protect == Protect.CREDENTIALED || protect == Protect.MARKED && marked;
    }

    /** The source of padding lengths: a shared {@link SecureRandom} unless a test set {@value #RANDOM}. */
    public RandomGenerator random() {
        return random;
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
