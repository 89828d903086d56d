package dev.restcompress.resteasy;

import dev.restcompress.contract.HttpContract;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.SeenEncodingFilter;
import jakarta.ws.rs.SeBootstrap;
import jakarta.ws.rs.core.Application;
import java.net.URI;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The HTTP contract on RESTEasy 6.2 (Undertow through {@code SeBootstrap}, 127.0.0.1, a free port)
 * with an application that does not mention rest-compress at all: adding the jar is the whole
 * registration (RESTEasy reads its {@code META-INF/services/jakarta.ws.rs.ext.Providers}).
 */
class ResteasyUnregisteredContractTest extends HttpContract {
    private static SeBootstrap.Instance server;

    /** Only the resources: no rest-compress class. */
    public static class ResourcesOnly extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(ContractResource.class, SeenEncodingFilter.class);
        }
    }

    @BeforeAll
    static void start() throws Exception {
        server = SeBootstrap.start(new ResourcesOnly(),
                SeBootstrap.Configuration.builder().host("127.0.0.1").port(0).build())
                .toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.stop().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }

    @Override
    protected URI baseUri() {
        return server.configuration().baseUri();
    }
}
