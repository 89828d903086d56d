package dev.restcompress.resteasy;

import dev.restcompress.contract.ContainerCompressionContract;
import io.undertow.Undertow;
import io.undertow.predicate.Predicate;
import io.undertow.predicate.Predicates;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.encoding.ContentEncodingRepository;
import io.undertow.server.handlers.encoding.EncodingHandler;
import io.undertow.server.handlers.encoding.GzipEncodingProvider;
import io.undertow.server.handlers.encoding.RequestEncodingHandler;
import io.undertow.conduits.GzipStreamSourceConduit;
import io.undertow.servlet.Servlets;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.api.DeploymentManager;
import java.net.InetSocketAddress;
import java.net.URI;
import org.jboss.resteasy.core.ResteasyDeploymentImpl;
import org.jboss.resteasy.plugins.server.undertow.UndertowJaxrsServer;
import org.jboss.resteasy.spi.ResteasyDeployment;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * RESTEasy on Undertow with Undertow's own compression in front, as a user adds it to the root handler:
 * {@link EncodingHandler} (gzip responses) around {@link RequestEncodingHandler} (inflates gzip request
 * bodies, removes {@code Content-Encoding} and {@code Content-Length}, sets {@code X-Content-Length}),
 * 127.0.0.1 and a free port; the contract's {@link ContainerCompressionContract} only.
 */
class UndertowContainerCompressionTest implements ContainerCompressionContract {
    /**
     * Compress neither a response whose exact length is below the library's threshold (1 KiB) nor a
     * cross-site request's answer (what the library sends unencoded for a {@code @CarriesSecrets} method).
     */
    static final Predicate LEAVE_LIBRARY_IDENTITY = Predicates.and(
            Predicates.not(Predicates.minContentSize(1024)),
            Predicates.not(exchange -> "cross-site".equals(exchange.getRequestHeaders().getFirst("Sec-Fetch-Site"))));

    private static Undertow undertow;
    private static DeploymentManager manager;

    @BeforeAll
    static void start() throws Exception {
        ResteasyDeployment deployment = new ResteasyDeploymentImpl();
        deployment.setApplication(new ResteasyUnregisteredContractTest.ResourcesOnly());
        DeploymentInfo info = new UndertowJaxrsServer().undertowDeployment(deployment)
                .setContextPath("/").setDeploymentName("container-compression")
                .setClassLoader(UndertowContainerCompressionTest.class.getClassLoader());
        manager = Servlets.defaultContainer().addDeployment(info);
        manager.deploy();
        HttpHandler servlets = manager.start();
        HttpHandler inflating = new RequestEncodingHandler(servlets).addEncoding("gzip", GzipStreamSourceConduit.WRAPPER);
        // The predicate is asked when the response starts: docs/runtimes.md's recipe, which makes the
        // library's identity decisions hold (without it Undertow gzips both, seen on this test).
        HttpHandler root = new EncodingHandler(new ContentEncodingRepository()
                .addEncodingHandler("gzip", new GzipEncodingProvider(), 50, LEAVE_LIBRARY_IDENTITY)).setNext(inflating);
        undertow = Undertow.builder().addHttpListener(0, "127.0.0.1").setHandler(root).build();
        undertow.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (undertow != null) {
            undertow.stop();
        }
        if (manager != null) {
            manager.stop();
            manager.undeploy();
        }
    }

    @Override
    public URI baseUri() {
        InetSocketAddress address = (InetSocketAddress) undertow.getListenerInfo().get(0).getAddress();
        return URI.create("http://127.0.0.1:" + address.getPort() + "/");
    }
}
