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
 * {@code GZIPOutputStream}, default level 6). Its own class, apart from {@link Peers}: Jersey is on
 * this child's class path only, and its JVM options are set ({@link PeerClassPath}).
 */
final class JerseyGzipPeer {
    private JerseyGzipPeer() {
    }

    static AutoCloseable start(String host, int port, java.nio.file.Path testdata) {
        ResourceConfig config = new ResourceConfig().register(new Peers.StaticResource(testdata))
                .register(EncodingFilter.class).register(GZipEncoder.class);
        HttpServer server = JdkHttpServerFactory.createHttpServer(URI.create("http://" + host + ":" + port + "/rest/"),
                config);
        return () -> server.stop(0);
    }
}
