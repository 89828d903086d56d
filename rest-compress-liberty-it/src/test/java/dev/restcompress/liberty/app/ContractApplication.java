package dev.restcompress.liberty.app;

import dev.restcompress.config.AdaptiveSettings;
import dev.restcompress.config.CompressionSettings;
import dev.restcompress.contract.HttpContract;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.EntityReaderResource;
import dev.restcompress.contract.app.SeenEncodingFilter;
import dev.restcompress.server.RestCompressFeature;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;
import java.util.Set;

/**
 * The deployed application: the rest-compress server feature and the shared contract's resources,
 * configured as {@link HttpContract} requires (a 64 KiB decoded-size limit, so 413 is cheap to provoke,
 * and request decoding on every method), as rest-compress-it deploys it on Jetty and WildFly. In the
 * WAR that {@code LibertyContractIT} deploys, so top-level.
 */
@ApplicationPath(ContractApplication.PATH)
public class ContractApplication extends Application {
    /** The application's path under the deployment's context root. */
    public static final String PATH = "api";

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(RestCompressFeature.class, ContractResource.class, EntityReaderResource.class,
                SeenEncodingFilter.class);
    }

    @Override
    public Map<String, Object> getProperties() {
        return Map.of(CompressionSettings.MAX_DECODED_SIZE, (long) HttpContract.MAX_DECODED_SIZE,
                CompressionSettings.REQUEST_DECODING, "all",
                CompressionSettings.MAX_LIVE_DECODERS, HttpContract.MAX_LIVE_DECODERS,
                AdaptiveSettings.PRESSURE_SOURCE, HttpContract.PRESSURE_SOURCE);
    }
}
