package dev.restcompress.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The open model does not hide a stall (no coordinated omission): the server holds its first response for
 * {@value #STALL_MS} ms, one connection, 100 requests due in one second. The 60 due in the first 600 ms wait 200 ms
 * or more from their due time on any machine: a lower bound by construction, not a timing assertion.
 */
class LoadGeneratorTest {
    private static final int STALL_MS = 800;
    private static final byte[] BODY = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);

    /** One step against a server on 127.0.0.1 that holds its first response for {@value #STALL_MS} ms. */
    private static LoadStep run(String label, double rate, int connections, double seconds) throws Exception {
        System.setProperty("sun.net.httpserver.nodelay", "true");
        AtomicBoolean first = new AtomicBoolean(true);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/", exchange -> {
            if (first.getAndSet(false)) {
                try {
                    Thread.sleep(STALL_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            exchange.sendResponseHeaders(200, BODY.length);
            exchange.getResponseBody().write(BODY);
            exchange.close();
        });
        // Two handler threads: the stalled exchange must not hold up the closed model's other connection. The JDK
        // server's own dispatcher thread serves one exchange at a time, so whether the other connection's request
        // counted in the 0.3 s step depended on when the server read it (once it did not, in a JDK 25 reactor run).
        ExecutorService handlers = Executors.newFixedThreadPool(2);
        server.setExecutor(handlers);
        server.start();
        try {
            return new LoadGenerator("127.0.0.1", server.getAddress().getPort(), LoadGenerator.payloads(List.of(
                    new LoadGenerator.Payload("ok.json", "/ok.json", BODY, false, -1)), 1), LoadGenerator.TIMEOUT_MS)
                    .run(label, "identity", rate, connections, 0, seconds, null);
        } finally {
            server.stop(0);
            handlers.shutdownNow();
        }
    }

    @Test
    void aStallCountsAgainstEveryRequestDueDuringIt() throws Exception {
        LoadStep r = run("stall", 100, 1, 1.0);

        assertEquals(0, r.errors(), "errors: " + r.firstError());
        assertEquals(100, r.ok() + r.unsent(), "every request due in the window is served or counted unsent");
        assertTrue(r.p50Us() >= 200_000, "median from the due time hides the stall: " + r.p50Us() + " us");
        assertTrue(r.p99Us() >= 700_000, "p99 from the due time hides the stall: " + r.p99Us() + " us");
        // Every request sent after the stall was due during it, until the connection catches up (past 79 requests).
        assertTrue(r.lateBusy() >= Math.min(50, r.ok() - 1), "queued behind the stall but not late: " + r.lateBusy());
    }

    @Test
    void theClosedModelMeasuresFromSendingAndNeverRunsLate() throws Exception {
        LoadStep r = run("closed", 0, 2, 0.3);

        assertEquals(0, r.errors(), "errors: " + r.firstError());
        assertTrue(r.ok() > 0, "no request served");
        assertEquals(0, r.lateBusy() + r.lateWake() + r.unsent(), "the closed model has no schedule to miss");
    }

    /** A row's extra header lines ({@code OurVariants.headers}: the same-origin rows) reach the server on every request. */
    @Test
    void everyRequestCarriesTheRowsHeaders() throws Exception {
        List<String> sent = List.of("Cookie: session=abc", "Sec-Fetch-Site: same-origin");
        java.util.concurrent.atomic.AtomicInteger withBoth = new java.util.concurrent.atomic.AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/", exchange -> {
            boolean both = "session=abc".equals(exchange.getRequestHeaders().getFirst("Cookie"))
                    && "same-origin".equals(exchange.getRequestHeaders().getFirst("Sec-Fetch-Site"));
            withBoth.addAndGet(both ? 1 : 0);
            exchange.sendResponseHeaders(both ? 200 : 400, BODY.length);
            exchange.getResponseBody().write(BODY);
            exchange.close();
        });
        server.start();
        try {
            LoadStep r = new LoadGenerator("127.0.0.1", server.getAddress().getPort(), LoadGenerator.payloads(List.of(
                    new LoadGenerator.Payload("ok.json", "/ok.json", BODY, false, -1)), 1, sent), LoadGenerator.TIMEOUT_MS)
                    .run("headers", "identity", 0, 1, 0, 0.2, null);
            assertEquals(0, r.errors(), "errors: " + r.firstError());
            assertTrue(r.ok() > 0, "no request served");
            assertTrue(withBoth.get() >= r.ok(), withBoth.get() + " requests carried both headers, " + r.ok() + " served");
        } finally {
            server.stop(0);
        }
    }
}
