package dev.restcompress.server;

import jakarta.ws.rs.core.Application;
import java.util.Map;
import java.util.Set;

/** The test application: {@link TestResource} and the feature, with optional properties. */
public class TestApplication extends Application {
    private final Map<String, Object> properties;

    TestApplication(Map<String, Object> properties) {
        this.properties = properties;
    }

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(TestResource.class, RestCompressFeature.class, WireRecorder.class);
    }

    @Override
    public Map<String, Object> getProperties() {
        return properties;
    }
}
