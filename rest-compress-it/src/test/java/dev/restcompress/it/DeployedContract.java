package dev.restcompress.it;

import dev.restcompress.contract.EntityReaderContract;
import dev.restcompress.contract.HttpContract;
import java.net.URI;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The shared HTTP contract against the WAR of {@link Deployments}, deployed by Arquillian to whichever
 * container the build profile put on the class path. One subclass per container says how that
 * container differs ({@link HttpContract}'s hooks); the profile runs only its own.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
abstract class DeployedContract extends HttpContract implements EntityReaderContract {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.war("contract");
    }

    @ArquillianResource
    URL deployment;

    @Override
    public URI baseUri() {
        return Deployments.applicationRoot(deployment);
    }

    @Override
    public boolean entityRejectionLogsInProcess() {
        return logsInProcess();
    }
}
