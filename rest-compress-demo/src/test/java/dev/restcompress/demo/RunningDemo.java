package dev.restcompress.demo;

import jakarta.ws.rs.SeBootstrap;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The demo server on a free port of 127.0.0.1 for the tests of one class: started before the first,
 * stopped after the last. Register it as {@code @RegisterExtension static final RunningDemo DEMO}.
 */
final class RunningDemo implements BeforeAllCallback, AfterAllCallback {
    private SeBootstrap.Instance server;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        server = DemoServer.start("127.0.0.1", SeBootstrap.Configuration.FREE_PORT, Tools.testdata());
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (server != null) {
            server.stop().toCompletableFuture().get();
            server = null;
        }
    }

    int port() {
        return server.configuration().port();
    }

    /** {@code http://127.0.0.1:<port>}, no trailing slash. */
    String origin() {
        return "http://127.0.0.1:" + port();
    }

    /** The REST root, {@code origin() + "/rest"}. */
    String base() {
        return origin() + "/rest";
    }
}
