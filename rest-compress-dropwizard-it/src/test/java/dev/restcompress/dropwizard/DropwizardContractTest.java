package dev.restcompress.dropwizard;

import dev.restcompress.contract.EntityReaderContract;
import dev.restcompress.contract.HttpContract;
import io.dropwizard.core.Configuration;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.net.URI;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The HTTP contract on Dropwizard 5, started for real in this JVM the way Dropwizard's own test support
 * does ({@code server contract.yml}: 127.0.0.1, free ports, Dropwizard's defaults otherwise, its gzip
 * handler included), with {@link ContractApplication}, which registers only its own resources.
 */
class DropwizardContractTest extends HttpContract implements EntityReaderContract {
    @RegisterExtension
    static final DropwizardAppExtension<Configuration> APP =
            new DropwizardAppExtension<>(ContractApplication.class, "contract.yml");

    @Override
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + APP.getLocalPort() + "/");
    }

    /** With Jersey's length buffer off (for flushes) Jersey frames bodies itself, as on Jersey's own server. */
    @Override
    protected boolean declaresLength() {
        return false;
    }
}
