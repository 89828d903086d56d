package dev.restcompress.server;

import dev.restcompress.client.RestCompressClientFeature;
import dev.restcompress.testing.TestServer;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.WebTarget;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import jakarta.ws.rs.core.Application;

/**
 * Run in a child JVM by {@link NativeMemoryTest}: for each coding, sends compressed request bodies
 * that the server decodes and fetches compressed responses that the client feature decodes, and
 * prints the resident memory growth over the measured rounds, after a warm-up that lets the JIT,
 * the pools and malloc's arenas settle. Output lines: {@code coding=zstd requests=2000 growth-kb=512}.
 *
 * <p>Arguments: warm-up requests, measured requests, codings.
 */
public final class NativeMemoryMain {
    private NativeMemoryMain() {
    }

    public static void main(String[] args) throws Exception {
        int warmup = Integer.parseInt(args[0]);
        int measured = Integer.parseInt(args[1]);
        List<String> codings = List.of(args).subList(2, args.length);
        byte[] body = TestResource.payload(20_000);
        String expected = LifecycleResource.expected(body);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        RestCompressFeature feature = new RestCompressFeature();
        Application app = new Application() {
            @Override
            public Set<Class<?>> getClasses() {
                return Set.of(LifecycleResource.class);
            }

            @Override
            public Set<Object> getSingletons() {
                return Set.of(feature);
            }
        };
        try (TestServer server = TestServer.start(app)) {
            Client client = ClientBuilder.newBuilder().register(new RestCompressClientFeature()).build();
            try {
                WebTarget data = client.target(server.uri("lifecycle/data/20000"));
                List<Runnable> rounds = new java.util.ArrayList<>();
                for (String coding : codings) {
                    rounds.add(round(http, server, data, coding, body, expected));
                }
                // Warm every path up first (JIT, pools, malloc arenas), then measure coding by coding.
                for (int i = 0; i < warmup; i++) {
                    rounds.forEach(Runnable::run);
                }
                for (int c = 0; c < codings.size(); c++) {
                    long before = settledRssKb();
                    for (int i = 0; i < measured; i++) {
                        rounds.get(c).run();
                    }
                    long after = settledRssKb();
                    System.out.println("coding=" + codings.get(c) + " requests=" + measured + " rss-before-kb=" + before
                            + " rss-after-kb=" + after + " growth-kb=" + (after - before)
                            + " open=" + feature.registry().streams().outstanding()
                            + " reclaimed=" + feature.registry().streams().reclaimed());
                }
            } finally {
                client.close();
            }
        }
        System.out.println("done");
    }

    /** One POST the server decodes and one GET the client decodes, both checked. */
    private static Runnable round(HttpClient http, TestServer server, WebTarget data, String coding, byte[] body,
            String expected) {
        byte[] compressed = DecoderLifecycleTest.compress(coding, body);
        // Alternately a whole-value reader (closed when it returns) and a resource that takes the
        // stream itself (closed when the request completes).
        HttpRequest[] posts = new HttpRequest[2];
        for (int i = 0; i < posts.length; i++) {
            posts[i] = HttpRequest.newBuilder(server.uri(i == 0 ? "lifecycle/bytes" : "lifecycle/stream"))
                    .timeout(Duration.ofSeconds(30)).header("Content-Encoding", coding)
                    .header("Content-Type", "text/plain")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(compressed)).build();
        }
        int[] count = {0};
        return () -> {
            try {
                HttpRequest post = posts[count[0]++ & 1];
                HttpResponse<String> r = http.send(post, HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200 || !r.body().trim().equals(expected)) {
                    throw new IllegalStateException(coding + ": " + r.statusCode() + " " + r.body());
                }
                String decoded = data.request().header("Accept-Encoding", coding).get(String.class);
                if (decoded.length() != 20_000) {
                    throw new IllegalStateException(coding + ": client decoded " + decoded.length());
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
    }

    /** Resident set size after a GC, so that memory the heap or a cleaner would give back is given back. */
    private static long settledRssKb() throws Exception {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }
}
