package dev.restcompress.bench.server;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The memory figures the soak asks a bench server for: heap after a full GC, the JVM's native memory
 * tracking totals and direct buffers, as one line of {@code key=value} pairs.
 *
 * <p>Why in-process and not {@code jcmd}: each {@code jcmd} call starts a JVM (about half a second of
 * CPU on a 2-core machine) and three per sample would disturb the load they measure. The numbers come
 * from the same place: {@code VM.native_memory summary} through the {@code DiagnosticCommand} MBean
 * that {@code jcmd} itself calls. NMT must be on ({@code -XX:NativeMemoryTracking=summary}); without
 * it the NMT fields are -1.
 */
final class MemorySample {
    private static final Pattern NMT_TOTAL = Pattern.compile("Total: reserved=(\\d+)KB, committed=(\\d+)KB");
    private static final Pattern NMT_OTHER = Pattern.compile("-\\s+Other \\(reserved=(\\d+)KB, committed=(\\d+)KB");

    private MemorySample() {
    }

    /** {@code heapAfterGc=<bytes> nmtCommittedKB=<kb> nmtOtherKB=<kb> direct=<bytes>}. */
    static String take() {
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
