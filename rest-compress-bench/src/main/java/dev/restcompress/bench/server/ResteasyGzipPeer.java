package dev.restcompress.bench.server;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.SeBootstrap;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.jboss.resteasy.annotations.GZIP;
import org.jboss.resteasy.plugins.interceptors.GZIPEncodingInterceptor;

/**
 * The RESTEasy peer: the same embedded server as the demo (RESTEasy + Undertow through
 * {@link SeBootstrap}), the same files, compressed by RESTEasy's own {@code @GZIP} and
 * {@code GZIPEncodingInterceptor} (JDK {@code GZIPOutputStream}, default level 6). RESTEasy ignores
 * {@code @GZIP} unless the interceptor is registered or {@code resteasy.allowGzip} is set; this
 * does both.
 */
final class ResteasyGzipPeer {
    private ResteasyGzipPeer() {
    }

    /**
     * The same method as {@link StaticResource}'s with {@code @GZIP} on it. (On a subclass's type the
     * annotation is not seen: RESTEasy looks at the class declaring the resource method.)
     */
    @Path("/")
    public static final class Resource {
        private final java.nio.file.Path testdata;

        Resource(java.nio.file.Path testdata) {
            this.testdata = testdata;
        }

        @GET
        @Path("static/{name}")
        @GZIP
        public Response staticFile(@PathParam("name") String name) throws IOException {
            return StaticResource.response(testdata, name);
        }
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

        /** Serves this application on RESTEasy's embedded Undertow (the demo's server) through {@link SeBootstrap}. */
        AutoCloseable start(String host, int port) throws Exception {
            SeBootstrap.Configuration config = SeBootstrap.Configuration.builder().host(host).port(port).rootPath("/")
                    .build();
            SeBootstrap.Instance instance = SeBootstrap.start(this, config).toCompletableFuture().get(60, TimeUnit.SECONDS);
            return instance::stop;
        }
    }

    static AutoCloseable start(String host, int port, java.nio.file.Path testdata) throws Exception {
        System.setProperty("resteasy.allowGzip", "true");
        return new App(Set.of(new Resource(testdata)), Set.of(GZIPEncodingInterceptor.class)).start(host, port);
    }
}
