package dev.restcompress.jerseyauto;

import dev.restcompress.contract.EntityReaderContract;
import dev.restcompress.contract.HttpContract;
import dev.restcompress.contract.SeBootstrapServer;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.EntityReaderResource;
import dev.restcompress.contract.app.SeenEncodingFilter;
import jakarta.ws.rs.core.Application;
import java.net.URI;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The HTTP contract on Jersey 3.1 (JDK HTTP server through {@code SeBootstrap}, 127.0.0.1, a free
 * port) with an application that does not mention rest-compress: Jersey's auto-discovery registers the
 * library. With Jersey's content-length buffer off (so that flushes reach the client), Jersey frames
 * bodies itself (chunked), so exact lengths are not asserted here.
 */
class JerseyUnregisteredContractTest extends HttpContract implements EntityReaderContract {
    @RegisterExtension
    static final SeBootstrapServer SERVER = new SeBootstrapServer(ResourcesOnly::new);

    /** Only the resources: no rest-compress class. */
    public static class ResourcesOnly extends Application {
        @Override
        public Set<Class<?>> getClasses() {
            return Set.of(ContractResource.class, EntityReaderResource.class, SeenEncodingFilter.class);
        }

        /**
         * Jersey holds back the first 8 KiB of a response (to compute a Content-Length) and a flush()
         * does not release them; without this, a streamed part smaller than that never reaches the client
         * until the next part (the flush tests time out). docs/runtimes.md, Jersey.
         */
        @Override
        public Map<String, Object> getProperties() {
            return Map.of("jersey.config.server.contentLength.buffer", 0);
        }
    }

    @Override
    public URI baseUri() {
        return SERVER.baseUri();
    }

    @Override
    protected boolean declaresLength() {
        return false;
    }
}
