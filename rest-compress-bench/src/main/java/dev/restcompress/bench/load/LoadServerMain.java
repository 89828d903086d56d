package dev.restcompress.bench.load;

import dev.restcompress.demo.DemoServer;
import jakarta.ws.rs.SeBootstrap;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;

/**
 * The demo server as the load bench's child process: starts {@link DemoServer#start} on the given
 * host, prints {@code READY <port>} and runs until its standard input ends.
 *
 * <p>Why stdin: the parent ({@link DemoProcess}) holds the other end of the pipe, so when the bench
 * finishes, fails or is killed, the pipe closes and the server exits by itself; a killed bench never
 * leaves an orphaned server holding a port. Arguments: {@code --host H --port N --testdata DIR};
 * port 0 picks a free port in this process's network namespace.
 */
public final class LoadServerMain {
    /** The line prefix the parent waits for. */
    static final String READY = "READY ";

    private LoadServerMain() {
    }

    public static void main(String[] args) throws Exception {
        String host = "127.0.0.1";
        int port = 0;
        Path testdata = Path.of("testdata");
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--host" -> host = args[i + 1];
                case "--port" -> port = Integer.parseInt(args[i + 1]);
                case "--testdata" -> testdata = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (port == 0) {
            port = freePort(host);
        }
        SeBootstrap.Instance instance = DemoServer.start(host, port, testdata);
        System.out.println(READY + port);
        System.out.flush();
        try {
            while (System.in.read() >= 0) {
                // The parent never writes; we only wait for end of stream.
            }
        } finally {
            instance.stop();
        }
        System.exit(0);
    }

    private static int freePort(String host) throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return s.getLocalPort();
        }
    }
}
