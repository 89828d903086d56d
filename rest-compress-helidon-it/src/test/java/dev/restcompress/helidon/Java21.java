package dev.restcompress.helidon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds a {@code java} launcher of Java 21 or newer for Helidon 4, which the default JDK 17 of the build
 * cannot run. In this order: the JVM running the tests when it is 21+; the JDK named by the system
 * property {@value #PROPERTY} or the environment variable {@value #ENV}; the newest 21+ JDK under
 * {@value #JVM_DIR} (by its {@code release} file). Stateless.
 */
final class Java21 {
    /** System property: the home of a Java 21+ JDK to run Helidon with. */
    static final String PROPERTY = "rest-compress.java21.home";
    /** Environment variable with the same meaning as {@link #PROPERTY}. */
    static final String ENV = "REST_COMPRESS_JAVA21_HOME";
    static final String JVM_DIR = "/usr/lib/jvm";
    private static final int FEATURE = 21;
    private static final Pattern VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");

    private Java21() {
    }

    /** The launcher, or empty when none of the places above has a Java 21+. */
    static Optional<Path> launcher() {
        if (Runtime.version().feature() >= FEATURE) {
            return Optional.of(Path.of(System.getProperty("java.home"), "bin", "java"));
        }
        for (String named : new String[] {System.getProperty(PROPERTY), System.getenv(ENV)}) {
            if (named != null && !named.isBlank()) {
                Path home = Path.of(named.trim());
                if (feature(home) >= FEATURE) {
                    return Optional.of(home.resolve("bin").resolve("java"));
                }
            }
        }
        Path dir = Path.of(JVM_DIR);
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> homes = Files.list(dir)) {
            List<Path> fit = homes.filter(h -> feature(h) >= FEATURE).sorted(Comparator.comparingInt(Java21::feature)
                    .reversed().thenComparing(Comparator.naturalOrder())).toList();
            return fit.stream().findFirst().map(h -> h.resolve("bin").resolve("java"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The launcher for a test: when there is none, the test is skipped with one line saying why, or fails
     * with it under {@code -Drest-compress.interop.required=true} (scripts/test.sh: CI must run it).
     */
    static Path launcherOrSkip() {
        Optional<Path> java = launcher();
        if (java.isEmpty() && Boolean.getBoolean("rest-compress.interop.required")) {
            throw new IllegalStateException(notFound());
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(java.isPresent(), Java21::notFound);
        return java.get();
    }

    /** Why {@link #launcher()} is empty, in one line. */
    static String notFound() {
        return "Helidon MP 4 needs Java 21+ and none was found: the test JVM is " + Runtime.version().feature()
                + ", no -D" + PROPERTY + " or " + ENV + " names one, and " + JVM_DIR + " has none";
    }

    /** The major version in {@code home}'s {@code release} file, 0 when it is not a JDK with a launcher. */
    private static int feature(Path home) {
        Path release = home.resolve("release");
        if (!Files.isExecutable(home.resolve("bin").resolve("java")) || !Files.isRegularFile(release)) {
            return 0;
        }
        try {
            Matcher m = VERSION.matcher(Files.readString(release, StandardCharsets.ISO_8859_1));
            return m.find() ? Integer.parseInt(m.group(1)) : 0;
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }
}
