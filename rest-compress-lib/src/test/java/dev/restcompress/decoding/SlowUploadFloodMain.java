package dev.restcompress.decoding;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import dev.restcompress.server.RestCompressFeature;
import dev.restcompress.server.TestResource;
import io.undertow.Undertow;
import jakarta.ws.rs.core.Application;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jboss.resteasy.plugins.server.undertow.UndertowJaxrsServer;

/**
 * Floods a real server in a child JVM with slow compressed uploads and watches its resident set: the
 * end-to-end check of {@code rest-compress.max-live-decoders}. The child runs RESTEasy on Undertow
 * (127.0.0.1, free port, a fixed pre-touched heap, so its resident set moves with native memory) with
 * the library's feature and {@link TestResource}, whose {@code POST /count} reads a whole body. The
 * parent then opens slow uploads one by one on raw sockets, alternately zstd and br, each a chunked
 * body in a stream that declares the largest window the server accepts (zstd 2^23, br 2^24), coded at
 * the highest level; each sends about {@code decoded} bytes' worth and is then left open, unfinished.
 * An upload answered with 503 is counted refused and closed; one with no answer holds a decoder. The
 * child's VmRSS is read every 25 uploads. With all of them open, 200 plain GETs must all succeed.
 *
 * <p>The child's container gets {@value #WORKER_THREADS} worker threads: every held upload blocks one
 * (the resource reads its body), so a container whose pool is smaller than the decoder bound (Undertow's
 * default is 8 per core, 16 on two cores) runs out of threads before the bound is reached; sizing that
 * pool is the container's business, not the library's.
 *
 * <pre>{@code
 * java -cp <test class path> dev.restcompress.decoding.SlowUploadFloodMain [uploads] [bound] [decoded bytes per upload]
 * }</pre>
 * Defaults 300, 64, 1000000. A measurement, not a test: the figures go into SECURITY.md. Every wait is
 * bounded (a watchdog closes the sockets and stops the child after 10 minutes).
 */
public final class SlowUploadFloodMain {
    private static final int RSS_EVERY = 25;
    private static final int GETS = 200;
    private static final int WORKER_THREADS = 512;
    private static final int CHUNK = 16 * 1024;

    private SlowUploadFloodMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("server")) {
            serve();
            return;
        }
        int uploads = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int bound = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        int decoded = args.length > 2 ? Integer.parseInt(args[2]) : 1_000_000;
        byte[] plain = text(4 * decoded);
        List<String> codings = List.of("zstd", "br");
        List<byte[]> bodies = new ArrayList<>();
        for (String coding : codings) {
            bodies.add(largeWindow(coding, plain));
        }
        Process child = startChild(bound);
        List<Socket> open = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(TimeUnit.MINUTES.toMillis(10));
                System.out.println("watchdog: 10 minutes passed, closing everything");
                closeAll(open);
                child.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "flood-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        try {
            int port = port(child);
            long baseline = rssKiB(child.pid());
            System.out.printf(Locale.ROOT, "child pid %d, port %d, bound %d, %d uploads of ~%d decoded bytes"
                    + " (zstd %d / br %d coded bytes for the whole %d-byte text)%n", child.pid(), port, bound, uploads,
                    decoded, bodies.get(0).length, bodies.get(1).length, plain.length);
            System.out.println("| uploads opened | held | refused 503 | other answers | child RSS MB |");
            System.out.println("|---|---|---|---|---|");
            System.out.printf(Locale.ROOT, "| 0 | 0 | 0 | 0 | %.1f |%n", baseline / 1024.0);
            List<Socket> held = new ArrayList<>();
            int refused = 0;
            List<String> others = new ArrayList<>();
            List<Long> rssAfterBound = new ArrayList<>();
            for (int i = 0; i < uploads; i++) {
                byte[] body = bodies.get(i % bodies.size());
                int prefix = (int) Math.min(body.length - 64, (long) body.length * decoded / plain.length + 1024);
                Socket s = new Socket();
                open.add(s);
                String answer = upload(s, port, codings.get(i % codings.size()), body, prefix);
                if (answer == null) {
                    held.add(s);
                } else {
                    if (answer.startsWith("HTTP/1.1 503")) {
                        refused++;
                    } else {
                        others.add(i + ": " + answer);
                    }
                    s.close();
                }
                if ((i + 1) % RSS_EVERY == 0 || i + 1 == uploads) {
                    Thread.sleep(500); // let the server decode what it was sent
                    long rss = rssKiB(child.pid());
                    if (held.size() >= bound) {
                        rssAfterBound.add(rss);
                    }
                    System.out.printf(Locale.ROOT, "| %d | %d | %d | %d | %.1f |%n", i + 1, held.size(), refused,
                            others.size(), rss / 1024.0);
                }
            }
            // A refusal that came late would have been counted held: look again at every holder.
            int late = 0;
            for (Socket s : held) {
                s.setSoTimeout(50);
                if (answered(s.getInputStream()) != null) {
                    late++;
                }
            }
            int getErrors = gets(port);
            long rssAfterGets = rssKiB(child.pid());
            closeAll(open);
            Thread.sleep(1000);
            long rssClosed = rssKiB(child.pid());
            long flatMin = rssAfterBound.stream().mapToLong(Long::longValue).min().orElse(-1);
            long flatMax = rssAfterBound.stream().mapToLong(Long::longValue).max().orElse(-1);
            System.out.printf(Locale.ROOT, "holders answered late (were not held): %d; other answers: %s%n", late, others);
            System.out.printf(Locale.ROOT, "GETs during the flood: %d, errors %d; child RSS %.1f MB after them,"
                    + " %.1f MB after closing every upload%n", GETS, getErrors, rssAfterGets / 1024.0, rssClosed / 1024.0);
            if (rssAfterBound.isEmpty()) {
                System.out.println("the bound was never reached");
            } else {
                System.out.printf(Locale.ROOT, "RSS once the bound was reached: %.1f..%.1f MB (spread %.1f MB over %d"
                        + " readings)%n", flatMin / 1024.0, flatMax / 1024.0, (flatMax - flatMin) / 1024.0,
                        rssAfterBound.size());
            }
            boolean flat = !rssAfterBound.isEmpty() && flatMax - flatMin <= 8 * 1024;
            System.out.printf(Locale.ROOT, "verdict: held %d of bound %d; RSS %s once the bound is reached; GET errors %d"
                    + " -> %s%n", held.size() - late, bound, flat ? "flat" : "NOT flat", getErrors,
                    flat && getErrors == 0 && held.size() - late == bound && others.isEmpty() ? "PASS" : "FAIL");
        } finally {
            closeAll(open);
            stopChild(child);
            watchdog.interrupt();
        }
    }

    /**
     * One slow upload: head, then the chunked coded body up to {@code prefix} bytes, watching for an
     * answer between chunks; the last chunk is never sent. Returns the answer's status line, or null
     * when none came within 300 ms of the last byte (the upload holds a decoder).
     */
    private static String upload(Socket s, int port, String coding, byte[] body, int prefix) throws IOException {
        s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        s.setSoTimeout(300);
        OutputStream out = s.getOutputStream();
        InputStream in = s.getInputStream();
        try {
            out.write(("POST /count HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
                    + "Content-Encoding: " + coding + "\r\nTransfer-Encoding: chunked\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            for (int sent = 0; sent < prefix; ) {
                if (in.available() > 0) {
                    return answered(in);
                }
                int n = Math.min(CHUNK, prefix - sent);
                out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(body, sent, n);
                out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                sent += n;
            }
        } catch (IOException e) {
            // The server may answer and close while the body is still coming: read what it said.
            String a = answered(in);
            return a != null ? a : "write failed: " + e;
        }
        return answered(in);
    }

    /** The status line of an answer that arrives within the socket timeout, or null. */
    private static String answered(InputStream in) {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buf = new byte[1024];
        try {
            for (int i = 0; i < 64 && !got.toString(StandardCharsets.ISO_8859_1).contains("\r\n"); i++) {
                int n = in.read(buf);
                if (n < 0) {
                    return got.size() == 0 ? "closed without an answer" : got.toString(StandardCharsets.ISO_8859_1);
                }
                got.write(buf, 0, n);
            }
        } catch (SocketTimeoutException e) {
            if (got.size() == 0) {
                return null;
            }
        } catch (IOException e) {
            return got.size() == 0 ? "read failed: " + e : got.toString(StandardCharsets.ISO_8859_1);
        }
        return got.toString(StandardCharsets.ISO_8859_1).lines().findFirst().orElse("");
    }

    /** Plain GETs while every upload is open; returns how many failed (not 200 with the whole body). */
    private static int gets(int port) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        int errors = 0;
        for (int i = 0; i < GETS; i++) {
            try {
                HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/data/5000")).timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofByteArray());
                if (r.statusCode() != 200 || r.body().length != 5000) {
                    errors++;
                }
            } catch (IOException e) {
                errors++;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return errors + GETS - i;
            }
        }
        return errors;
    }

    private static Process startChild(int bound) throws IOException {
        Path log = Path.of("rest-compress-lib", "target", "slow-upload-flood-server.log");
        Files.createDirectories(log.getParent());
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch", "-Drest-compress.max-live-decoders=" + bound,
                "-cp", System.getProperty("java.class.path"), SlowUploadFloodMain.class.getName(), "server");
        return new ProcessBuilder(cmd).redirectError(log.toFile()).start();
    }

    /** The port the child prints, waited for at most 60 s. */
    private static int port(Process child) throws Exception {
        BlockingQueue<String> lines = new ArrayBlockingQueue<>(1);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII))) {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.startsWith("PORT ")) {
                        lines.offer(line);
                    }
                }
            } catch (IOException e) {
                // the child ended
            }
        }, "flood-child-stdout");
        reader.setDaemon(true);
        reader.start();
        String line = lines.poll(60, TimeUnit.SECONDS);
        if (line == null) {
            throw new IllegalStateException("the server did not start in 60 s; see target/slow-upload-flood-server.log");
        }
        return Integer.parseInt(line.substring(5).trim());
    }

    /** Closing its stdin tells the child to stop; it is destroyed (by its own handle) if it has not in 15 s. */
    private static void stopChild(Process child) throws InterruptedException {
        try {
            child.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
        if (!child.waitFor(15, TimeUnit.SECONDS)) {
            child.destroy();
            if (!child.waitFor(10, TimeUnit.SECONDS)) {
                child.destroyForcibly();
            }
        }
    }

    private static void closeAll(List<Socket> sockets) {
        synchronized (sockets) {
            for (Socket s : sockets) {
                try {
                    s.close();
                } catch (IOException e) {
                    // closing anyway
                }
            }
        }
    }

    /** The child: the server, its port on stdout, and a stop when stdin ends. */
    private static void serve() throws Exception {
        RestCompressFeature feature = new RestCompressFeature();
        Application app = new Application() {
            @Override
            public Set<Class<?>> getClasses() {
                return Set.of(TestResource.class);
            }

            @Override
            public Set<Object> getSingletons() {
                return Set.of(feature);
            }
        };
        Server server = new Server();
        server.start(Undertow.builder().addHttpListener(0, "127.0.0.1").setWorkerThreads(WORKER_THREADS));
        server.deploy(app);
        System.out.println("PORT " + server.port());
        System.out.flush();
        while (System.in.read() >= 0) {
            // wait for the parent to close stdin (or die)
        }
        server.stop();
        System.exit(0);
    }

    /** Undertow through RESTEasy, with the port the listener got. */
    private static final class Server extends UndertowJaxrsServer {
        int port() {
            return ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
        }
    }

    /** {@code plain} in a stream that declares the largest window the server accepts, at the top level. */
    private static byte[] largeWindow(String coding, byte[] plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (coding.equals("zstd")) {
            try (ZstdOutputStreamNoFinalizer z = new ZstdOutputStreamNoFinalizer(out)) {
                z.setLevel(19);
                z.setWindowLog(23);
                z.write(plain);
            }
        } else {
            Brotli4jLoader.ensureAvailability();
            out.write(Encoder.compress(plain, new Encoder.Parameters().setQuality(11).setWindow(24)));
        }
        return out.toByteArray();
    }

    /** Seeded words: compresses well and fills the window as it decodes. */
    private static byte[] text(int size) {
        String[] words = {"order", "customer", "status", "shipped", "pending", "amount", "currency", "item",
            "quantity", "price", "street", "city", "zip", "true", "false", "null", "id", "name", "created"};
        Random r = new Random(7);
        StringBuilder sb = new StringBuilder(size + 16);
        while (sb.length() < size) {
            sb.append(words[r.nextInt(words.length)]).append(r.nextInt(1000)).append(' ');
        }
        return sb.substring(0, size).getBytes(StandardCharsets.US_ASCII);
    }

    private static long rssKiB(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw new IllegalStateException("no VmRSS for " + pid);
    }
}
