package dev.restcompress.bench.soak;

import dev.restcompress.demo.DemoServer;
import jakarta.ws.rs.SeBootstrap;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The demo server as the soak's child JVM. Starts {@link DemoServer#start}, prints
 * {@code READY <port>}, then answers one command on standard input: {@code sample} runs a full GC
 * and prints one {@code SAMPLE} line with the heap used after it and the JVM's native memory
 * tracking totals. End of standard input stops the server, so a killed soak never leaves it behind.
 *
 * <p>Why in-process and not {@code jcmd}: each {@code jcmd} call starts a JVM (about half a second
 * of CPU on this 2-core machine) and three per sample would disturb the load they measure. The
 * numbers come from the same place: {@code VM.native_memory summary} through the
 * {@code DiagnosticCommand} MBean that {@code jcmd} itself calls. NMT must be on
 * ({@code -XX:NativeMemoryTracking=summary}); without it the NMT fields are -1.
 *
 * <p>Arguments: {@code --host H --port N --testdata DIR} (port 0: a free port).
 */
public final class SoakServerMain {
    static final String READY = "READY ";
    static final String SAMPLE = "SAMPLE ";
    private static final Pattern NMT_TOTAL = Pattern.compile("Total: reserved=(\\d+)KB, committed=(\\d+)KB");
    private static final Pattern NMT_OTHER = Pattern.compile("-\\s+Other \\(reserved=(\\d+)KB, committed=(\\d+)KB");

    private SoakServerMain() {
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
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(host))) {
                port = s.getLocalPort();
            }
        }
        SeBootstrap.Instance instance = DemoServer.start(host, port, testdata);
        System.out.println(READY + port);
        System.out.flush();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.trim().equals("sample")) {
                    System.out.println(SAMPLE + sample());
                    System.out.flush();
                }
            }
        } finally {
            instance.stop();
        }
        System.exit(0);
    }

    /** {@code heapAfterGc=<bytes> nmtCommittedKB=<kb> nmtOtherKB=<kb> direct=<bytes>}. */
    private static String sample() {
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        long nmtTotal = -1;
        long nmtOther = -1;
        try {
            MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
            String nmt = (String) mbs.invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "vmNativeMemory", new Object[] {new String[] {"summary"}},
                    new String[] {String[].class.getName()});
            Matcher m = NMT_TOTAL.matcher(nmt);
            if (m.find()) {
                nmtTotal = Long.parseLong(m.group(2));
            }
            m = NMT_OTHER.matcher(nmt);
            if (m.find()) {
                nmtOther = Long.parseLong(m.group(2));
            }
        } catch (Exception e) {
            // NMT off or the MBean missing: the soak reports the series as absent.
        }
        long direct = 0;
        for (BufferPoolMXBean b : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
            if (b.getName().equals("direct")) {
                direct = b.getMemoryUsed();
            }
        }
        return "heapAfterGc=" + heap + " nmtCommittedKB=" + nmtTotal + " nmtOtherKB=" + nmtOther + " direct=" + direct;
    }
}
