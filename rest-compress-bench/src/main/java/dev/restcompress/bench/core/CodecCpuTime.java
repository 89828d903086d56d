package dev.restcompress.bench.core;

import dev.restcompress.codec.Codec;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** A codec's own CPU time on one body, in the calling thread: what the HTTP suites set the served path against. */
public final class CodecCpuTime {
    private CodecCpuTime() {}

    /** CPU ns of this thread per {@code codec.compress} of {@code body}, over {@code seconds} after 1 s of warm-up. */
    public static double nanosPerBody(Codec codec, byte[] body, double seconds) {
        return nanosPerBody(codec, body, 1, seconds);
    }

    /** As {@link #nanosPerBody(Codec, byte[], double)} with {@code warmUpSeconds} of warm-up. */
    public static double nanosPerBody(Codec codec, byte[] body, double warmUpSeconds, double seconds) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        byte[] out = new byte[codec.maxCompressedLength(body.length)];
        long sink = 0;
        for (long warmEnd = System.nanoTime() + (long) (warmUpSeconds * 1e9); System.nanoTime() < warmEnd; ) {
            sink += codec.compress(body, 0, body.length, out, 0);
        }
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long cpu0 = threads.getCurrentThreadCpuTime();
        long calls = 0;
        do {
            sink += codec.compress(body, 0, body.length, out, 0);
            calls++;
        } while (System.nanoTime() < end && calls < 10_000_000);
        long cpu = threads.getCurrentThreadCpuTime() - cpu0;
        if (sink == 42) { // keeps the results live
            System.out.print("");
        }
        return (double) cpu / calls;
    }
}
