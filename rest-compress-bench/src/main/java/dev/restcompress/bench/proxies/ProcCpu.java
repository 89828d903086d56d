package dev.restcompress.bench.proxies;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * User and system CPU time of a process and its descendants, from {@code utime} and {@code stime} of
 * {@code /proc/<pid>/stat} (fields 14 and 15, in clock ticks of {@value #TICKS_PER_SECOND} Hz, Linux's USER_HZ
 * on every architecture the bench runs on). A process that ended between two readings takes its time with it:
 * read the same tree before and after a step. Stateless.
 */
public final class ProcCpu {
    static final long TICKS_PER_SECOND = 100;

    private ProcCpu() {}

    /** CPU time in ns, user and system apart; {@code NONE} where there is no process. */
    public record Times(long userNanos, long systemNanos) {
        public static final Times NONE = new Times(0, 0);

        public long totalNanos() {
            return userNanos + systemNanos;
        }

        public Times minus(Times earlier) {
            return new Times(userNanos - earlier.userNanos, systemNanos - earlier.systemNanos);
        }
    }

    /** The tree of {@code pid} (the process and its descendants now); {@link Times#NONE} if it is gone. */
    public static Times tree(long pid) {
        List<Long> pids = Stream.concat(Stream.of(pid), ProcessHandle.of(pid).stream()
                .flatMap(ProcessHandle::descendants).map(ProcessHandle::pid)).toList();
        long user = 0;
        long system = 0;
        for (long p : pids) {
            long[] t = ticks(p);
            user += t[0];
            system += t[1];
        }
        long ns = 1_000_000_000L / TICKS_PER_SECOND;
        return new Times(user * ns, system * ns);
    }

    /** {@code utime} and {@code stime} of one process in ticks, zeros when it is gone. */
    private static long[] ticks(long pid) {
        try {
            return parseStat(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException | RuntimeException gone) {
            return new long[2];
        }
    }

    /** Fields 14 and 15 of a {@code stat} line; the command (field 2) may hold spaces and parentheses. */
    static long[] parseStat(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        // f[0] is field 3 (state): field n is f[n - 3]
        return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12])};
    }
}
