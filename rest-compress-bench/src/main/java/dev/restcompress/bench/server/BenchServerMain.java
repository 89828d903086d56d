package dev.restcompress.bench.server;

import dev.restcompress.bench.core.Cli;
import dev.restcompress.demo.DemoServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A bench server child ({@link ServerProcess}): {@value #OURS} (the demo), {@value #OURS_CACHE} ({@link CacheServer})
 * or a peer ({@link Peers}) on a free port; prints {@code READY <port>}, answers {@code sample} and exits when its
 * standard input ends, so a bench that dies, even killed, never leaves a server holding a port.
 */
@Command(name = "BenchServerMain", mixinStandardHelpOptions = true)
public final class BenchServerMain {
    static final String READY = "READY ";
    /** The prefix of an answer to a command (kept out of the log). */
    static final String ANSWER = "ANSWER ";
    public static final String OURS = "ours";
    public static final String RESTEASY_GZIP = "resteasy-gzip";
    public static final String JERSEY_GZIP = "jersey-gzip";
    public static final String UNDERTOW_GZIP = "undertow-gzip";
    public static final String OURS_CACHE = "ours-cache";
    /** This library on Jersey's JDK HTTP server ({@link Peers#oursOnJersey}). */
    public static final String OURS_JERSEY = "ours-jersey";
    /** Every server kind the peers suite compares, ours first. */
    public static final List<String> KINDS = List.of(OURS, RESTEASY_GZIP, JERSEY_GZIP, UNDERTOW_GZIP);
    private static final Pattern NMT_TOTAL = Pattern.compile("Total: reserved=(\\d+)KB, committed=(\\d+)KB");
    private static final Pattern NMT_OTHER = Pattern.compile("-\\s+Other \\(reserved=(\\d+)KB, committed=(\\d+)KB");

    @Option(names = "--server", description = "ours, ours-cache, ours-jersey, resteasy-gzip, jersey-gzip or undertow-gzip")
    String kind = OURS;
    @Option(names = "--host")
    String host = "127.0.0.1";
    @Option(names = "--testdata")
    Path testdata = Path.of("testdata");

    public static void main(String[] argv) throws Exception {
        BenchServerMain a = Cli.parse(new BenchServerMain(), argv);
        if (a == null) {
            return;
        }
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(a.host))) {
            port = s.getLocalPort();
        }
        AutoCloseable server = switch (a.kind) {
            case OURS -> DemoServer.start(a.host, port, a.testdata)::stop;
            case RESTEASY_GZIP -> Peers.resteasyGzip(a.host, port, a.testdata);
            case JERSEY_GZIP -> Peers.jerseyGzip(a.host, port, a.testdata);
            case UNDERTOW_GZIP -> Peers.undertowGzip(a.host, port, a.testdata);
            case OURS_CACHE -> CacheServer.start(a.host, port, a.testdata);
            case OURS_JERSEY -> Peers.oursOnJersey(a.host, port, a.testdata);
            default -> throw new IllegalArgumentException("unknown server " + a.kind + " (" + KINDS + ", " + OURS_CACHE + ", " + OURS_JERSEY + ")");
        };
        System.out.println(READY + port);
        System.out.flush();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.trim().equals("sample")) {
                    System.out.println(ANSWER + memorySample());
                    System.out.flush();
                }
            }
        } finally {
            server.close();
        }
        System.exit(0);
    }

    /**
     * The soak's memory figures: heap after a full GC, native memory tracking's committed totals (-1 without
     * {@code -XX:NativeMemoryTracking=summary}), direct buffers. In-process, from the {@code DiagnosticCommand}
     * MBean that {@code jcmd} calls: a {@code jcmd} JVM per figure would cost half a second of the measured CPU.
     */
    static String memorySample() {
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        String nmt = "";
        try {
            nmt = String.valueOf(ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
                    new Object[] {new String[] {"summary"}}, new String[] {String[].class.getName()}));
        } catch (Exception e) {
            // NMT off or the MBean missing: the soak reports the series as absent.
        }
        long direct = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(b -> b.getName().equals("direct")).mapToLong(BufferPoolMXBean::getMemoryUsed).findFirst().orElse(0);
        return "heapAfterGc=" + heap + " nmtCommittedKB=" + committedKb(NMT_TOTAL, nmt) + " nmtOtherKB="
                + committedKb(NMT_OTHER, nmt) + " direct=" + direct;
    }

    private static long committedKb(Pattern p, String nmt) {
        Matcher m = p.matcher(nmt);
        return m.find() ? Long.parseLong(m.group(2)) : -1;
    }
}
