package dev.restcompress.it.app;

import dev.restcompress.config.CompressionSettings;
import dev.restcompress.server.RestCompressFeature;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;
import java.util.Set;

/**
 * The deployed application: the rest-compress server feature, the test resources, and a small
 * decoded-size limit so that 413 is cheap to provoke. Top-level (not nested) so that containers with
 * their own class loaders (WildFly) can load it from the WAR alone.
 */
@ApplicationPath("api")
public class CompressApplication extends Application {
    /** The {@code rest-compress.max-decoded-size} of this deployment: 64 KiB. */
    public static final long MAX_DECODED_SIZE = 64 * 1024;

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(RestCompressFeature.class, DataResource.class, EchoResource.class,
                GateResource.class, SeenEncodingFilter.class);
    }

    @Override
    public Map<String, Object> getProperties() {
        return Map.of(CompressionSettings.MAX_DECODED_SIZE, MAX_DECODED_SIZE);
    }
}
