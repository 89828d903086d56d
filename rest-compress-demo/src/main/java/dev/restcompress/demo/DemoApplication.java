package dev.restcompress.demo;

import dev.restcompress.server.RestCompressFeature;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/** The demo's JAX-RS application: the resources under {@code /rest} plus the rest-compress feature. */
@ApplicationPath("/rest")
public final class DemoApplication extends Application {
    private final Path testdata;
    private final Map<String, Object> properties;

    public DemoApplication(Path testdata) {
        this(testdata, Map.of());
    }

    /** {@code properties} become the application's JAX-RS configuration properties. */
    public DemoApplication(Path testdata, Map<String, Object> properties) {
        this.testdata = testdata;
        this.properties = Map.copyOf(properties);
    }

    @Override
    public Map<String, Object> getProperties() {
        return properties;
    }

    @Override
    public Set<Object> getSingletons() {
        return Set.of(new DemoResource(testdata), new DemoPage());
    }

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(RestCompressFeature.class, MetricsResource.class);
    }
}
