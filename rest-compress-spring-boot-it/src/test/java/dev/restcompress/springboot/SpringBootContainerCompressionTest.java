package dev.restcompress.springboot;

import dev.restcompress.contract.ContainerCompressionContract;
import java.net.URI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Spring Boot 4 with Jersey on its embedded Tomcat, with Spring Boot's own response compression on
 * ({@code server.compression.enabled=true}, Tomcat's defaults otherwise: 2 KiB minimum, text and JSON
 * types); the contract's {@link ContainerCompressionContract} only. Tomcat has no request decompression.
 */
class SpringBootContainerCompressionTest implements ContainerCompressionContract {
    private static ConfigurableApplicationContext context;

    @BeforeAll
    static void start() throws Exception {
        context = SpringBootServer.start(new Class<?>[] {ContractApplication.class, TomcatKeepsLibraryCodings.class},
                "--server.compression.enabled=true");
    }

    @AfterAll
    static void stop() {
        if (context != null) {
            context.close();
        }
    }

    @Override
    public URI baseUri() {
        return SpringBootServer.baseUri(context);
    }

    /**
     * Tomcat compresses every compressible response without a {@code Content-Encoding} and of unknown length
     * or at least {@code server.compression.min-response-size} (2 KiB): Jersey sends the library's small
     * identity bodies chunked, so they are gzipped.
     */
    @Override
    public String codingBelowThreshold() {
        return "gzip";
    }

    /** And a marked method's cross-site answer: Spring Boot offers no per-response exclusion. */
    @Override
    public String codingOfCrossSiteSecret() {
        return "gzip";
    }

    /** With Jersey's length buffer off (for flushes) Jersey frames bodies itself, as on Jersey's own server. */
    @Override
    public boolean declaresLength() {
        return false;
    }
}
