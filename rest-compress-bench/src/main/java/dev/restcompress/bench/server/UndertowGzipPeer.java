package dev.restcompress.bench.server;

import io.undertow.Undertow;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.encoding.ContentEncodingRepository;
import io.undertow.server.handlers.encoding.EncodingHandler;
import io.undertow.server.handlers.encoding.GzipEncodingProvider;
import io.undertow.util.Headers;
import jakarta.ws.rs.NotFoundException;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The Undertow peer: no JAX-RS at all, a bare Undertow handler serving the files (read on a worker
 * thread per request, as the demo's resource method runs) behind Undertow's {@code EncodingHandler}
 * with its {@code GzipEncodingProvider} (JDK {@code Deflater}, default level 6). It is the floor of
 * what the demo's own container costs without the JAX-RS layer.
 */
final class UndertowGzipPeer {
    private static final String PREFIX = "/rest/static/";

    private UndertowGzipPeer() {
    }

    static AutoCloseable start(String host, int port, Path testdata) {
        HttpHandler files = new HttpHandler() {
            @Override
            public void handleRequest(HttpServerExchange exchange) throws Exception {
                if (exchange.isInIoThread()) {
                    exchange.dispatch(this); // file IO off the IO thread, as a JAX-RS method would be
                    return;
                }
                String path = exchange.getRequestPath();
                if (!path.startsWith(PREFIX)) {
                    exchange.setStatusCode(404);
                    return;
                }
                String name = URLDecoder.decode(path.substring(PREFIX.length()), StandardCharsets.UTF_8);
                byte[] body;
                try {
                    body = StaticResource.read(testdata, name);
                } catch (NotFoundException e) {
                    exchange.setStatusCode(404);
                    return;
                }
                exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, StaticResource.mediaType(name));
                exchange.getResponseSender().send(ByteBuffer.wrap(body));
            }
        };
        HttpHandler gzip = new EncodingHandler(new ContentEncodingRepository()
                .addEncodingHandler("gzip", new GzipEncodingProvider(), 50)).setNext(files);
        Undertow server = Undertow.builder().addHttpListener(port, host).setHandler(gzip).build();
        server.start();
        return server::stop;
    }
}
