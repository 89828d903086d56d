package dev.restcompress.demo;

import static org.junit.jupiter.api.Assertions.fail;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Opens one page in headless Chromium (fresh profile, so no dictionary survives from an earlier run)
 * and returns what the page reports. The page is given {@code ?report=<url>} and POSTs its result
 * there when it is done; the collector is a JDK HTTP server on 127.0.0.1 owned by this class. Waiting
 * for an explicit report is more reliable than {@code --dump-dom}: dictionary registration is
 * asynchronous and the page decides itself when it has seen what it waited for.
 *
 * <p>The browser and every process it started are ended by PID when the report arrived or the limit
 * passed. Chromium runs with {@code --no-sandbox} because tests may run as root (CI containers),
 * where the sandbox refuses to start; the page is our own, served from loopback.
 */
final class HeadlessChromium {
    private HeadlessChromium() {
    }

    /**
     * The page's report body, or a test failure (with the browser's log tail) after {@code limit};
     * {@code extraFlags} go to the browser's command line.
     */
    static String runPage(String pageUrl, Duration limit, String... extraFlags) throws IOException, InterruptedException {
        Path binary = Tools.chromium();
        HttpServer collector = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        CompletableFuture<String> report = new CompletableFuture<>();
        collector.createContext("/report", exchange -> {
            try (exchange) {
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Access-Control-Allow-Origin", "*");
                exchange.sendResponseHeaders(204, -1);
                report.complete(body);
            }
        });
        collector.start();
        Path profile = Files.createTempDirectory("chromium-profile");
        Path log = Files.createTempFile("chromium", ".log");
        Process browser = null;
        try {
            String reportUrl = "http://127.0.0.1:" + collector.getAddress().getPort() + "/report";
            String url = pageUrl + (pageUrl.contains("?") ? "&" : "?") + "report="
                    + URLEncoder.encode(reportUrl, StandardCharsets.UTF_8);
            List<String> command = new java.util.ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox",
                    "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                    "--disable-background-networking", "--user-data-dir=" + profile));
            command.addAll(List.of(extraFlags));
            command.add(url);
            browser = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            try {
                return report.get(limit.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                fail("no report from the page within " + limit + " (" + url + "); browser alive: "
                        + browser.isAlive() + "; log tail:\n" + tail(log));
                return null;
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        } finally {
            if (browser != null) {
                stop(browser);
            }
            collector.stop(0);
            deleteTree(profile);
            Files.deleteIfExists(log);
        }
    }

    /** Ends the browser and its children (renderer, GPU, zygote), children first, each by PID. */
    private static void stop(Process browser) throws InterruptedException {
        List<ProcessHandle> children = browser.descendants().toList();
        children.forEach(ProcessHandle::destroy);
        browser.destroy();
        if (!browser.waitFor(10, TimeUnit.SECONDS)) {
            browser.destroyForcibly();
            browser.waitFor(10, TimeUnit.SECONDS);
        }
        for (ProcessHandle child : children) {
            try {
                child.onExit().get(5, TimeUnit.SECONDS);
            } catch (Exception e) {
                child.destroyForcibly();
            }
        }
    }

    private static String tail(Path log) throws IOException {
        String text = Files.readString(log, StandardCharsets.ISO_8859_1);
        return text.length() <= 4000 ? text : text.substring(text.length() - 4000);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // The browser may still be writing its profile while it exits: a leftover temp dir is harmless.
        }
    }
}
