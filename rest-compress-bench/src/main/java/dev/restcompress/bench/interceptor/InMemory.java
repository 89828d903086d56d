package dev.restcompress.bench.interceptor;

import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.server.RestCompressFeature;
import jakarta.ws.rs.core.HttpHeaders;
import java.net.URISyntaxException;
import org.jboss.resteasy.mock.MockDispatcherFactory;
import org.jboss.resteasy.mock.MockHttpRequest;
import org.jboss.resteasy.mock.MockHttpResponse;
import org.jboss.resteasy.spi.Dispatcher;

/** RESTEasy's in-memory dispatcher (no sockets), as every benchmark of this package builds and calls it. */
final class InMemory {
    private InMemory() {}

    /**
     * A dispatcher with the properties {@code name, value, ...}. Adaptive is off: the benchmarks time the configured
     * level, not what the adaptive policy makes of a saturated benchmark JVM.
     */
    static Dispatcher dispatcher(Object resource, boolean feature, String... properties) {
        Dispatcher d = MockDispatcherFactory.createDispatcher();
        d.getProviderFactory().property(AdaptiveSettings.ADAPTIVE, "off");
        for (int i = 0; i < properties.length; i += 2) {
            d.getProviderFactory().property(properties[i], properties[i + 1]);
        }
        // Before the resource: dynamic features bind when resource methods are registered.
        if (feature) {
            d.getProviderFactory().register(RestCompressFeature.class);
        }
        d.getRegistry().addSingletonResource(resource);
        return d;
    }

    /** A GET of {@code uri} with {@code Accept-Encoding: coding} (none when null); fails unless 200. */
    static MockHttpResponse get(Dispatcher d, String uri, String coding) {
        try {
            MockHttpRequest request = MockHttpRequest.get(uri);
            if (coding != null) {
                request.header(HttpHeaders.ACCEPT_ENCODING, coding);
            }
            MockHttpResponse response = new MockHttpResponse();
            d.invoke(request, response);
            if (response.getStatus() != 200) {
                throw new IllegalStateException(uri + ": status " + response.getStatus());
            }
            return response;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
