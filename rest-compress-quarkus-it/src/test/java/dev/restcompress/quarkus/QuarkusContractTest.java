package dev.restcompress.quarkus;

import dev.restcompress.contract.EntityReaderContract;
import dev.restcompress.contract.HttpContract;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;

/**
 * The HTTP contract on Quarkus REST: the library and the contract's resources are plain dependencies
 * of this application (no {@code quarkus.index-dependency}, no registration code): Quarkus finds them
 * through the Jandex index in each jar.
 */
@QuarkusTest
class QuarkusContractTest extends HttpContract implements EntityReaderContract {
    @TestHTTPResource("/")
    URL root;

    @Override
    public URI baseUri() {
        try {
            return root.toURI();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
