package dev.restcompress.config;

import dev.restcompress.codec.Codec;
import dev.restcompress.codec.CodecRegistry;
import dev.restcompress.codec.OptionalCodecs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
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
 *       unencoded: the bench's small-payload suite (README, Benchmarks) puts the break-even at about
 *       2 KiB for lzf on a 1 Gbit/s link and well below 1 KiB on 100 Mbit/s links</td></tr>
 *   <tr><td>{@value #ONE_SHOT_LIMIT}</td><td>4194304</td><td>bodies up to this size are buffered and
 *       compressed in one shot; larger ones stream</td></tr>
 *   <tr><td>{@value #MAX_DECODED_SIZE}</td><td>10485760</td><td>most bytes a compressed body may
 *       decode to (413 on the server beyond it)</td></tr>
 *   <tr><td>{@value #PREFERENCE}</td><td>zstd,lzf,br,gzip</td><td>server preference among codings
 *       of equal client weight (measured order, docs/codings.md)</td></tr>
 *   <tr><td>{@value #GZIP_LEVEL}</td><td>6</td><td>gzip one-shot level, 1-12 with libdeflate, 1-9 with the JDK engine</td></tr>
 *   <tr><td>{@value #GZIP_STREAMING_LEVEL}</td><td>1</td><td>gzip streaming level 1-9</td></tr>
 *   <tr><td>{@value #ZSTD_LEVEL}</td><td>3</td><td>zstd one-shot level 1-22 (needs zstd-jni; see
 *       docs/codings.md for the measurements behind the defaults)</td></tr>
 *   <tr><td>{@value #ZSTD_STREAMING_LEVEL}</td><td>1</td><td>zstd streaming level 1-22</td></tr>
 *   <tr><td>{@value #BR_LEVEL}</td><td>4</td><td>brotli one-shot quality 0-11 (needs brotli4j; 11 is
 *       for static assets, far too slow for dynamic responses)</td></tr>
 *   <tr><td>{@value #BR_STREAMING_LEVEL}</td><td>1</td><td>brotli streaming quality 0-11</td></tr>
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
    public static final String PREFERENCE = PREFIX + "preference";
    public static final String GZIP_LEVEL = PREFIX + "gzip.level";
    public static final String GZIP_STREAMING_LEVEL = PREFIX + "gzip.streaming-level";
    public static final String ZSTD_LEVEL = PREFIX + "zstd.level";
    public static final String ZSTD_STREAMING_LEVEL = PREFIX + "zstd.streaming-level";
    public static final String BR_LEVEL = PREFIX + "br.level";
    public static final String BR_STREAMING_LEVEL = PREFIX + "br.streaming-level";
    public static final String CLIENT_REQUEST_CODING = PREFIX + "client.request-coding";
    public static final String CLIENT_ACCEPT_ENCODING = PREFIX + "client.accept-encoding";

    static final List<String> DEFAULT_PREFERENCE = List.of("zstd", "lzf", "br", "gzip");

    private final int threshold;
    private final int oneShotLimit;
    private final long maxDecodedSize;
    private final List<String> preference;
    private final int gzipLevel;
    private final int gzipStreamingLevel;
    private final int zstdLevel;
    private final int zstdStreamingLevel;
    private final int brLevel;
    private final int brStreamingLevel;
    private final String clientRequestCoding;
    private final String clientAcceptEncoding;

    private CompressionSettings(Function<String, Object> lookup) {
        threshold = intValue(lookup, THRESHOLD, 1024, 0, Integer.MAX_VALUE);
        oneShotLimit = intValue(lookup, ONE_SHOT_LIMIT, 4 * 1024 * 1024, 0, 1 << 30);
        maxDecodedSize = longValue(lookup, MAX_DECODED_SIZE, 10L * 1024 * 1024, 0, Long.MAX_VALUE);
        preference = tokens(lookup, PREFERENCE, DEFAULT_PREFERENCE);
        // 10-12 exist on libdeflate only; the JDK engine rejects them with a clear message.
        gzipLevel = intValue(lookup, GZIP_LEVEL, 6, 1, 12);
        gzipStreamingLevel = intValue(lookup, GZIP_STREAMING_LEVEL, 1, 1, 9);
        zstdLevel = intValue(lookup, ZSTD_LEVEL, 3, 1, 22);
        zstdStreamingLevel = intValue(lookup, ZSTD_STREAMING_LEVEL, 1, 1, 22);
        brLevel = intValue(lookup, BR_LEVEL, 4, 0, 11);
        brStreamingLevel = intValue(lookup, BR_STREAMING_LEVEL, 1, 0, 11);
        Object rc = lookup.apply(CLIENT_REQUEST_CODING);
        clientRequestCoding = rc == null || rc.toString().isBlank() ? null : CodecRegistry.canonical(rc.toString());
        Object ae = lookup.apply(CLIENT_ACCEPT_ENCODING);
        clientAcceptEncoding = ae == null ? null : ae.toString().trim();
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

    private static int intValue(Function<String, Object> lookup, String key, int def, int min, int max) {
        return (int) longValue(lookup, key, def, min, max);
    }

    private static long longValue(Function<String, Object> lookup, String key, long def, long min, long max) {
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
     * Builds the codecs these settings describe: the standard ones plus the optional ones
     * ({@code zstd}, {@code br}) whose libraries are present.
     */
    public CodecRegistry createRegistry() {
        CodecRegistry standard = CodecRegistry.standard(gzipLevel, gzipStreamingLevel);
        List<Codec> codecs = new ArrayList<>();
        for (String coding : standard.codings()) {
            codecs.add(standard.forCoding(coding));
        }
        codecs.addAll(OptionalCodecs.available(zstdLevel, zstdStreamingLevel, brLevel, brStreamingLevel));
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

    public int gzipLevel() {
        return gzipLevel;
    }

    public int gzipStreamingLevel() {
        return gzipStreamingLevel;
    }

    public int zstdLevel() {
        return zstdLevel;
    }

    public int zstdStreamingLevel() {
        return zstdStreamingLevel;
    }

    public int brLevel() {
        return brLevel;
    }

    public int brStreamingLevel() {
        return brStreamingLevel;
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
        return "threshold " + threshold + " B, one-shot limit " + oneShotLimit + " B, max decoded size "
                + maxDecodedSize + " B, preference " + String.join(",", preference) + ", gzip level "
                + gzipLevel + "/" + gzipStreamingLevel + ", zstd level " + zstdLevel + "/" + zstdStreamingLevel
                + ", br level " + brLevel + "/" + brStreamingLevel + " (one-shot/streaming)";
    }

    /** For diagnostics: every key this class reads. */
    public static List<String> keys() {
        return Arrays.asList(THRESHOLD, ONE_SHOT_LIMIT, MAX_DECODED_SIZE, PREFERENCE, GZIP_LEVEL,
                GZIP_STREAMING_LEVEL, ZSTD_LEVEL, ZSTD_STREAMING_LEVEL, BR_LEVEL, BR_STREAMING_LEVEL,
                CLIENT_REQUEST_CODING, CLIENT_ACCEPT_ENCODING);
    }
}
