package dev.restcompress.testing;

import jakarta.ws.rs.SeBootstrap;
import jakarta.ws.rs.core.Application;
import java.net.URI;
import java.util.concurrent.TimeUnit;

/** An embedded RESTEasy (Undertow) server on 127.0.0.1 and a free port, for in-process HTTP tests. */
public final class TestServer implements AutoCloseable {
    private final SeBootstrap.Instance instance;
    private final URI base;

    private TestServer(SeBootstrap.Instance instance) {
        this.instance = instance;
        this.base = URI.create("http://127.0.0.1:" + instance.configuration().port() + "/");
    }

    /** Starts {@code app} at the root path; fails after 60 s. */
    public static TestServer start(Application app) throws Exception {
        SeBootstrap.Configuration config = SeBootstrap.Configuration.builder()
                .host("127.0.0.1").port(SeBootstrap.Configuration.FREE_PORT).rootPath("/").build();
        return new TestServer(SeBootstrap.start(app, config).toCompletableFuture().get(60, TimeUnit.SECONDS));
    }

    /** The server's root, ending in "/". */
    public URI base() {
        return base;
    }

    public URI uri(String path) {
        return base.resolve(path.startsWith("/") ? path.substring(1) : path);
    }

    @Override
    public void close() throws Exception {
        instance.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
}
