package dev.restcompress.bench.server;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a server child needs besides this JVM's class path: the Jersey peer's jars first (never in the bench
 * jar, where Jersey's {@code RuntimeDelegate} would be found instead of RESTEasy's), which the build copies
 * to {@code peer-jersey} next to the bench's classes or jar, and its JVM options.
 */
public final class PeerClassPath {
    private PeerClassPath() {}

    /** The jars to put first on the class path of a {@code kind} server (empty for all but the Jersey ones). */
    public static List<Path> first(String kind) throws IOException {
        if (!onJersey(kind)) {
            return List.of();
        }
        Path dir;
        try {
            dir = Path.of(PeerClassPath.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .getParent().resolve("peer-jersey");
        } catch (URISyntaxException | RuntimeException e) {
            dir = Path.of("rest-compress-bench", "target", "peer-jersey");
        }
        List<Path> jars = List.of();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                jars = s.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
            }
        }
        if (jars.stream().noneMatch(p -> p.getFileName().toString().startsWith("jersey-container-jdk-http"))) {
            throw new IOException("the Jersey peer's jars are not in " + dir
                    + " (mvn package of rest-compress-bench copies them there)");
        }
        return jars;
    }

    /** JVM options of a {@code kind} server on top of the defaults. */
    public static List<String> jvmOptions(String kind) {
        // Without TCP_NODELAY the JDK HTTP server stalls about 40 ms per response (Nagle against delayed ACKs,
        // STACK.md 7), which would measure the container's default rather than the compression.
        return onJersey(kind) ? List.of("-Dsun.net.httpserver.nodelay=true") : List.of();
    }

    private static boolean onJersey(String kind) {
        return kind.equals(BenchServerMain.JERSEY_GZIP) || kind.equals(BenchServerMain.OURS_JERSEY);
    }
}
