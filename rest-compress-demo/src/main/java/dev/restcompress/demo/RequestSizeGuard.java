package dev.restcompress.demo;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.StatusCodes;
import java.nio.charset.StandardCharsets;

/**
 * The demo server's first handler: a request that declares a body longer than the demo accepts gets a
 * clear 413 and one log line, before the servlet runs. Without it Undertow answers a declared length
 * over its max-entity-size (2 MiB by default) with a bare 500 and {@code Connection: close}. The limit
 * is the library's {@code rest-compress.max-decoded-size}: no body the application may decode to is
 * larger than that, so no longer body is worth reading. Bodies within the limit go on, and a compressed
 * one that decodes past the limit gets the library's own 413. Thread-safe (immutable).
 */
final class RequestSizeGuard implements HttpHandler {
    private static final System.Logger LOG = System.getLogger(RequestSizeGuard.class.getName());

    private final HttpHandler next;
    private final long limit;

    RequestSizeGuard(HttpHandler next, long limit) {
        this.next = next;
        this.limit = limit;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        long declared = exchange.getRequestContentLength();
        if (declared > limit) {
            LOG.log(System.Logger.Level.INFO, "rejected request body: 413 declared Content-Length {0} exceeds the"
                    + " demo''s request limit of {1} bytes (rest-compress.max-decoded-size)", Long.toString(declared),
                    Long.toString(limit));
            exchange.setStatusCode(StatusCodes.REQUEST_ENTITY_TOO_LARGE);
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "text/plain; charset=UTF-8");
            // The body is not read: the connection cannot be reused.
            exchange.setPersistent(false);
            exchange.getResponseSender().send("request body of " + declared + " bytes is over the limit of " + limit
                    + " bytes\n", StandardCharsets.UTF_8);
            return;
        }
        next.handleRequest(exchange);
    }
}
