package dev.restcompress.dropwizard;

import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.EntityReaderResource;
import dev.restcompress.contract.app.SeenEncodingFilter;
import io.dropwizard.core.Application;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.configuration.ResourceConfigurationSourceProvider;
import java.nio.file.Path;
import org.glassfish.jersey.server.ServerProperties;

/**
 * The contract's application as a Dropwizard user writes one: it registers its own resources and
 * nothing of rest-compress (Jersey's auto-discovery finds the library's feature in its jar, or in the
 * merged services files of a shaded jar). Its configuration is a class-path resource
 * ({@code server contract.yml}). With the system property {@value #PORT_FILE} it writes the
 * application port there once Jetty listens, for a test that started it in a JVM of its own.
 */
public class ContractApplication extends Application<Configuration> {
    /** System property: a file to write the application's port into once the server listens. */
    public static final String PORT_FILE = "contract.port-file";

    /** {@code server contract.yml}, as the shaded jar's users start it. */
    public static void main(String[] args) throws Exception {
        new ContractApplication().run(args);
    }

    @Override
    public void initialize(Bootstrap<Configuration> bootstrap) {
        bootstrap.setConfigurationSourceProvider(new ResourceConfigurationSourceProvider());
    }

    @Override
    public void run(Configuration configuration, Environment environment) {
        environment.jersey().register(ContractResource.class);
        environment.jersey().register(EntityReaderResource.class);
        environment.jersey().register(SeenEncodingFilter.class);
        // Jersey holds back the first 8 KiB of a response to compute its length, and flush() does not
        // release them: streamed parts would wait for the next one. As on any Jersey (docs/runtimes.md, Jersey).
        environment.jersey().property(ServerProperties.OUTBOUND_CONTENT_LENGTH_BUFFER, 0);
        String portFile = System.getProperty(PORT_FILE);
        if (portFile != null) {
            environment.lifecycle().addServerLifecycleListener(new PortFile(Path.of(portFile)));
        }
    }
}
