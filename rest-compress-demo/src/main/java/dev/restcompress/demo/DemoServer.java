package dev.restcompress.demo;

import dev.restcompress.config.CompressionSettings;
import io.undertow.Undertow;
import io.undertow.UndertowOptions;
import io.undertow.servlet.Servlets;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.api.DeploymentManager;
import jakarta.ws.rs.SeBootstrap;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.jboss.resteasy.core.ResteasyDeploymentImpl;
import org.jboss.resteasy.plugins.server.undertow.UndertowJaxrsServer;
import org.jboss.resteasy.spi.ResteasyDeployment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

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
        String root = "http://" + host + ":" + instance.configuration().port() + "/";
        String base = root + "rest";
        System.out.println("rest-compress demo listening on " + base);
        System.out.println("  open " + root + " (the demo page) in Chrome or Edge 130+ to see shared dictionaries (dcz, dcb)");
        System.out.println("  try: curl -s -H 'Accept-Encoding: lzf' -o /dev/null -D - " + base + "/complex/200");
        System.out.println("       curl --compressed -s " + base + "/static/" + firstFile(testdata) + " | head -c 300");
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            instance.stop();
            stop.countDown();
        }));
        stop.await();
    }

    /**
     * Starts the demo application under {@code /rest}; the caller stops the returned instance. {@code GET /}
     * redirects to the demo page ({@link RootRedirect}).
     *
     * <p>Undertow is set up directly, not through {@code SeBootstrap}, because its request size limit
     * (max-entity-size, 2 MiB by default, answered with a bare 500) cannot be set through
     * {@code SeBootstrap}: here it is {@code rest-compress.max-decoded-size}, a longer declared body gets
     * a clear 413 ({@link RequestSizeGuard}), and a compressed body within it that decodes past the
     * limit gets the library's 413.
     */
    public static SeBootstrap.Instance start(String host, int port, Path testdata) throws Exception {
        return start(host, port, testdata, java.util.Map.of());
    }

    /**
     * Starts the demo application with extra application properties (e.g. {@code rest-compress.*}
     * settings, which the library reads from the JAX-RS configuration before system properties).
     */
    public static SeBootstrap.Instance start(String host, int port, Path testdata,
                                             java.util.Map<String, Object> properties) throws Exception {
        long limit = CompressionSettings.from(properties::get).maxDecodedSize();
        ResteasyDeployment deployment = new ResteasyDeploymentImpl();
        deployment.setApplication(new DemoApplication(testdata, properties));
        DeploymentInfo info = new UndertowJaxrsServer().undertowDeployment(deployment, "/rest")
                .setClassLoader(DemoServer.class.getClassLoader())
                .setContextPath("/")
                .setDeploymentName("rest-compress-demo");
        info.addInitialHandlerChainWrapper(next -> new RequestSizeGuard(next, limit));
        info.addInitialHandlerChainWrapper(RootRedirect::new);
        DeploymentManager manager = Servlets.newContainer().addDeployment(info);
        manager.deploy();
        Undertow undertow = Undertow.builder()
                .addHttpListener(port, host)
                .setServerOption(UndertowOptions.MAX_ENTITY_SIZE, limit)
                .setHandler(manager.start())
                .build();
        undertow.start();
        int actualPort = ((InetSocketAddress) undertow.getListenerInfo().get(0).getAddress()).getPort();
        SeBootstrap.Configuration configuration = SeBootstrap.Configuration.builder()
                .host(host).port(actualPort).rootPath("/").build();
        return new SeBootstrap.Instance() {
            @Override
            public SeBootstrap.Configuration configuration() {
                return configuration;
            }

            @Override
            public CompletionStage<StopResult> stop() {
                undertow.stop();
                try {
                    manager.stop();
                } catch (jakarta.servlet.ServletException e) {
                    return CompletableFuture.failedFuture(e);
                }
                manager.undeploy();
                return CompletableFuture.completedFuture(new StopResult() {
                    @Override
                    public <T> T unwrap(Class<T> nativeClass) {
                        return nativeClass.cast(undertow);
                    }
                });
            }

            @Override
            public <T> T unwrap(Class<T> nativeClass) {
                return nativeClass.cast(undertow);
            }
        };
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
