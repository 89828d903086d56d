package dev.restcompress.springboot;

import dev.restcompress.contract.EntityReaderContract;
import dev.restcompress.contract.HttpContract;
import java.net.URI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The HTTP contract on Spring Boot 4 with Jersey (embedded Tomcat), the real application started in this
 * JVM on 127.0.0.1 and a free port ({@link ContractApplication}: only its own resources registered), with
 * the bomb cases bound through Jersey's Jackson provider ({@link EntityReaderContract}).
 */
class SpringBootContractTest extends HttpContract implements EntityReaderContract {
    private static ConfigurableApplicationContext context;

    @BeforeAll
    static void start() throws Exception {
        context = SpringBootServer.start(new Class<?>[] {ContractApplication.class});
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

    /** With Jersey's length buffer off (for flushes) Jersey frames bodies itself, as on Jersey's own server. */
    @Override
    protected boolean declaresLength() {
        return false;
    }
}
