package dev.restcompress.bench.server;

import dev.restcompress.bench.core.Cli;
import dev.restcompress.demo.DemoServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A bench server as a child process ({@link ServerProcess}): starts one server on the given host,
 * prints {@code READY <port>}, answers commands on standard input and stops when its standard input
 * ends.
 *
 * <p>Servers ({@code --server}): {@value #OURS} is the demo application (this library on RESTEasy +
 * Undertow); the peers serve the same files at the same path, {@code /rest/static/<name>}, with
 * their own built-in gzip: {@value #RESTEASY_GZIP} (RESTEasy's {@code @GZIP}), {@value #JERSEY_GZIP}
 * (Jersey's {@code EncodingFilter} + {@code GZipEncoder} on its JDK HTTP server) and
 * {@value #UNDERTOW_GZIP} (a bare Undertow handler behind its {@code EncodingHandler}); {@value #OURS_CACHE}
 * serves the encoded-variant cache's workloads ({@link CacheServer}).
 *
 * <p>Why stdin: the parent holds the other end of the pipe, so when the bench finishes, fails or is
 * killed, the pipe closes and the server exits by itself; a killed bench never leaves an orphaned
 * server holding a port. Command {@code sample}: a full GC, then one {@code ANSWER} line with the
 * heap after it and the native memory tracking totals ({@link MemorySample}). Arguments:
 * {@code --server KIND --host H --port N --testdata DIR}; port 0 picks a free port in this
 * process's network namespace.
 */
public final class BenchServerMain {
    /** The line prefix the parent waits for. */
    static final String READY = "READY ";
    /** The prefix of an answer to a command (kept out of the log). */
    static final String ANSWER = "ANSWER ";
    /** The demo application with this library. */
    public static final String OURS = "ours";
    /** RESTEasy's own {@code @GZIP}. */
    public static final String RESTEASY_GZIP = "resteasy-gzip";
    /** Jersey's {@code EncodingFilter} + {@code GZipEncoder}. */
    public static final String JERSEY_GZIP = "jersey-gzip";
    /** Undertow's {@code EncodingHandler} with its gzip provider. */
    public static final String UNDERTOW_GZIP = "undertow-gzip";
    /** This library with the encoded-variant cache's workloads ({@link CacheServer}). */
    public static final String OURS_CACHE = "ours-cache";
    /** Every server kind the peers suite compares, ours first. */
    public static final List<String> KINDS = List.of(OURS, RESTEASY_GZIP, JERSEY_GZIP, UNDERTOW_GZIP);

    private BenchServerMain() {
    }

    /** The child's command line. */
    @Command(name = "BenchServerMain", mixinStandardHelpOptions = true)
    static final class Args {
        @Option(names = "--server", description = "ours, ours-cache, resteasy-gzip, jersey-gzip or undertow-gzip")
        String kind = OURS;
        @Option(names = "--host")
        String host = "127.0.0.1";
        @Option(names = "--port", description = "0: a free one")
        int port;
        @Option(names = "--testdata")
        Path testdata = Path.of("testdata");
    }

    public static void main(String[] argv) throws Exception {
        Args a = Cli.parse(new Args(), argv);
        if (a == null) {
            return;
        }
        int port = a.port == 0 ? freePort(a.host) : a.port;
        AutoCloseable server = start(a.kind, a.host, port, a.testdata);
        System.out.println(READY + port);
        System.out.flush();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.trim().equals("sample")) {
                    System.out.println(ANSWER + MemorySample.take());
                    System.out.flush();
                }
            }
        } finally {
            server.close();
        }
        System.exit(0);
    }

    private static AutoCloseable start(String kind, String host, int port, Path testdata) throws Exception {
        return switch (kind) {
            case OURS -> DemoServer.start(host, port, testdata)::stop;
            case RESTEASY_GZIP -> ResteasyGzipPeer.start(host, port, testdata);
            case JERSEY_GZIP -> JerseyGzipPeer.start(host, port, testdata);
            case UNDERTOW_GZIP -> UndertowGzipPeer.start(host, port, testdata);
            case OURS_CACHE -> CacheServer.start(host, port, testdata);
            default -> throw new IllegalArgumentException("unknown server " + kind + " (" + KINDS + ", " + OURS_CACHE + ")");
        };
    }

    private static int freePort(String host) throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return s.getLocalPort();
        }
    }
}
