package dev.restcompress.server;

import jakarta.ws.rs.core.Application;
import java.util.Map;
import java.util.Set;

/** {@link CodingsResource} and the feature, with properties. */
public class CodingsTestApplication extends Application {
    private final Map<String, Object> properties;

    public CodingsTestApplication(Map<String, Object> properties) {
        this.properties = properties;
    }

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(CodingsResource.class, RestCompressFeature.class, WireRecorder.class);
    }

    @Override
    public Map<String, Object> getProperties() {
        return properties;
    }
}
