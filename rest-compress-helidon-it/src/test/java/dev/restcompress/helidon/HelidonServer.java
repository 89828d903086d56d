package dev.restcompress.helidon;

import dev.restcompress.contract.HttpContract;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real Helidon MP server with the contract's application, in a JVM of its own (Java 21+, see
 * {@link Java21}): main {@code io.helidon.microprofile.cdi.Main}, the module's runtime class path, 127.0.0.1
 * and port 0 (the system picks a free one). Started when Helidon logs the port it listens on; stopped by
 * its process id. The contract's settings ({@link HttpContract}) are system properties, which MicroProfile
 * Config reads before {@code microprofile-config.properties}. Not thread-safe: one test class drives one.
 */
final class HelidonServer {
    /** Helidon MP's start-up line, e.g. {@code Server started on http://127.0.0.1:40123 in 812 milliseconds}. */
    private static final Pattern STARTED = Pattern.compile("Server started on https?://[^\\s]+:(\\d+)");
    private static final long START_SECONDS = 90;
    private static final long POLL_MILLIS = 100;

    private final String name;
    private final List<String> extraProperties;
    private Process process;
    private Path log;
    private int port;

    /**
     * @param name names the log file ({@code target/<name>.log})
     * @param extraProperties more {@code -Dkey=value} arguments, after the contract's own
     */
    HelidonServer(String name, String... extraProperties) {
        this.name = name;
        this.extraProperties = List.of(extraProperties);
    }

    /** Starts the server with {@code java} and waits until it listens. */
    void start(Path java) throws IOException, InterruptedException {
        Path classes = Path.of(System.getProperty("helidon.server.classes"));
        String dependencies = Files.readString(Path.of(System.getProperty("helidon.server.classpath")),
                StandardCharsets.UTF_8).trim();
        Path target = classes.getParent();
        log = target.resolve(name + ".log");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx512m",
                "-cp", classes + File.pathSeparator + dependencies,
                "-Dserver.port=0",
                "-Drest-compress.max-decoded-size=" + HttpContract.MAX_DECODED_SIZE,
                "-Drest-compress.request-decoding=all",
                "-Drest-compress.max-live-decoders=" + HttpContract.MAX_LIVE_DECODERS,
                "-Drest-compress.adaptive.pressure-source=" + HttpContract.PRESSURE_SOURCE));
        String nativeAccess = System.getProperty("native.access.arg", "");
        if (!nativeAccess.isBlank()) {
            command.add(nativeAccess);
        }
        command.addAll(extraProperties);
        command.add("io.helidon.microprofile.cdi.Main");
        process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        port = awaitPort();
    }

    /** Polls the log for the start-up line, bounded in time, failing early when the process exits. */
    private int awaitPort() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (System.nanoTime() < deadline) {
            Matcher m = STARTED.matcher(Files.readString(log, StandardCharsets.UTF_8));
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("Helidon exited with " + process.exitValue() + " before it listened; see " + log);
            }
            Thread.sleep(POLL_MILLIS);
        }
        throw new IllegalStateException("Helidon did not listen within " + START_SECONDS + " s; see " + log);
    }

    /** Stops the process this started (by its id), if any. */
    void stop() throws InterruptedException {
        if (process == null) {
            return;
        }
        ProcessHandle handle = process.toHandle();
        handle.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            handle.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Where the contract's application is served. */
    URI baseUri() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    /** Everything the server logged so far. */
    String log() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }
}
