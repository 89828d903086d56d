package dev.restcompress.bench.server;

import com.sun.net.httpserver.HttpServer;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
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

    /** The resource: no compression annotation; the filter encodes every response the client accepts gzip for. */
    @Path("/")
    public static final class Resource {
        private final java.nio.file.Path testdata;

        Resource(java.nio.file.Path testdata) {
            this.testdata = testdata;
        }

        @GET
        @Path("static/{name}")
        public Response staticFile(@PathParam("name") String name) throws IOException {
            return Response.ok(StaticFiles.read(testdata, name), StaticFiles.mediaType(name)).build();
        }
    }

    static AutoCloseable start(String host, int port, java.nio.file.Path testdata) {
        ResourceConfig config = new ResourceConfig().register(new Resource(testdata))
                .register(EncodingFilter.class).register(GZipEncoder.class);
        HttpServer server = JdkHttpServerFactory.createHttpServer(URI.create("http://" + host + ":" + port + "/rest/"),
                config);
        return () -> server.stop(0);
    }
}
