package dev.restcompress.bench.server;

import dev.restcompress.codec.Codec;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Variants of this library's server for the peers suite, each measured side by side with {@code ours}
 * in every round, so that their ratios to it carry error bars from the rounds:
 * <ul>
 *   <li>{@value #STATISTICS_OFF}: the demo with {@code rest-compress.statistics=off} (the cost of
 *       counting: ours / this req/s);</li>
 *   <li>{@value #JFR}: the demo with a JDK Flight Recorder recording running ({@code settings=default},
 *       so this library's Encode events are recorded, with the JDK's default events: an upper bound of
 *       what this library's events cost);</li>
 *   <li>{@value #TWIN}: a second, identical demo JVM: the A/A control. Its ratio to {@code ours} is what
 *       two JVMs of the same code differ by in this run (JIT decisions, place in the round, history),
 *       the floor under which the two above cannot be read (on the shared 2-core machine
 *       {@code ours-statistics-off} came out 1.13x slower than {@code ours}, which cannot be its cost);</li>
 *   <li>{@value #IDENTITY}: the {@code ours} server itself asked for {@code identity}: server CPU per
 *       request of gzip minus this one is what compression costs per request over HTTP, set against
 *       the codec alone on the same bytes in the generator's JVM ({@link #codecCpuNanos}).</li>
 * </ul>
 * and the encoded-variant cache's rows, all four served by one {@link CacheServer} JVM (so their ratios
 * compare endpoints, not JVMs): {@value #CACHE_IDENTITY} (identity), {@value #UNCACHED} (gzip, no
 * cache), {@value #CACHED} (gzip, the same body every time) and {@value #CACHE_MISS} (gzip, every body
 * different: the lookup's price).
 */
public final class OurVariants {
    public static final String STATISTICS_OFF = "ours-statistics-off";
    public static final String JFR = "ours-jfr";
    public static final String IDENTITY = "ours-identity";
    public static final String TWIN = "ours-twin";
    public static final String CACHE_IDENTITY = "ours-cache-identity";
    public static final String UNCACHED = "ours-uncached";
    public static final String CACHED = "ours-cached";
    public static final String CACHE_MISS = "ours-cache-miss";
    /** The cache's rows, served by the {@value BenchServerMain#OURS_CACHE} server. */
    public static final List<String> CACHE_ROWS = List.of(CACHE_IDENTITY, UNCACHED, CACHED, CACHE_MISS);
    /** What the peers suite measures by default: the cache's rows, then every server kind. */
    public static final List<String> DEFAULTS = Stream.concat(CACHE_ROWS.stream(), BenchServerMain.KINDS.stream()).toList();
    /** Every server the peers suite can measure: the peers and these variants. */
    public static final List<String> CHOICES = Stream.concat(DEFAULTS.stream(), Stream.of(STATISTICS_OFF, JFR, TWIN, IDENTITY))
            .toList();

    private OurVariants() {
    }

    /** Whether {@code kind} is a variant of {@code ours} with its own JVM. */
    public static boolean ownJvm(String kind) {
        return List.of(STATISTICS_OFF, JFR, TWIN).contains(kind);
    }

    /** The JVM options of a variant with its own JVM. */
    public static List<String> jvmOptions(String kind, Path out) {
        return kind.equals(STATISTICS_OFF) ? List.of("-Drest-compress.statistics=off")
                : kind.equals(JFR) ? List.of("-XX:StartFlightRecording:settings=default,filename="
                        + out.resolve("ours-jfr.jfr").toAbsolutePath()) : List.of();
    }

    /** The coding the generator asks {@code kind} for. */
    public static String coding(String kind) {
        return kind.equals(IDENTITY) || kind.equals(CACHE_IDENTITY) ? "identity" : "gzip";
    }

    /** The endpoint ({@code /rest/<endpoint>/<name>}) the generator asks {@code kind} for. */
    public static String endpoint(String kind) {
        return kind.equals(CACHE_IDENTITY) || kind.equals(CACHED) ? "cached" : kind.equals(CACHE_MISS) ? "unique" : "static";
    }

    /**
     * CPU nanoseconds of this thread per {@code codec.compress} of {@code body}, over about
     * {@code seconds} after one second of warm-up (the JIT, the codec's pools).
     */
    public static double codecCpuNanos(Codec codec, byte[] body, double seconds) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        byte[] out = new byte[codec.maxCompressedLength(body.length)];
        long sink = 0;
        for (long warmEnd = System.nanoTime() + 1_000_000_000L; System.nanoTime() < warmEnd; ) {
            sink += codec.compress(body, 0, body.length, out, 0);
        }
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long cpu0 = threads.getCurrentThreadCpuTime();
        long calls = 0;
        do {
            sink += codec.compress(body, 0, body.length, out, 0);
            calls++;
        } while (System.nanoTime() < end && calls < 10_000_000);
        long cpu = threads.getCurrentThreadCpuTime() - cpu0;
        if (sink == 42) { // keeps the results live
            System.out.print("");
        }
        return (double) cpu / calls;
    }
}
