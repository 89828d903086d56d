package dev.restcompress.liberty;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One Open Liberty server started for real from the unpacked runtime ({@code liberty.home}) with
 * {@code server run} in the foreground, so this class owns its process: the server directory is made
 * from {@code src/test/liberty} (its {@code server.xml}), the WAR of {@link LibertyWar} and a
 * {@code bootstrap.properties} naming a free port on 127.0.0.1, and optionally one file in
 * {@code configDropins/overrides} that Liberty merges over that {@code server.xml} (how a test changes one
 * setting without a second copy of it). {@link #start} returns once the server
 * says it is ready ({@code CWWKF0011I}, logged after the application started), and fails at once if the
 * application does not start or the process ends. {@link #close} stops it with {@code server stop} and
 * waits for the process, killing it only if it does not end. Not thread-safe.
 */
final class LibertyServer implements AutoCloseable {
    /** The default server's name; also the WAR's context root, whatever the server is called. */
    static final String NAME = "contract";
    private static final String READY = "CWWKF0011I";
    /** An application that failed to start, or a server that could not start. */
    private static final List<String> FAILED = List.of("CWWKZ0002E", "CWWKZ0004E", "CWWKE0005E", "CWWKF0001E");
    private static final long START_SECONDS = 240;
    private static final long STOP_SECONDS = 60;

    private final Path home;
    private final String name;
    private final Path serverDir;
    private final int port;
    private final Process process;

    private LibertyServer(Path home, String name, Path serverDir, int port, Process process) {
        this.home = home;
        this.name = name;
        this.serverDir = serverDir;
        this.port = port;
        this.process = process;
    }

    /** Creates the server directory of the test's {@code server.xml} as it is and starts it; waits until it is ready. */
    static LibertyServer start() throws IOException, InterruptedException {
        return start(NAME, null);
    }

    /**
     * Creates the server directory {@code name} from the test's {@code server.xml} with {@code override}
     * (a {@code <server>} document, or null for none) in {@code configDropins/overrides}, and starts the
     * server; waits until it is ready.
     */
    static LibertyServer start(String name, String override) throws IOException, InterruptedException {
        Path home = Path.of(required("liberty.home"));
        Path template = Path.of(required("liberty.server.template"));
        Path serverDir = home.resolve("usr/servers").resolve(name);
        Files.createDirectories(serverDir.resolve("apps"));
        Path overrides = serverDir.resolve("configDropins/overrides");
        if (override != null) {
            Files.createDirectories(overrides);
            Files.writeString(overrides.resolve("test-override.xml"), override);
        } else {
            Files.deleteIfExists(overrides.resolve("test-override.xml"));
        }
        Files.copy(template.resolve("server.xml"), serverDir.resolve("server.xml"), StandardCopyOption.REPLACE_EXISTING);
        LibertyWar.writeTo(serverDir.resolve("apps/contract.war"));
        int port = freePort();
        Files.writeString(serverDir.resolve("bootstrap.properties"), "liberty.http.port=" + port + "\n");
        // The library loads native code (libdeflate, zstd, brotli): JDK 24+ warns without this.
        Files.writeString(serverDir.resolve("jvm.options"), "--enable-native-access=ALL-UNNAMED\n");
        Files.deleteIfExists(serverDir.resolve("logs/messages.log"));

        ProcessBuilder builder = new ProcessBuilder("sh", home.resolve("bin/server").toString(), "run", name, "--clean")
                .redirectErrorStream(true);
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = builder.start();
        LibertyServer server = new LibertyServer(home, name, serverDir, port, process);
        try {
            server.awaitReady(console(process, serverDir.resolve("console.log")));
        } catch (IOException | RuntimeException | InterruptedException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** The application's root: {@code http://127.0.0.1:port/contract/} (server.xml's context root). */
    URI contextRoot() {
        return URI.create("http://127.0.0.1:" + port + "/" + NAME + "/");
    }

    /** The server's {@code messages.log} so far (the application's {@code java.util.logging} lines too). */
    String messages() throws IOException {
        return Files.readString(serverDir.resolve("logs/messages.log"), StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (!process.isAlive()) {
            return;
        }
        Process stop = new ProcessBuilder("sh", home.resolve("bin/server").toString(), "stop", name)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        stop.waitFor(STOP_SECONDS, TimeUnit.SECONDS);
        if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
            // Only this server's own process tree.
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(STOP_SECONDS, TimeUnit.SECONDS);
        }
    }

    /**
     * Copies the console to {@code log} in a thread of its own and completes with the line that says the
     * server is ready, or exceptionally with the line that says it failed or when the console ends.
     */
    private static CompletableFuture<String> console(Process process, Path log) {
        CompletableFuture<String> ready = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                    var out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
                for (String line; (line = in.readLine()) != null;) {
                    out.write(line);
                    out.newLine();
                    out.flush();
                    if (line.contains(READY)) {
                        ready.complete(line);
                    } else if (FAILED.stream().anyMatch(line::contains)) {
                        ready.completeExceptionally(new IllegalStateException("Open Liberty failed: " + line));
                    }
                }
            } catch (IOException e) {
                ready.completeExceptionally(new UncheckedIOException(e));
            }
            ready.completeExceptionally(new IllegalStateException("Open Liberty ended before it was ready; see " + log));
        }, "liberty-console");
        reader.setDaemon(true);
        reader.start();
        return ready;
    }

    private void awaitReady(CompletableFuture<String> ready) throws IOException, InterruptedException {
        try {
            ready.get(START_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("Open Liberty not ready after " + START_SECONDS + " s; see "
                    + serverDir.resolve("console.log"), e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static String required(String property) {
        String v = System.getProperty(property);
        if (v == null || v.isBlank()) {
            throw new IllegalStateException("system property " + property + " is not set (the pom sets it)");
        }
        return v;
    }
}
