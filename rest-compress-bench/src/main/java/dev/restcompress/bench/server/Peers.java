package dev.restcompress.bench.server;

import com.sun.net.httpserver.HttpServer;
import dev.restcompress.server.RestCompressFeature;
import io.undertow.Undertow;
import io.undertow.server.HttpHandler;
import io.undertow.server.handlers.encoding.ContentEncodingRepository;
import io.undertow.server.handlers.encoding.EncodingHandler;
import io.undertow.server.handlers.encoding.GzipEncodingProvider;
import io.undertow.util.Headers;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.SeBootstrap;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.jdkhttp.JdkHttpServerFactory;
import org.glassfish.jersey.message.GZipEncoder;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.filter.EncodingFilter;
import org.jboss.resteasy.annotations.GZIP;
import org.jboss.resteasy.plugins.interceptors.GZIPEncodingInterceptor;

/**
 * The peers, each serving {@code /rest/static/<name>} as the demo's {@code staticFile} does (the file read on
 * every request, typed by its extension) and compressing with its framework's own gzip (JDK {@code Deflater},
 * level 6), so that only the compression differs. The README's peers paragraph describes each.
 */
final class Peers {
    private static final String PREFIX = "/rest/static/";

    private Peers() {}

    /**
     * {@code GET static/{name}}. RESTEasy sees {@code @GZIP} only on the method declaring it; Jersey ignores it
     * (no name binding) and its filter compresses every response.
     */
    @Path("/")
    public static final class StaticResource {
        private final java.nio.file.Path testdata;

        StaticResource(java.nio.file.Path testdata) {
            this.testdata = testdata;
        }

        @GET
        @Path("static/{name}")
        @GZIP
        public Response staticFile(@PathParam("name") String name) throws IOException {
            return response(testdata, name);
        }
    }

    static Response response(java.nio.file.Path testdata, String name) throws IOException {
        return Response.ok(read(testdata, name), mediaType(name)).build();
    }

    /** The file's bytes; 404 for a name outside the folder or a missing file. */
    static byte[] read(java.nio.file.Path testdata, String name) throws IOException {
        java.nio.file.Path file = testdata.resolve(name).normalize();
        if (!file.getParent().equals(testdata.normalize()) || !Files.isRegularFile(file)) {
            throw new NotFoundException("no testdata file " + name);
        }
        return Files.readAllBytes(file);
    }

    static String mediaType(String name) {
        return name.endsWith(".xml") ? MediaType.APPLICATION_XML
                : name.endsWith(".json") ? MediaType.APPLICATION_JSON : MediaType.TEXT_PLAIN;
    }

    /** The JAX-RS application under {@code /rest} of these singletons and classes. */
    @ApplicationPath("/rest")
    static final class App extends Application {
        private final Set<Object> singletons;
        private final Set<Class<?>> classes;

        App(Set<Object> singletons, Set<Class<?>> classes) {
            this.singletons = singletons;
            this.classes = classes;
        }

        @Override
        public Set<Object> getSingletons() {
            return singletons;
        }

        @Override
        public Set<Class<?>> getClasses() {
            return classes;
        }

        /** Serves this application on RESTEasy's embedded Undertow (the demo's server). */
        AutoCloseable start(String host, int port) throws Exception {
            SeBootstrap.Configuration config = SeBootstrap.Configuration.builder().host(host).port(port).rootPath("/")
                    .build();
            return SeBootstrap.start(this, config).toCompletableFuture().get(60, TimeUnit.SECONDS)::stop;
        }
    }

    /** RESTEasy's {@code @GZIP}, which it ignores unless the interceptor is registered or allowGzip set: both. */
    static AutoCloseable resteasyGzip(String host, int port, java.nio.file.Path testdata) throws Exception {
        System.setProperty("resteasy.allowGzip", "true");
        return new App(Set.of(new StaticResource(testdata)), Set.of(GZIPEncodingInterceptor.class)).start(host, port);
    }

    /** A bare Undertow handler behind its {@code EncodingHandler}: the demo's container without JAX-RS. */
    static AutoCloseable undertowGzip(String host, int port, java.nio.file.Path testdata) {
        HttpHandler files = exchange -> {
            String path = exchange.getRequestPath();
            try {
                if (!path.startsWith(PREFIX)) {
                    throw new NotFoundException(path);
                }
                String name = URLDecoder.decode(path.substring(PREFIX.length()), StandardCharsets.UTF_8);
                byte[] body = read(testdata, name);
                exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, mediaType(name));
                exchange.getResponseSender().send(ByteBuffer.wrap(body));
            } catch (NotFoundException e) {
                exchange.setStatusCode(404);
            }
        };
        // file IO off the I/O thread, on a worker, as a JAX-RS method would run
        Undertow server = Undertow.builder().addHttpListener(port, host).setHandler(new EncodingHandler(
                new ContentEncodingRepository().addEncodingHandler("gzip", new GzipEncodingProvider(), 50))
                .setNext(exchange -> exchange.dispatch(files))).build();
        server.start();
        return server::stop;
    }

    /**
     * Jersey 3.1.11's {@code EncodingFilter} with {@code GZipEncoder} on its JDK HTTP server. Its jars are on
     * this child's class path only ({@link PeerClassPath}): no Jersey type may appear outside this method.
     */
    static AutoCloseable jerseyGzip(String host, int port, java.nio.file.Path testdata) {
        ResourceConfig config = new ResourceConfig().register(new StaticResource(testdata))
                .register(EncodingFilter.class).register(GZipEncoder.class);
        HttpServer server = JdkHttpServerFactory.createHttpServer(URI.create("http://" + host + ":" + port + "/rest/"),
                config);
        return () -> server.stop(0);
    }

    /**
     * This library on Jersey 3.1.11's JDK HTTP server: {@link CacheServer}'s resource ({@code /rest/static/<name>},
     * {@code @LZF @FastGzip}, no cache) with {@code RestCompressFeature}, the second runtime of the peers suite's
     * compression-over-HTTP figure. Jersey's jars come first on this child's class path ({@link PeerClassPath}).
     */
    static AutoCloseable oursOnJersey(String host, int port, java.nio.file.Path testdata) {
        ResourceConfig config = new ResourceConfig().register(new CacheServer.Resource(testdata))
                .register(RestCompressFeature.class);
        HttpServer server = JdkHttpServerFactory.createHttpServer(URI.create("http://" + host + ":" + port + "/rest/"),
                config);
        return () -> server.stop(0);
    }
}
