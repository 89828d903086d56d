package dev.restcompress.springboot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.restcompress.contract.ContainerCompressionContract;
import dev.restcompress.contract.Wire;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.boot.SpringApplication;
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
        context = new SpringApplication(ContractApplication.class, TomcatKeepsLibraryCodings.class).run(
                "--server.address=127.0.0.1", "--server.port=0", "--spring.main.banner-mode=off",
                "--server.compression.enabled=true");
        // Jersey initializes on the first request, which can take longer than a test's timeout on a busy
        // machine: one request first, bounded (60 s).
        HttpResponse<Void> warm = Wire.CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                + context.getEnvironment().getProperty("local.server.port") + "/contract/plain?size=1"))
                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.discarding());
        assertEquals(200, warm.statusCode());
    }

    @AfterAll
    static void stop() {
        if (context != null) {
            context.close();
        }
    }

    @Override
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port") + "/");
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
