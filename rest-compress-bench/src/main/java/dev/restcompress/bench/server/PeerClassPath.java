package dev.restcompress.bench.server;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a bench server child needs besides this JVM's class path: the Jersey peer's jars (first on its
 * class path) and its JVM options. The build copies Jersey and its dependencies to
 * {@code target/peer-jersey} (maven-dependency-plugin, {@code provided} scope: never in the bench jar,
 * where Jersey's {@code RuntimeDelegate} would be found instead of RESTEasy's); the folder is found
 * next to this code ({@code target/classes} or {@code target/benchmarks.jar}), or named by the system
 * property {@value #JERSEY_LIB_PROPERTY}.
 */
public final class PeerClassPath {
    /** Overrides where the Jersey peer's jars are. */
    public static final String JERSEY_LIB_PROPERTY = "restcompress.bench.jersey-lib";

    private PeerClassPath() {
    }

    /** The jars to put first on the class path of a {@code kind} server (empty for all but Jersey). */
    public static List<Path> first(String kind) throws IOException {
        if (!kind.equals(BenchServerMain.JERSEY_GZIP)) {
            return List.of();
        }
        Path dir = jerseyLib();
        List<Path> jars = List.of();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                jars = s.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
            }
        }
        if (jars.stream().noneMatch(p -> p.getFileName().toString().startsWith("jersey-container-jdk-http"))) {
            throw new IOException("the Jersey peer's jars are not in " + dir + " (mvn package of rest-compress-bench "
                    + "copies them there; or set -D" + JERSEY_LIB_PROPERTY + "=DIR)");
        }
        return jars;
    }

    /** JVM options of a {@code kind} server on top of the defaults. */
    public static List<String> jvmOptions(String kind) {
        // Without TCP_NODELAY the JDK HTTP server stalls about 40 ms per response (Nagle against delayed ACKs,
        // STACK.md 7), which would measure the container's default rather than the compression.
        return kind.equals(BenchServerMain.JERSEY_GZIP) ? List.of("-Dsun.net.httpserver.nodelay=true") : List.of();
    }

    private static Path jerseyLib() {
        String configured = System.getProperty(JERSEY_LIB_PROPERTY);
        if (configured != null) {
            return Path.of(configured);
        }
        try {
            Path code = Path.of(PeerClassPath.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return code.getParent().resolve("peer-jersey");
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("rest-compress-bench", "target", "peer-jersey");
        }
    }
}
