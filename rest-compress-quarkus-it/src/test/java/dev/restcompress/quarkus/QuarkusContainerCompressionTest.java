package dev.restcompress.quarkus;

import dev.restcompress.contract.ContainerCompressionContract;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.Map;

/**
 * The library beside Vert.x's own compression and decompression ({@code quarkus.http.enable-compression},
 * {@code quarkus.http.enable-decompression}), the contract's {@link ContainerCompressionContract} only.
 */
@QuarkusTest
@TestProfile(QuarkusContainerCompressionTest.VertxCompression.class)
class QuarkusContainerCompressionTest implements ContainerCompressionContract {
    /** Quarkus' HTTP compression and decompression on (build-time settings: Quarkus restarts for them). */
    public static class VertxCompression implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.enable-compression", "true", "quarkus.http.enable-decompression", "true");
        }
    }

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
