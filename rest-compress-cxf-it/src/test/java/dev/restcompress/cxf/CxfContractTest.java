package dev.restcompress.cxf;

import com.fasterxml.jackson.jakarta.rs.json.JacksonJsonProvider;
import dev.restcompress.contract.EntityReaderContract;
import dev.restcompress.contract.HttpContract;
import dev.restcompress.contract.app.ContractResource;
import dev.restcompress.contract.app.EntityReaderResource;
import dev.restcompress.contract.app.SeenEncodingFilter;
import dev.restcompress.server.RestCompressFeature;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.List;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.jaxrs.JAXRSServerFactoryBean;
import org.apache.cxf.jaxrs.lifecycle.SingletonResourceProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The HTTP contract on Apache CXF 4.1: a {@link JAXRSServerFactoryBean} on CXF's Jetty transport, bound
 * to 127.0.0.1 on a free port, with rest-compress registered the way the README tells CXF users to:
 * one provider, {@link RestCompressFeature}.
 */
class CxfContractTest extends HttpContract implements EntityReaderContract {
    private static Server server;
    private static URI base;

    @BeforeAll
    static void start() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = probe.getLocalPort();
        }
        base = URI.create("http://127.0.0.1:" + port + "/");
        JAXRSServerFactoryBean factory = new JAXRSServerFactoryBean();
        factory.setAddress(base.toString());
        factory.setResourceClasses(ContractResource.class, EntityReaderResource.class);
        factory.setResourceProvider(ContractResource.class, new SingletonResourceProvider(new ContractResource()));
        factory.setResourceProvider(EntityReaderResource.class,
                new SingletonResourceProvider(new EntityReaderResource()));
        factory.setProviders(List.of(new RestCompressFeature(), new SeenEncodingFilter(), new JacksonJsonProvider()));
        server = factory.create();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop();
            server.destroy();
        }
    }

    @Override
    public URI baseUri() {
        return base;
    }
}
