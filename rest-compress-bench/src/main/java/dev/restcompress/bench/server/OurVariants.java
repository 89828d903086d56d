package dev.restcompress.bench.server;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The {@code ours-*} rows of the peers suite, measured in the same rounds as {@code ours} so that their ratios
 * to it carry error bars (the README's peers paragraphs say what each measures). {@value #TWIN} is the A/A
 * control: the floor under which the others cannot be read ({@value #STATISTICS_OFF} once came out 1.13x
 * slower than {@code ours}, which cannot be its cost). The cache's rows share one {@link CacheServer} JVM, so
 * their ratios compare endpoints, not JVMs.
 */
public final class OurVariants {
    public static final String STATISTICS_OFF = "ours-statistics-off";
    public static final String JFR = "ours-jfr";
    public static final String IDENTITY = "ours-identity";
    public static final String TWIN = "ours-twin";
    /** {@code ours} with {@code rest-compress.breach.protect=off}: the default BREACH rule's cost, against {@value #TWIN}. */
    public static final String BREACH_OFF = "ours-breach-off";
    /**
     * The {@code ours} and {@value #BREACH_OFF} servers asked as a signed-in browser asks its own site: every request
     * carries a session cookie and {@code Sec-Fetch-Site: same-origin} ({@link #headers}). The default rule reads both
     * and compresses as {@code off} does; these rows give what that costs where the credential-less rows cannot.
     */
    public static final String SAME_ORIGIN = "ours-same-origin";
    public static final String BREACH_OFF_SAME_ORIGIN = "ours-breach-off-same-origin";
    public static final String CACHE_IDENTITY = "ours-cache-identity";
    public static final String UNCACHED = "ours-uncached";
    public static final String CACHED = "ours-cached";
    public static final String CACHE_MISS = "ours-cache-miss";
    /** This library on Jersey's JDK HTTP server, asked for gzip; and the same server asked for identity. */
    public static final String JERSEY = BenchServerMain.OURS_JERSEY;
    public static final String JERSEY_IDENTITY = "ours-jersey-identity";
    /** The cache's rows, served by the {@value BenchServerMain#OURS_CACHE} server. */
    public static final List<String> CACHE_ROWS = List.of(CACHE_IDENTITY, UNCACHED, CACHED, CACHE_MISS);
    /** What the peers suite measures by default: the cache's rows, then every server kind. */
    public static final List<String> DEFAULTS = Stream.concat(CACHE_ROWS.stream(), BenchServerMain.KINDS.stream()).toList();
    /** Every server the peers suite can measure. */
    public static final List<String> CHOICES = Stream.concat(DEFAULTS.stream(), Stream.of(STATISTICS_OFF, JFR, TWIN, IDENTITY,
            JERSEY, JERSEY_IDENTITY, BREACH_OFF, SAME_ORIGIN, BREACH_OFF_SAME_ORIGIN))
            .toList();

    private OurVariants() {}

    /** The row whose server answers {@code kind}'s requests: itself, but for the same-origin rows. */
    public static String server(String kind) {
        return kind.equals(SAME_ORIGIN) ? BenchServerMain.OURS : kind.equals(BREACH_OFF_SAME_ORIGIN) ? BREACH_OFF : kind;
    }

    /** Header lines the generator adds to {@code kind}'s requests, beside {@code Accept-Encoding}. */
    public static List<String> headers(String kind) {
        return kind.equals(SAME_ORIGIN) || kind.equals(BREACH_OFF_SAME_ORIGIN)
                ? List.of("Cookie: session=3f9a1c0e7b2d4a6f", "Sec-Fetch-Site: same-origin") : List.of();
    }

    /** Whether {@code kind} is a variant of {@code ours} with its own JVM. */
    public static boolean ownJvm(String kind) {
        return List.of(STATISTICS_OFF, JFR, TWIN, BREACH_OFF).contains(kind);
    }

    /** The JVM options of a variant with its own JVM (JFR: {@code settings=default}, an upper bound of its cost). */
    public static List<String> jvmOptions(String kind, Path out) {
        return kind.equals(STATISTICS_OFF) ? List.of("-Drest-compress.statistics=off")
                : kind.equals(BREACH_OFF) ? List.of("-Drest-compress.breach.protect=off")
                : kind.equals(JFR) ? List.of("-XX:StartFlightRecording:settings=default,filename="
                        + out.resolve("ours-jfr.jfr").toAbsolutePath()) : List.of();
    }

    /** The coding the generator asks {@code kind} for. */
    public static String coding(String kind) {
        return kind.equals(IDENTITY) || kind.equals(CACHE_IDENTITY) || kind.equals(JERSEY_IDENTITY) ? "identity" : "gzip";
    }

    /** The endpoint ({@code /rest/<endpoint>/<name>}) the generator asks {@code kind} for. */
    public static String endpoint(String kind) {
        return kind.equals(CACHE_IDENTITY) || kind.equals(CACHED) ? "cached" : kind.equals(CACHE_MISS) ? "unique" : "static";
    }
}
