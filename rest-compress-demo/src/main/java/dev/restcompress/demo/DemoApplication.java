package dev.restcompress.demo;

import dev.restcompress.server.RestCompressFeature;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.nio.file.Path;
import java.util.Set;

/** The demo's JAX-RS application: the resources under {@code /rest} plus the rest-compress feature. */
@ApplicationPath("/rest")
public final class DemoApplication extends Application {
    private final Path testdata;

    public DemoApplication(Path testdata) {
        this.testdata = testdata;
    }

    @Override
    public Set<Object> getSingletons() {
        return Set.of(new DemoResource(testdata));
    }

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(RestCompressFeature.class, MetricsResource.class);
    }
}
