package dev.restcompress.contract;

import jakarta.ws.rs.SeBootstrap;
import jakarta.ws.rs.core.Application;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An application started through Jakarta REST's {@link SeBootstrap} on 127.0.0.1 and a free port, by
 * whichever runtime the test module puts on the class path (RESTEasy on Undertow, Jersey on the JDK's
 * HTTP server). Either a JUnit extension that starts it once per test class
 * ({@code @RegisterExtension static final SeBootstrapServer SERVER = new SeBootstrapServer(App::new)}),
 * or, through {@link #start}, one server for a try-with-resources block. Start waits at most 60 s,
 * stop 30 s.
 */
public final class SeBootstrapServer implements BeforeAllCallback, AfterAllCallback, AutoCloseable {
    private final Supplier<? extends Application> application;
    private SeBootstrap.Instance instance;

    public SeBootstrapServer(Supplier<? extends Application> application) {
        this.application = application;
    }

    /** A server already started, to close with try-with-resources. */
    public static SeBootstrapServer start(Application app) throws Exception {
        SeBootstrapServer server = new SeBootstrapServer(() -> app);
        server.start();
        return server;
    }

    private void start() throws Exception {
        SeBootstrap.Configuration config = SeBootstrap.Configuration.builder().host("127.0.0.1")
                .port(SeBootstrap.Configuration.FREE_PORT).rootPath("/").build();
        instance = SeBootstrap.start(application.get(), config).toCompletableFuture().get(60, TimeUnit.SECONDS);
    }

    /** The application's root, {@code http://127.0.0.1:PORT/}. */
    public URI baseUri() {
        if (instance == null) {
            throw new IllegalStateException("the server is not running");
        }
        return URI.create("http://127.0.0.1:" + instance.configuration().port() + "/");
    }

    /** The runtime's own server object ({@link SeBootstrap.Instance#unwrap}), to check which runtime runs. */
    public Object runtime() {
        return instance.unwrap(Object.class);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        close();
    }

    @Override
    public void close() throws Exception {
        if (instance != null) {
            SeBootstrap.Instance running = instance;
            instance = null;
            running.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }
}
