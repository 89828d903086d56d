package dev.restcompress.server.internal.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The container's own compression beside the library, as far as it can be seen cheaply at start-up
 * (a configuration value; never a class of the container): Vert.x's on Quarkus
 * ({@code quarkus.http.enable-compression}, {@code quarkus.http.enable-decompression}, from MicroProfile
 * Config) and Spring Boot's {@code server.compression.enabled} when given as a system property or
 * environment variable. Jetty's {@code GzipHandler}, Undertow's {@code EncodingHandler} and Spring Boot's
 * setting in {@code application.properties} cannot be seen from JAX-RS; docs/runtimes.md says what they
 * do. What is found is said in one start-up line ({@link #describe()}), and decides two things:
 * <ul>
 *   <li>{@link #marksIdentity()}: Vert.x skips a response that carries {@code Content-Encoding: identity}
 *       (and removes the header), so the library marks what it leaves unencoded (below the threshold, a
 *       BREACH identity answer) and Vert.x leaves it too;</li>
 *   <li>{@link #inflatesUnmarked()}: Vert.x inflates gzip, deflate, br and zstd request bodies and removes
 *       {@code Content-Encoding} and {@code Content-Length}, leaving no mark: the library holds every
 *       unlabelled body of unknown length to {@code rest-compress.max-decoded-size}.</li>
 * </ul>
 * Immutable, thread-safe.
 */
public record ContainerCompression(List<String> found, boolean marksIdentity, boolean inflatesUnmarked) {
    /** Nothing found. */
    public static final ContainerCompression NONE = new ContainerCompression(List.of(), false, false);

    static final String QUARKUS_COMPRESSION = "quarkus.http.enable-compression";
    static final String QUARKUS_DECOMPRESSION = "quarkus.http.enable-decompression";
    static final String SPRING_COMPRESSION = "server.compression.enabled";

    public ContainerCompression {
        found = List.copyOf(found);
    }

    /**
     * What {@code config} (the application's properties, then MicroProfile Config) and the process
     * environment say, on Quarkus REST when {@code quarkusRest}.
     */
    static ContainerCompression detect(boolean quarkusRest, Function<String, Object> config) {
        List<String> found = new ArrayList<>();
        boolean marks = false;
        boolean inflates = false;
        if (quarkusRest) {
            if (on(config.apply(QUARKUS_COMPRESSION))) {
                found.add("Vert.x compresses responses (" + QUARKUS_COMPRESSION + "=true): what the library leaves "
                        + "unencoded is marked Content-Encoding: identity, which Vert.x leaves alone and removes");
                marks = true;
            }
            if (on(config.apply(QUARKUS_DECOMPRESSION))) {
                found.add("Vert.x inflates request bodies (" + QUARKUS_DECOMPRESSION + "=true) and leaves no mark: "
                        + "every unlabelled request body of unknown length is held to rest-compress.max-decoded-size");
                inflates = true;
            }
        }
        Object spring = System.getProperty(SPRING_COMPRESSION, System.getenv("SERVER_COMPRESSION_ENABLED"));
        if (on(spring)) {
            found.add("Spring Boot's server compresses responses (" + SPRING_COMPRESSION + "=true): it may compress "
                    + "what the library leaves unencoded (see docs/runtimes.md)");
        }
        return found.isEmpty() ? NONE : new ContainerCompression(found, marks, inflates);
    }

    private static boolean on(Object value) {
        return value != null && value.toString().trim().toLowerCase(Locale.ROOT).equals("true");
    }

    /** The start-up line, or {@code null} when nothing was found. */
    public String describe() {
        return found.isEmpty() ? null : "rest-compress server: the container's own compression is on: "
                + String.join("; ", found);
    }
}
