package dev.restcompress.bench.proxies;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** utime and stime from a {@code stat} line, and a live process tree's time growing with work done. */
class ProcCpuTest {

    @Test
    void readsFields14And15AfterACommandWithSpacesAndParentheses() {
        String stat = "4242 (nginx: worker (x) y) S 4241 4241 4241 0 -1 4194624 136 0 0 0 1234 567 0 0 20 0 1 0 "
                + "99 10000 200 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0";
        assertArrayEquals(new long[] {1234, 567}, ProcCpu.parseStat(stat));
    }

    @Test
    void thisJvmsTreeTimeGrowsWithWork() {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "Linux /proc only");
        long pid = ProcessHandle.current().pid();
        ThreadMXBean thread = ManagementFactory.getThreadMXBean();
        ProcCpu.Times before = ProcCpu.tree(pid);
        long cpu0 = thread.getCurrentThreadCpuTime();
        long sink = 0;
        // 300 ms of this thread's own CPU time, however long a shared machine takes to give it (bounded: 60 s)
        for (long giveUp = System.nanoTime() + 60_000_000_000L; thread.getCurrentThreadCpuTime() - cpu0 < 300_000_000L
                && System.nanoTime() < giveUp; ) {
            sink += Long.numberOfTrailingZeros(sink + System.nanoTime());
        }
        long spun = thread.getCurrentThreadCpuTime() - cpu0;
        ProcCpu.Times spent = ProcCpu.tree(pid).minus(before);
        // /proc counts in 10 ms ticks: at least the spin less two ticks
        assertTrue(spent.totalNanos() >= spun - 20_000_000L, spun + " ns spun, /proc counted " + spent + " (" + sink + ")");
        assertEquals(ProcCpu.Times.NONE, ProcCpu.tree(Long.MAX_VALUE), "no such process");
    }
}
