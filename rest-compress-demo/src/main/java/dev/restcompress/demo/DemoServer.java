package dev.restcompress.demo;

import jakarta.ws.rs.SeBootstrap;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Starts the demo: an embedded RESTEasy (Undertow) server, on 127.0.0.1:8080 unless told otherwise,
 * serving testdata in every coding. Runs in the foreground until interrupted.
 *
 * <p>Arguments: {@code [--port N] [--host H] [--testdata DIR]}.
 */
public final class DemoServer {
    private DemoServer() {
    }

    public static void main(String[] args) throws Exception {
        String host = "127.0.0.1";
        int port = 8080;
        Path testdata = Path.of(System.getProperty("rest-compress.testdata", "testdata"));
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (a) {
                case "--port" -> port = Integer.parseInt(require(a, value));
                case "--host" -> host = require(a, value);
                case "--testdata" -> testdata = Path.of(require(a, value));
                case "-h", "--help" -> {
                    System.out.println("usage: DemoServer [--port N] [--host H] [--testdata DIR]");
                    return;
                }
                default -> throw new IllegalArgumentException("unknown argument " + a);
            }
            i++;
        }
        if (!Files.isDirectory(testdata)) {
            throw new IllegalArgumentException("testdata folder not found: " + testdata.toAbsolutePath());
        }
        SeBootstrap.Instance instance = start(host, port, testdata);
        String base = "http://" + host + ":" + instance.configuration().port() + "/rest";
        System.out.println("rest-compress demo listening on " + base);
        System.out.println("  open " + base + "/index.html in Chrome or Edge 130+ to see shared dictionaries (dcz, dcb)");
        System.out.println("  try: curl -s -H 'Accept-Encoding: lzf' -o /dev/null -D - " + base + "/complex/200");
        System.out.println("       curl --compressed -s " + base + "/static/" + firstFile(testdata) + " | head -c 300");
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            instance.stop();
            stop.countDown();
        }));
        stop.await();
    }

    /** Starts the demo application; the caller stops the returned instance. */
    public static SeBootstrap.Instance start(String host, int port, Path testdata) throws Exception {
        return start(host, port, testdata, java.util.Map.of());
    }

    /**
     * Starts the demo application with extra application properties (e.g. {@code rest-compress.*}
     * settings, which the library reads from the JAX-RS configuration before system properties).
     */
    public static SeBootstrap.Instance start(String host, int port, Path testdata,
                                             java.util.Map<String, Object> properties) throws Exception {
        SeBootstrap.Configuration config = SeBootstrap.Configuration.builder()
                .host(host).port(port).rootPath("/").build();
        return SeBootstrap.start(new DemoApplication(testdata, properties), config).toCompletableFuture()
                .get(60, TimeUnit.SECONDS);
    }

    private static String require(String flag, String value) {
        if (value == null) {
            throw new IllegalArgumentException(flag + " needs a value");
        }
        return value;
    }

    private static String firstFile(Path dir) throws java.io.IOException {
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted()
                    .findFirst().orElse("");
        }
    }
}
