package dev.restcompress.config;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.CodingProvider;
import dev.restcompress.codec.CodingProviders;
import dev.restcompress.codec.Levels;
import dev.restcompress.negotiation.CodingTokens;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The global settings of rest-compress, read once when a feature is configured. Immutable.
 *
 * <p>Every key is looked up first among the JAX-RS {@code Configuration} properties (e.g.
 * {@code Application.getProperties()} or {@code Client.property(...)}), then among the system
 * properties; otherwise the default applies. Invalid values fail fast with a message naming the
 * key, the allowed range and the value.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>key</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@value #THRESHOLD}</td><td>1024</td><td>bodies below this size (bytes) are sent
 *       unencoded: the bench's small-payload suite (rest-compress-bench/README.md) puts the break-even at about
 *       2 KiB for lzf on a 1 Gbit/s link and well below 1 KiB on 100 Mbit/s links</td></tr>
 *   <tr><td>{@value #ONE_SHOT_LIMIT}</td><td>4194304</td><td>bodies up to this size are buffered and
 *       compressed in one shot; larger ones stream</td></tr>
 *   <tr><td>{@value #MAX_DECODED_SIZE}</td><td>10485760</td><td>most bytes a compressed body may
 *       decode to (413 on the server beyond it)</td></tr>
 *   <tr><td>{@value #MAX_LIVE_DECODERS}</td><td>64</td><td>server: most streaming request-body decoders
 *       open at once (one per coding of a body; sized bodies up to 256 KiB decode in one call and take
 *       none); a body beyond it is answered 503 with {@code Retry-After}. Worst-case native state per
 *       decoder is the coding's window (zstd 8 MiB, br 16 MiB, gzip 32 KiB, lzf 128 KiB), typically
 *       about 150 KiB</td></tr>
 *   <tr><td>{@value #PREFERENCE}</td><td>zstd,lzf,br,gzip</td><td>server preference among codings
 *       of equal client weight (measured order, docs/codings.md)</td></tr>
 *   <tr><td>{@code rest-compress.<coding>.level}</td><td>per coding</td><td>one-shot level of a
 *       coding that has levels: gzip 6 (1-12 with libdeflate, 1-9 with the JDK engine), zstd 3
 *       (1-22), br 4 (0-11); each {@link CodingProvider#levels()} states its range and default
 *       (measurements behind the defaults: docs/codings.md)</td></tr>
 *   <tr><td>{@code rest-compress.<coding>.streaming-level}</td><td>per coding</td><td>level of the
 *       streaming path: gzip 1 (1-9), zstd 1 (1-22), br 1 (0-11)</td></tr>
 *   <tr><td>{@value #REQUEST_DECODING}</td><td>annotated</td><td>server: which resource methods decode
 *       compressed request bodies: {@code annotated} (those with a rest-compress annotation) or
 *       {@code all} (every resource method, with the same limit and errors)</td></tr>
 *   <tr><td>{@value #CLIENT_REQUEST_CODING}</td><td>(none)</td><td>client: coding for request
 *       bodies</td></tr>
 *   <tr><td>{@value #CLIENT_ACCEPT_ENCODING}</td><td>every coding, in preference order</td><td>client:
 *       the {@code Accept-Encoding} value sent</td></tr>
 * </table>
 */
public final class CompressionSettings {
    /** Common prefix of every key. */
    public static final String PREFIX = "rest-compress.";
    public static final String THRESHOLD = PREFIX + "threshold";
    public static final String ONE_SHOT_LIMIT = PREFIX + "one-shot-limit";
    public static final String MAX_DECODED_SIZE = PREFIX + "max-decoded-size";
    public static final String MAX_LIVE_DECODERS = PREFIX + "max-live-decoders";
    public static final String PREFERENCE = PREFIX + "preference";
    public static final String REQUEST_DECODING = PREFIX + "request-decoding";
    public static final String CLIENT_REQUEST_CODING = PREFIX + "client.request-coding";
    public static final String CLIENT_ACCEPT_ENCODING = PREFIX + "client.accept-encoding";

    /**
     * Above the request threads most containers run (Undertow 8 per core, Jetty and Tomcat 200), so
     * ordinary uploads never meet it; it bites when bodies pile up beyond the threads (async readers,
     * virtual threads) or a client holds many slow uploads open. Sized for the worst case, not the
     * typical one: a zstd or br decoder pushed to the default 10 MiB size limit holds 8.3-9.6 MiB of
     * native memory (SECURITY.md), so 64 cap it at about 0.6 GiB (256 would allow 2.4 GiB); 64 typical
     * zstd decoders hold about 12 MB.
     */
    static final int DEFAULT_MAX_LIVE_DECODERS = 64;
    static final List<String> DEFAULT_PREFERENCE = List.of("zstd", "lzf", "br", "gzip");

    private final int threshold;
    private final int oneShotLimit;
    private final long maxDecodedSize;
    private final int maxLiveDecoders;
    private final List<String> preference;
    private final boolean decodeAllRequests;
    /** Coding to {one-shot level, streaming level}, for every known coding that has levels. */
    private final Map<String, int[]> levels = new LinkedHashMap<>();
    private final String clientRequestCoding;
    private final String clientAcceptEncoding;
    private final DictionarySettings dictionaries;
    private final CacheSettings cache;
    private final BreachSettings breach;

    private CompressionSettings(Function<String, Object> lookup) {
        threshold = intValue(lookup, THRESHOLD, 1024, 0, Integer.MAX_VALUE);
        oneShotLimit = intValue(lookup, ONE_SHOT_LIMIT, 4 * 1024 * 1024, 0, 1 << 30);
        maxDecodedSize = longValue(lookup, MAX_DECODED_SIZE, 10L * 1024 * 1024, 0, Long.MAX_VALUE);
        maxLiveDecoders = intValue(lookup, MAX_LIVE_DECODERS, DEFAULT_MAX_LIVE_DECODERS, 1, 1_000_000);
        preference = tokens(lookup, PREFERENCE, DEFAULT_PREFERENCE);
        decodeAllRequests = requestDecoding(lookup.apply(REQUEST_DECODING));
        for (String coding : preference) {
            if (CodingProviders.find(coding) == null) {
                throw new IllegalArgumentException(PREFERENCE + " names unknown coding '" + coding + "'; known: "
                        + String.join(", ", CodingProviders.all().stream().map(CodingProvider::coding).toList()));
            }
        }
        for (CodingProvider p : CodingProviders.all()) {
            Levels l = p.levels();
            if (l.any()) {
                String c = p.coding();
                levels.put(c, new int[] {
                    intValue(lookup, Levels.levelKey(c), l.defaultLevel(), l.min(), l.max()),
                    intValue(lookup, Levels.streamingLevelKey(c), l.defaultStreamingLevel(), l.min(), l.maxStreaming())});
            }
        }
        Object rc = lookup.apply(CLIENT_REQUEST_CODING);
        clientRequestCoding = rc == null || rc.toString().isBlank() ? null : CodingTokens.canonical(rc.toString());
        Object ae = lookup.apply(CLIENT_ACCEPT_ENCODING);
        clientAcceptEncoding = ae == null ? null : ae.toString().trim();
        dictionaries = DictionarySettings.from(lookup::apply);
        cache = CacheSettings.from(lookup::apply);
        breach = BreachSettings.from(lookup::apply);
    }

    /**
     * Settings from a property lookup (e.g. {@code Configuration::getProperty}), falling back to system
     * properties.
     *
     * @throws IllegalArgumentException naming the key, range and value of the first invalid setting
     */
    public static CompressionSettings from(Function<String, Object> properties) {
        return new CompressionSettings(key -> {
            Object v = properties == null ? null : properties.apply(key);
            return v != null ? v : System.getProperty(key);
        });
    }

    /** Settings from system properties and defaults only. */
    public static CompressionSettings fromSystemProperties() {
        return from(null);
    }

    /** {@code true} for {@code all}, {@code false} for {@code annotated} (the default). */
    private static boolean requestDecoding(Object v) {
        String value = v == null ? "annotated" : v.toString().trim().toLowerCase(Locale.ROOT);
        return switch (value) {
            case "annotated" -> false;
            case "all" -> true;
            default -> throw new IllegalArgumentException(REQUEST_DECODING + " must be 'annotated' or 'all', was '" + v + "'");
        };
    }

    /** {@code on}/{@code true} or {@code off}/{@code false}, {@code def} when unset; else fails naming the key. */
    static boolean onOff(Function<String, Object> lookup, String key, boolean def) {
        Object v = lookup.apply(key);
        if (v == null) {
            return def;
        }
        return switch (v.toString().trim().toLowerCase(Locale.ROOT)) {
            case "on", "true" -> true;
            case "off", "false" -> false;
            default -> throw new IllegalArgumentException(key + " must be on or off, was '" + v + "'");
        };
    }

    /** A whole number in {@code [min, max]} (a Number or its text), {@code def} when unset; else fails naming the key. */
    static int intValue(Function<String, Object> lookup, String key, int def, int min, int max) {
        return (int) longValue(lookup, key, def, min, max);
    }

    /** As {@link #intValue}, for longs. Also read by {@link AdaptiveSettings} and {@link DictionarySettings}. */
    static long longValue(Function<String, Object> lookup, String key, long def, long min, long max) {
        Object v = lookup.apply(key);
        if (v == null) {
            return def;
        }
        long parsed;
        if (v instanceof Number n) {
            parsed = n.longValue();
        } else {
            try {
                parsed = Long.parseLong(v.toString().trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + " must be an integer from " + min + " to " + max
                        + ", was '" + v + "'", e);
            }
        }
        if (parsed < min || parsed > max) {
            throw new IllegalArgumentException(key + " must be from " + min + " to " + max + ", was " + parsed);
        }
        return parsed;
    }

    private static List<String> tokens(Function<String, Object> lookup, String key, List<String> def) {
        Object v = lookup.apply(key);
        if (v == null) {
            return def;
        }
        List<String> out = new ArrayList<>();
        for (String t : v.toString().split(",")) {
            String token = t.trim().toLowerCase(Locale.ROOT);
            if (!token.isEmpty() && !out.contains(token)) {
                out.add(token);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(key + " must list at least one coding, was '" + v + "'");
        }
        return List.copyOf(out);
    }

    /**
     * Builds the codecs these settings describe: every available coding at its configured levels.
     * Unavailable ones were logged once, with the reason, by {@link CodingProviders}.
     */
    public CodecRegistry createRegistry() {
        List<Codec> codecs = new ArrayList<>();
        for (CodingProvider p : CodingProviders.available()) {
            codecs.add(p.create(level(p.coding()), streamingLevel(p.coding())));
        }
        return CodecRegistry.of(codecs);
    }

    /**
     * Orders {@code codings} by the global preference: listed ones first in that order, the rest after
     * in their given order.
     */
    public List<String> inPreferenceOrder(List<String> codings) {
        List<String> out = new ArrayList<>(codings.size());
        for (String p : preference) {
            if (codings.contains(p)) {
                out.add(p);
            }
        }
        for (String c : codings) {
            if (!out.contains(c)) {
                out.add(c);
            }
        }
        return List.copyOf(out);
    }

    public int threshold() {
        return threshold;
    }

    public int oneShotLimit() {
        return oneShotLimit;
    }

    public long maxDecodedSize() {
        return maxDecodedSize;
    }

    public List<String> preference() {
        return preference;
    }

    /** Server: most streaming request-body decoders open at once ({@value #MAX_LIVE_DECODERS}). */
    public int maxLiveDecoders() {
        return maxLiveDecoders;
    }

    /**
     * Whether the server decodes compressed request bodies on every resource method
     * ({@code rest-compress.request-decoding=all}), not only on annotated ones.
     */
    public boolean decodeAllRequests() {
        return decodeAllRequests;
    }

    /** The configured one-shot level of {@code coding}, or 0 for a coding without levels. */
    public int level(String coding) {
        int[] l = levels.get(coding);
        return l == null ? 0 : l[0];
    }

    /** The configured streaming level of {@code coding}, or 0 for a coding without levels. */
    public int streamingLevel(String coding) {
        int[] l = levels.get(coding);
        return l == null ? 0 : l[1];
    }

    /** The settings of shared dictionaries ({@code rest-compress.dictionary.*}). */
    public DictionarySettings dictionaries() {
        return dictionaries;
    }

    /** The settings of the cache of encoded variants ({@code rest-compress.cache.*}). */
    public CacheSettings cache() {
        return cache;
    }

    /** The BREACH settings ({@code rest-compress.breach.*}). */
    public BreachSettings breach() {
        return breach;
    }

    /** The client's request-body coding, or {@code null} for none. */
    public String clientRequestCoding() {
        return clientRequestCoding;
    }

    /** The client's explicit {@code Accept-Encoding} value, or {@code null} for "every coding". */
    public String clientAcceptEncoding() {
        return clientAcceptEncoding;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("threshold " + threshold + " B, one-shot limit " + oneShotLimit
                + " B, max decoded size " + maxDecodedSize + " B, max live decoders " + maxLiveDecoders
                + ", preference " + String.join(",", preference)
                + ", request decoding " + (decodeAllRequests ? "all" : "annotated") + ", " + cache);
        levels.forEach((c, l) -> sb.append(", ").append(c).append(" level ").append(l[0]).append('/').append(l[1]));
        return sb.append(" (one-shot/streaming)").toString();
    }

    /**
     * The {@code rest-compress.*} names among {@code names} that no setting reads, each with the
     * nearest valid key: a typo must not pass silently. Keys that only system properties carry
     * ({@link #SYSTEM_KEYS}) count as valid.
     *
     * @return one message per unknown key, e.g. {@code "unknown setting 'rest-compress.treshold'
     *         (did you mean 'rest-compress.threshold'?)"}
     */
    public static List<String> unknownKeys(Iterable<String> names) {
        List<String> valid = new ArrayList<>(keys());
        valid.addAll(SYSTEM_KEYS);
        List<String> out = new ArrayList<>();
        for (String name : names) {
            if (name.startsWith(PREFIX) && !valid.contains(name) && !name.startsWith(PREFIX + "test.")) {
                out.add("unknown setting '" + name + "' (did you mean '" + nearest(name, valid) + "'?)");
            }
        }
        return out;
    }

    /**
     * Logs a WARNING per unknown {@code rest-compress.*} name among {@code configured} (the JAX-RS
     * configuration's property names) and the system properties: one line each, at start-up.
     */
    public static void warnAboutUnknownKeys(java.util.Collection<String> configured) {
        List<String> names = new ArrayList<>(configured == null ? List.of() : configured);
        names.addAll(System.getProperties().stringPropertyNames());
        for (String message : unknownKeys(names)) {
            System.getLogger(CompressionSettings.class.getName()).log(System.Logger.Level.WARNING, "rest-compress: " + message);
        }
    }

    /**
     * Keys read as system properties only, by the native loader and the gzip engine choice, and
     * the build's own test switches.
     */
    public static final List<String> SYSTEM_KEYS = List.of(PREFIX + "gzip.engine", PREFIX + "native.libdeflate", PREFIX + "native.library-name",
            PREFIX + "root", PREFIX + "interop.required", PREFIX + "python", PREFIX + "chromium");

    /** The candidate with the smallest edit distance to {@code key}. */
    static String nearest(String key, List<String> candidates) {
        String best = candidates.get(0);
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = editDistance(key, c);
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        return best;
    }

    /** Levenshtein distance, two rows: keys are short. */
    private static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /** For diagnostics: every key this class reads. */
    public static List<String> keys() {
        List<String> keys = new ArrayList<>(List.of(THRESHOLD, ONE_SHOT_LIMIT, MAX_DECODED_SIZE, MAX_LIVE_DECODERS, PREFERENCE,
                REQUEST_DECODING, CLIENT_REQUEST_CODING, CLIENT_ACCEPT_ENCODING));
        keys.addAll(DictionarySettings.KEYS);
        keys.addAll(CacheSettings.KEYS);
        keys.addAll(BreachSettings.KEYS);
        keys.addAll(AdaptiveSettings.KEYS);
        for (CodingProvider p : CodingProviders.all()) {
            if (p.levels().any()) {
                keys.add(Levels.levelKey(p.coding()));
                keys.add(Levels.streamingLevelKey(p.coding()));
            }
        }
        return List.copyOf(keys);
    }
}
