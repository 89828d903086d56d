package dev.restcompress.helidon;

import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.EntityReaderResource;
import dev.restcompress.contract.app.SeenEncodingFilter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;
import java.util.Set;

/**
 * The contract's application as a Helidon MP user writes one: a CDI bean (Helidon MP serves the
 * {@code Application} beans of its bean archives) that lists its own resources and nothing of
 * rest-compress; Jersey's auto-discovery finds the library in its jar. Compiled against the Jakarta
 * APIs only, so that this module builds on JDK 17 while the server it runs in needs Java 21.
 */
@ApplicationScoped
@ApplicationPath("/")
public class ContractApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(ContractResource.class, EntityReaderResource.class, SeenEncodingFilter.class);
    }

    /**
     * Jersey holds back the first 8 KiB of a response to compute its length, and {@code flush()} does
     * not release them: streamed parts would wait for the next one. As on any Jersey (docs/runtimes.md).
     */
    @Override
    public Map<String, Object> getProperties() {
        return Map.of("jersey.config.server.contentLength.buffer", 0);
    }
}
