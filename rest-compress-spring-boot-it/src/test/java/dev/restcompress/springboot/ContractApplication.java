package dev.restcompress.springboot;

import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.EntityReaderResource;
import dev.restcompress.contract.app.SeenEncodingFilter;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The contract's application as a Spring Boot user writes one with {@code spring-boot-starter-jersey}:
 * a {@link ResourceConfig} bean that registers its own resources and nothing of rest-compress (Jersey's
 * auto-discovery finds the library's feature in its jar). JSON entities go through the Jackson provider
 * the starter brings ({@code jersey-media-json-jackson}).
 */
@SpringBootApplication
public class ContractApplication {

    @Bean
    ResourceConfig jersey() {
        ResourceConfig config = new ResourceConfig(ContractResource.class, EntityReaderResource.class,
                SeenEncodingFilter.class);
        // Jersey holds back the first 8 KiB of a response to compute its length, and flush() does not
        // release them: streamed parts would wait for the next one. As on any Jersey (docs/runtimes.md, Jersey).
        config.property(ServerProperties.OUTBOUND_CONTENT_LENGTH_BUFFER, 0);
        return config;
    }
}
