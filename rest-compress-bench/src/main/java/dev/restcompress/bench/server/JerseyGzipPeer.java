package dev.restcompress.bench.server;

import com.sun.net.httpserver.HttpServer;
import java.net.URI;
import org.glassfish.jersey.jdkhttp.JdkHttpServerFactory;
import org.glassfish.jersey.message.GZipEncoder;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.filter.EncodingFilter;

/**
 * The Jersey peer: Jersey 3.1.11 on its JDK HTTP server container (the one that resolves here), the
 * same files, compressed by Jersey's {@code EncodingFilter} with {@code GZipEncoder} (JDK
 * {@code GZIPOutputStream}, default level 6).
 *
 * <p>Jersey is not in the bench jar (its {@code RuntimeDelegate} would fight RESTEasy's); its jars
 * are copied to {@code target/peer-jersey} at build time and put before the class path of this
 * child only ({@link PeerClassPath}). {@code sun.net.httpserver.nodelay} is set: without it the JDK
 * server stalls about 40 ms per response (Nagle against delayed ACKs, STACK.md 7), which would
 * measure the container's default rather than the compression.
 */
final class JerseyGzipPeer {
    private JerseyGzipPeer() {
    }

    static AutoCloseable start(String host, int port, java.nio.file.Path testdata) {
        ResourceConfig config = new ResourceConfig().register(new StaticResource(testdata))
                .register(EncodingFilter.class).register(GZipEncoder.class);
        HttpServer server = JdkHttpServerFactory.createHttpServer(URI.create("http://" + host + ":" + port + "/rest/"),
                config);
        return () -> server.stop(0);
    }
}
