package dev.restcompress.demo;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import io.undertow.util.StatusCodes;

/**
 * Sends a person who opens the server's root, {@code GET /} (or {@code HEAD /}), to the demo page with a
 * {@code 303 See Other} to {@value #PAGE}: the JAX-RS application lives under {@code /rest}, so without
 * this the address the demo prints would answer 404. The page is not served at {@code /} itself because
 * its dictionary's {@code match} pattern and its links are under {@code /rest}. Every other request goes
 * on unchanged. Thread-safe (stateless).
 */
final class RootRedirect implements HttpHandler {
    /** Where {@code /} leads: the demo page of {@link DemoPage}. */
    static final String PAGE = "/rest/index.html";

    private final HttpHandler next;

    RootRedirect(HttpHandler next) {
        this.next = next;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        boolean root = "/".equals(exchange.getRequestPath()) || exchange.getRequestPath().isEmpty();
        boolean read = exchange.getRequestMethod().equals(Methods.GET) || exchange.getRequestMethod().equals(Methods.HEAD);
        if (!root || !read) {
            next.handleRequest(exchange);
            return;
        }
        exchange.setStatusCode(StatusCodes.SEE_OTHER);
        // Relative: RFC 9110 allows it, and it stays right behind a proxy that rewrites the host.
        exchange.getResponseHeaders().put(Headers.LOCATION, PAGE);
        exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, 0);
        exchange.endExchange();
    }
}
